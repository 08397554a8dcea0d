/**
 * scorm_data_model_get within the answer budget. A course decides how many interactions and objectives it
 * records and how long their values are (suspend_data alone can be 64,000 characters), so the values are
 * shown a page at a time, a value longer than DEFAULT_VALUE_CHARS as the long-string marker with its
 * head (unless `detail: "full"`), and the names of unset elements of a
 * collection are said once with their indices ("cmi.interactions.[0-249].latency").
 */
import type { RecordedValue } from '../runtime/records.js';
import { ANSWER_BUDGET_BYTES, pageWithinBudget, viewRecorded, type StringView } from './answer-budget.js';

/** Characters of a value shown by default: every SCORM element but suspend_data fits (SPM 4,000 at most). */
export const DEFAULT_VALUE_CHARS = 4_000;
/** `detail: "full"`: values as the record keeps them (MAX_RECORDED_STRING of src/runtime/player/wire.ts). */
const FULL: StringView = { max: 65_536, offset: 0 };

/** The values' share of the budget; the rest is for unset names, errors and metadata. */
const VALUES_BUDGET_BYTES = Math.floor(ANSWER_BUDGET_BYTES * 0.6);

export interface DataModelPage {
  data: Record<string, RecordedValue>;
  next_cursor: string | null;
  remaining: number;
}

/** The values from `cursor` on, each through the preview (or `detail: "full"`), within their budget. */
export function dataModelPage(
  values: Readonly<Record<string, string>>,
  options: { cursor?: string | undefined; detail?: 'preview' | 'full' | undefined },
): DataModelPage {
  const view: StringView = options.detail === 'full' ? FULL : { max: DEFAULT_VALUE_CHARS, offset: 0 };
  const page = pageWithinBudget(Object.entries(values), {
    ...(options.cursor !== undefined ? { cursor: options.cursor } : {}),
    limit: Number.MAX_SAFE_INTEGER,
    budgetBytes: VALUES_BUDGET_BYTES,
    view: ([name, value]) => [name, viewRecorded(value, view)] as const,
  });
  return { data: Object.fromEntries(page.items), next_cursor: page.next_cursor, remaining: page.remaining };
}

/**
 * Element names with one index each, said once per shape: "cmi.interactions.3.latency" and its siblings
 * become "cmi.interactions.[0-2,3,5-9].latency" (ranges of the indices that are there). Names with no
 * index, or with more than one, stay as they are.
 */
export function compactElementNames(names: readonly string[]): string[] {
  const groups = new Map<string, number[]>();
  const out: Array<string | { key: string }> = [];
  for (const name of names) {
    const parts = name.split('.');
    const numeric = parts.flatMap((p, i) => (/^\d+$/.test(p) ? [i] : []));
    if (numeric.length !== 1) {
      out.push(name);
      continue;
    }
    const at = numeric[0]!;
    const key = [...parts.slice(0, at), '#', ...parts.slice(at + 1)].join('.');
    const indices = groups.get(key);
    if (indices) indices.push(Number(parts[at]));
    else {
      groups.set(key, [Number(parts[at])]);
      out.push({ key });
    }
  }
  return out.map((entry) => {
    if (typeof entry === 'string') return entry;
    const indices = groups.get(entry.key)!;
    if (indices.length === 1) return entry.key.replace('#', String(indices[0]));
    return entry.key.replace('#', `[${ranges(indices)}]`);
  });
}

function ranges(indices: number[]): string {
  const sorted = [...new Set(indices)].sort((a, b) => a - b);
  const parts: string[] = [];
  for (let i = 0; i < sorted.length; i++) {
    const start = sorted[i]!;
    while (i + 1 < sorted.length && sorted[i + 1] === sorted[i]! + 1) i++;
    parts.push(start === sorted[i] ? String(start) : `${start}-${sorted[i]}`);
  }
  return parts.join(',');
}
