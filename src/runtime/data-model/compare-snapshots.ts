/** Diff of two data-model snapshots for scorm_compare_data_model_snapshots. */
import { fail } from '../../core/errors.js';
import { compareElements } from './element-path.js';

export interface SnapshotDiff {
  summary: { total_elements: number; added: number; changed: number; unchanged: number; removed: number };
  added: Array<{ element: string; value: unknown }>;
  changed: Array<{ element: string; before: unknown; after: unknown }>;
  unchanged: Array<{ element: string; value: unknown }>;
  removed: Array<{ element: string; value: unknown }>;
}

function isPlainObject(v: unknown): v is Record<string, unknown> {
  return v !== null && typeof v === 'object' && !Array.isArray(v);
}

/**
 * A snapshot as dotted names -> values. Accepts the flat form scorm_data_model_get returns
 * (`{"cmi.location": "p2"}`), nested objects (`{cmi: {location: "p2"}}`; arrays count as indexed
 * collections) or a whole scorm_data_model_get result (its `data` is used).
 */
export function flattenSnapshot(input: unknown, label = 'snapshot'): Map<string, unknown> {
  if (!isPlainObject(input)) {
    fail(
      'INVALID_ARGUMENT',
      `${label} must be an object of element names to values (got ${describe(input)}).`,
    );
  }
  const keys = Object.keys(input);
  const source =
    isPlainObject(input.data) &&
    keys.includes('element_count') &&
    !keys.some((k) => /^(cmi|adl)(\.|$)/.test(k))
      ? input.data
      : input;
  const out = new Map<string, unknown>();
  const walk = (value: unknown, path: string): void => {
    const nested = Array.isArray(value)
      ? value.map((v, i) => [String(i), v] as const)
      : isPlainObject(value)
        ? Object.entries(value)
        : null;
    if (nested && nested.length > 0) {
      for (const [k, v] of nested) walk(v, path ? `${path}.${k}` : k);
    } else if (path) {
      out.set(path, value);
    }
  };
  walk(source, '');
  return out;
}

function describe(v: unknown): string {
  if (v === null) return 'null';
  return Array.isArray(v) ? 'an array' : typeof v;
}

function same(a: unknown, b: unknown): boolean {
  if (Object.is(a, b)) return true;
  // Empty objects/arrays are leaves; compare them by shape.
  return typeof a === 'object' && typeof b === 'object' && JSON.stringify(a) === JSON.stringify(b);
}

export function compareSnapshots(before: unknown, after: unknown): SnapshotDiff {
  const a = flattenSnapshot(before, 'before');
  const b = flattenSnapshot(after, 'after');
  const names = [...new Set([...a.keys(), ...b.keys()])].sort(compareElements);
  const diff: SnapshotDiff = {
    summary: { total_elements: names.length, added: 0, changed: 0, unchanged: 0, removed: 0 },
    added: [],
    changed: [],
    unchanged: [],
    removed: [],
  };
  for (const element of names) {
    const inA = a.has(element);
    const inB = b.has(element);
    if (!inA) diff.added.push({ element, value: b.get(element) });
    else if (!inB) diff.removed.push({ element, value: a.get(element) });
    else if (same(a.get(element), b.get(element))) diff.unchanged.push({ element, value: b.get(element) });
    else diff.changed.push({ element, before: a.get(element), after: b.get(element) });
  }
  diff.summary.added = diff.added.length;
  diff.summary.changed = diff.changed.length;
  diff.summary.unchanged = diff.unchanged.length;
  diff.summary.removed = diff.removed.length;
  return diff;
}
