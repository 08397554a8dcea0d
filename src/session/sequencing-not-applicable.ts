/** The answer of a navigation tool when sequencing does not apply to the course, or has not started. */
import type { ScormManifest } from '../manifest/index.js';
import { SessionNavigator } from './navigation/navigator.js';
import type { NotApplicable } from './navigation/types.js';

/** Why navigation does not apply now, or null when the navigator runs. */
export function sequencingNotApplicable(
  navigatorRuns: boolean,
  manifest: ScormManifest,
): NotApplicable | null {
  if (navigatorRuns) return null;
  if (!SessionNavigator.applies(manifest)) {
    return {
      success: false,
      applicable: false,
      sn_available: false,
      not_applicable: {
        code: 'SINGLE_SCO',
        message: 'One SCO (or SCORM 1.2 with one item): nothing to sequence; the runtime tools drive it.',
      },
    };
  }
  return {
    success: false,
    applicable: false,
    sn_available: false,
    not_applicable: {
      code: 'SN_NOT_INITIALIZED',
      // Named for any way the session was opened (scorm_open_course, scorm_runtime_open, or none yet).
      message:
        'Sequencing is not running for this session. Call scorm_sn_init on it first: it starts sequencing on the course already open (or opens it).',
    },
  };
}
