import type { AnyNode, Expression, SpreadElement } from 'acorn';

/** Marks a part of a built string whose value is unknown (e.g. the `i` in 'cmi.interactions.' + i). */
export const HOLE = '\u0000';

type Constants = ReadonlyMap<string, Expression | undefined>;

/** Operands of a left-nested `a + b + c` chain, gathered without recursion. */
export function plusOperands(node: AnyNode): AnyNode[] {
  const right: AnyNode[] = [];
  let cur = node;
  while (cur.type === 'BinaryExpression' && cur.operator === '+' && right.length < 100_000) {
    right.push(cur.right as AnyNode);
    cur = cur.left as AnyNode;
  }
  return [cur, ...right.reverse()];
}

/** `F.score` where `var F = { score: 'cmi.core.score.raw' }` is never written to: the entry's value. */
function mapEntry(node: AnyNode, constants: Constants): AnyNode | undefined {
  const keys: string[] = [];
  let cur = node;
  while (cur.type === 'MemberExpression' && keys.length < 4) {
    if (cur.computed || cur.property.type !== 'Identifier') {
      if (cur.property.type !== 'Literal' || typeof cur.property.value !== 'string') return undefined;
      keys.push(cur.property.value);
    } else keys.push(cur.property.name);
    cur = cur.object as AnyNode;
  }
  if (cur.type !== 'Identifier') return undefined;
  return objectEntry(constants.get(cur.name) as AnyNode | undefined, keys.reverse());
}

/** The value at `keys` in an object literal (the value itself without keys); the last of repeated keys wins. */
export function objectEntry(value: AnyNode | undefined, keys: readonly string[]): AnyNode | undefined {
  let cur = value;
  for (const key of keys) {
    if (cur?.type !== 'ObjectExpression') return undefined;
    const prop = [...cur.properties]
      .reverse()
      .find(
        (p) =>
          p.type === 'Property' &&
          !p.computed &&
          ((p.key.type === 'Identifier' && p.key.name === key) ||
            (p.key.type === 'Literal' && p.key.value === key)),
      );
    cur = prop?.type === 'Property' ? (prop.value as AnyNode) : undefined;
  }
  return cur;
}

function primitive(node: AnyNode, constants: Constants, depth: number): string | undefined {
  switch (node.type) {
    case 'Literal':
      if (
        typeof node.value === 'string' ||
        typeof node.value === 'number' ||
        typeof node.value === 'boolean'
      ) {
        return String(node.value);
      }
      return undefined;
    case 'UnaryExpression':
      if (
        node.operator === '-' &&
        node.argument.type === 'Literal' &&
        typeof node.argument.value === 'number'
      ) {
        return String(-node.argument.value);
      }
      return undefined;
    case 'TemplateLiteral':
      return node.expressions.length === 0 ? (node.quasis[0]?.value.cooked ?? undefined) : undefined;
    case 'Identifier': {
      const init = depth < 4 ? constants.get(node.name) : undefined;
      return init ? primitive(init as AnyNode, constants, depth + 1) : undefined;
    }
    case 'MemberExpression': {
      const entry = depth < 4 ? mapEntry(node, constants) : undefined;
      return entry ? primitive(entry, constants, depth + 1) : undefined;
    }
    default:
      return undefined;
  }
}

/** The exact string a SetValue/GetValue argument evaluates to, when the source makes it certain. */
export function resolveString(
  node: Expression | SpreadElement | undefined,
  constants: Constants,
): string | undefined {
  if (!node) return undefined;
  const n = node as AnyNode;
  if (n.type === 'BinaryExpression' && n.operator === '+') {
    const parts = plusOperands(n).map((p) => primitive(p, constants, 0));
    return parts.every((p) => p !== undefined) ? parts.join('') : undefined;
  }
  return primitive(n, constants, 0);
}

/**
 * Like resolveString, but unknown parts become HOLE: `'cmi.interactions.' + i + '.id'` ->
 * `cmi.interactions.\0.id`. Undefined when nothing is known.
 */
export function resolveShape(
  node: Expression | SpreadElement | undefined,
  constants: Constants,
): string | undefined {
  if (!node) return undefined;
  const n = node as AnyNode;
  let parts: (string | undefined)[];
  if (n.type === 'BinaryExpression' && n.operator === '+') {
    parts = plusOperands(n).map((p) => primitive(p, constants, 0));
  } else if (n.type === 'TemplateLiteral') {
    parts = [];
    n.quasis.forEach((q, i) => {
      parts.push(q.value.cooked ?? undefined);
      if (i < n.expressions.length) parts.push(primitive(n.expressions[i] as AnyNode, constants, 0));
    });
  } else {
    parts = [primitive(n, constants, 0)];
  }
  if (parts.every((p) => p === undefined)) return undefined;
  return parts.map((p) => p ?? HOLE).join('');
}

/** Concrete lookup name for a shape with holes: holes must be whole index segments. */
export function lookupName(shape: string): string | undefined {
  if (!shape.includes(HOLE)) return shape;
  const segments = shape.split('.');
  if (segments.some((s) => s.includes(HOLE) && s !== HOLE)) return undefined;
  return segments.map((s) => (s === HOLE ? '0' : s)).join('.');
}

/** The data model name a GetValue/SetValue argument names, as far as the source makes it certain. */
export function elementName(
  node: Expression | SpreadElement | undefined,
  constants: Constants,
): { exact: string | undefined; name: string | undefined } {
  const exact = resolveString(node, constants);
  const shape = exact ?? resolveShape(node, constants);
  return { exact, name: shape === undefined ? undefined : lookupName(shape) };
}
