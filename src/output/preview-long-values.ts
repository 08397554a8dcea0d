/**
 * Long course values as previews (issue 22). A course that saves a long cmi.suspend_data on every click
 * would put each new version of it whole in the click's answer; an agent acting on the page rarely reads
 * them. In an action's answer, each course value longer than PREVIEW_CHARS becomes the long-string marker
 * `{ $type: "string", length, head, truncated }` that the listings use (answer-budget's viewRecorded); the
 * whole value stays in the runtime's record, where scorm_debug_api_calls with detail "full" reads it.
 */
import { PREVIEW, PREVIEW_CHARS, viewRecorded } from './answer-budget.js';
import { VALUE_KEYS } from './say-once.js';
import type { RecordedValue } from '../runtime/records.js';

/** `value` with every long string in its course-value fields shown as a preview, and how many were cut. */
export function previewLongValues<T>(value: T): { value: T; cut: number } {
  let cut = 0;
  const walk = (node: unknown, inValue: boolean): unknown => {
    if (typeof node === 'string') {
      if (!inValue || node.length <= PREVIEW_CHARS) return node;
      cut++;
      return viewRecorded(node, PREVIEW);
    }
    if (Array.isArray(node)) return node.map((item) => walk(item, inValue));
    if (node === null || typeof node !== 'object') return node;
    // The record's own marker (a value past its cap, or one JSON cannot carry) is cut the same way.
    if (inValue && '$type' in node) {
      const shown = viewRecorded(node as RecordedValue, PREVIEW);
      if (JSON.stringify(shown) !== JSON.stringify(node)) cut++;
      return shown;
    }
    const out: Record<string, unknown> = {};
    for (const [key, item] of Object.entries(node)) out[key] = walk(item, inValue || VALUE_KEYS.has(key));
    return out;
  };
  return { value: walk(value, false) as T, cut };
}
