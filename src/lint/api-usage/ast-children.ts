import type { AnyNode } from 'acorn';

/**
 * The fields of a syntax node that may hold child nodes, by node type, learnt from the first node of each
 * type. acorn gives every node of a type the same fields in the same order (only a Literal's `regex` and
 * `bigint` and a directive's `directive` come and go, and none of them holds a node), so a walk reads
 * these fields instead of enumerating each node's own: with millions of nodes of many shapes in a
 * megabyte bundle, enumerating them was most of the walk's cost. The order is acorn's, as enumeration
 * gave it, so walks visit nodes in the same order as before.
 */
const FIELDS = new Map<string, readonly string[]>();
/** Fields that never hold a node. */
const NOT_CHILDREN = new Set(['type', 'start', 'end', 'loc', 'range', 'raw']);

export function childFields(node: AnyNode): readonly string[] {
  let fields = FIELDS.get(node.type);
  if (fields === undefined) {
    fields = Object.keys(node).filter((key) => !NOT_CHILDREN.has(key));
    FIELDS.set(node.type, fields);
  }
  return fields;
}

/** Pushes the node's children onto a walk's stack, in field order (so they are popped in reverse). */
export function pushChildNodes(node: AnyNode, stack: unknown[]): void {
  const record = node as unknown as Record<string, unknown>;
  for (const key of childFields(node)) {
    const value = record[key];
    if (value === null || typeof value !== 'object') continue;
    if (Array.isArray(value)) {
      for (const item of value as ({ type?: unknown } | null)[]) {
        if (item && typeof item.type === 'string') stack.push(item);
      }
    } else if (typeof (value as { type?: unknown }).type === 'string') {
      stack.push(value);
    }
  }
}
