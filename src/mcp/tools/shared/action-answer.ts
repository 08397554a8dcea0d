/**
 * How every tool that acts in the course reports what the course did (issue 22): defaults left out
 * (action-defaults.ts), a long value repeated said once (say-once.ts), and each long value shown
 * as a preview with where to read it whole. Clicks, fills, pointer input and slide jumps share it, so an
 * agent reads one shape.
 */
import { leaveOutDefaults } from './action-defaults.js';
import { sayRepeatsOnce } from '../../../output/say-once.js';
import { previewLongValues } from '../../../output/preview-long-values.js';
import { PREVIEW_CHARS } from '../../../output/answer-budget.js';

/** `data` (an answer with `changes`) as an action's answer shows it. */
export function actionAnswer<T extends object>(data: T): T {
  return withPreviews(sayRepeatsOnce(leaveOutDefaults(data)));
}

/** The action's long course values as previews, and where to read them whole when any was cut. */
function withPreviews<T extends object>(data: T): T {
  const { value, cut } = previewLongValues(data);
  const changes = (value as { changes?: unknown }).changes;
  if (cut === 0 || !changes || typeof changes !== 'object') return value;
  return { ...value, changes: { ...changes, long_values: LONG_VALUES_NOTE } };
}

const LONG_VALUES_NOTE = `Values over ${PREVIEW_CHARS} characters are previews ($type "string"); scorm_debug_api_calls with detail "full" shows each whole by its index.`;
