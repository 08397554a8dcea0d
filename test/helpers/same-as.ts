/** Reads an answer whose repeated long values are said once (src/output/say-once.ts), as an agent would. */

/** The value at a path such as `changes.api_calls[2].args[1]` or `data_model["cmi.suspend_data"]`. */
export function valueAt(root: unknown, path: string): unknown {
  let node = root;
  for (const [, name, index, quoted] of path.matchAll(
    /([A-Za-z_$][\w$]*)|\[(\d+)\]|\[("(?:[^"\\]|\\.)*")\]/g,
  )) {
    const key = name ?? (index !== undefined ? Number(index) : (JSON.parse(quoted!) as string));
    node = (node as Record<string | number, unknown>)[key];
  }
  return node;
}

/** The answer with every `{ $same_as }` replaced by the value it names: what the course really passed. */
export function resolveSameAs(root: unknown): unknown {
  const walk = (node: unknown): unknown => {
    if (Array.isArray(node)) return node.map(walk);
    if (node === null || typeof node !== 'object') return node;
    const ref = (node as { $same_as?: unknown }).$same_as;
    if (typeof ref === 'string' && Object.keys(node).length === 1) return valueAt(root, ref);
    return Object.fromEntries(Object.entries(node).map(([k, v]) => [k, walk(v)]));
  };
  return walk(root);
}

/** How many times `text` occurs in the answer as the client received it. */
export function occurrences(answer: unknown, text: string): number {
  return JSON.stringify(answer).split(text).length - 1;
}
