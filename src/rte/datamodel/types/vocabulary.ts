import { quote, reject, type ValueType } from '../value-type.js';

/**
 * A closed vocabulary (state type). `id` is the spec's type name, e.g. `CMIVocabulary (Status)`;
 * `notes` explain why specific out-of-vocabulary values are refused.
 */
export function vocabulary(
  id: string,
  values: readonly string[],
  notes: Record<string, string> = {},
): ValueType {
  const allowed = new Set(values);
  const list = values.map((v) => JSON.stringify(v)).join(', ');
  return {
    id,
    expected: `one of ${list}`,
    check(value) {
      if (allowed.has(value)) return undefined;
      const note = Object.hasOwn(notes, value) ? notes[value] : undefined;
      if (note !== undefined) return reject('vocabulary', `${quote(value)} is refused: ${note}`);
      const near = values.find((v) => v.toLowerCase() === value.trim().toLowerCase());
      const hint =
        near !== undefined ? ` (did you mean ${JSON.stringify(near)}? values are case-sensitive)` : '';
      return reject('vocabulary', `${quote(value)} is not in the vocabulary${hint}`);
    },
  };
}
