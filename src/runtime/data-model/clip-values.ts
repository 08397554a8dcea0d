/**
 * Data-model values as a tool returns them. A course may store far more than an element's SPM (the
 * engine keeps it whole, and the saved state too), but MCP clients read at most 10 MB per message:
 * a string longer than MAX_RECORDED_STRING comes back as the record shows it, its head and length.
 */
import { MAX_RECORDED_STRING } from '../player/wire.js';
import type { RecordedValue } from '../records.js';

export function clipLongValues(values: Readonly<Record<string, string>>): Record<string, RecordedValue> {
  const out: Record<string, RecordedValue> = {};
  for (const [name, value] of Object.entries(values)) {
    out[name] =
      value.length > MAX_RECORDED_STRING
        ? {
            $type: 'string',
            length: value.length,
            head: value.slice(0, MAX_RECORDED_STRING),
            truncated: true,
          }
        : value;
  }
  return out;
}
