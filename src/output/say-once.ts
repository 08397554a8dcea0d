/**
 * Repeated values said once (issue 22). A course that saves a long cmi.suspend_data on every click would
 * show the same string in an action's API call, the data-model change it made, and the next change's
 * `from`: each copy paid for again in the model's context. In the course-value fields of an answer
 * (VALUE_KEYS), the first copy of a string longer than SAY_ONCE_MIN_CHARS stays where it is; each
 * later copy becomes `{ "$same_as": "<path of the first>" }`, a path from the answer's root such as
 * `changes.api_calls[2].args[1]`. References point only within the same answer, always backwards.
 */
export const SAY_ONCE_MIN_CHARS = 200;

export interface SameAs {
  $same_as: string;
}

/** The fields whose strings are the course's values (API arguments and results, data-model values). */
export const VALUE_KEYS = new Set([
  'args',
  'result',
  'from',
  'to',
  'previous_value',
  'new_value',
  'data_model',
]);

/** `value` with every repeated long course value after the first replaced by a reference to it. */
export function sayRepeatsOnce<T>(value: T, minChars = SAY_ONCE_MIN_CHARS): T {
  const first = new Map<string, string>();
  const walk = (node: unknown, path: string, inValue: boolean): unknown => {
    if (typeof node === 'string') {
      if (!inValue || node.length <= minChars) return node;
      const seen = first.get(node);
      if (seen !== undefined) return { $same_as: seen } satisfies SameAs;
      first.set(node, path);
      return node;
    }
    if (Array.isArray(node)) return node.map((item, i) => walk(item, `${path}[${i}]`, inValue));
    if (node === null || typeof node !== 'object') return node;
    const out: Record<string, unknown> = {};
    for (const [key, item] of Object.entries(node)) {
      out[key] = walk(item, memberPath(path, key), inValue || VALUE_KEYS.has(key));
    }
    return out;
  };
  return walk(value, '', false) as T;
}

/** `a.b` for a plain key, `a["cmi.suspend_data"]` for any other (a data-model element name). */
function memberPath(path: string, key: string): string {
  if (!/^[A-Za-z_$][\w$]*$/.test(key)) return `${path}[${JSON.stringify(key)}]`;
  return path === '' ? key : `${path}.${key}`;
}
