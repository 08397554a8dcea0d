/**
 * How the navigation tools reach a session's navigator, and the answer when navigation does not apply
 * (the specification: success with applicable/sn_available false, never an error).
 */
import type { Session } from '../../../session/session.js';
import { SessionNavigator } from '../../../session/navigation/navigator.js';
import type { NotApplicable, SnInitResult } from '../../../session/navigation/types.js';
import type { TraceLevel } from '../../../sequencing/index.js';

/** The session's navigator, or null before scorm_sn_init. */
export function navigatorOf(session: Session): SessionNavigator | null {
  return (session as unknown as { navigator?: SessionNavigator | null }).navigator ?? null;
}

/** Why a navigation tool has nothing to do in this session. */
export function notApplicable(session: Session): NotApplicable & { success: false } {
  const single = !SessionNavigator.applies(session.parsed.manifest);
  return {
    success: false,
    applicable: false,
    sn_available: false,
    reason: single ? 'SINGLE_SCO' : 'SN_NOT_INITIALIZED',
    message: single
      ? 'This course has a single SCO: there is nothing to sequence.'
      : 'Sequencing is not initialized in this session: call scorm_sn_init first.',
  };
}

export interface NavigatorInit {
  navigator: SessionNavigator;
  result: SnInitResult;
}

/** scorm_sn_init for this session: builds the navigator and delivers the first activity. */
export async function initNavigator(
  session: Session,
  options: { fresh?: boolean; traceLevel?: TraceLevel },
): Promise<NavigatorInit> {
  const s = session as unknown as { initNavigation(o: typeof options): Promise<NavigatorInit> };
  return s.initNavigation(options);
}
