/** A JSON Schema node as a short type for a reference table: `"a" | "b"`, `string[]`, `integer 1..500`. */
export type JsonSchema = Record<string, unknown>;

export function describeSchemaType(node: JsonSchema, root: JsonSchema, depth = 0): string {
  if (depth > 4) return 'object';
  const ref = typeof node.$ref === 'string' ? resolveRef(node.$ref, root) : undefined;
  if (ref) return describeSchemaType(ref, root, depth + 1);
  if (Array.isArray(node.enum)) return node.enum.map((v) => JSON.stringify(v)).join(' | ');
  if ('const' in node) return JSON.stringify(node.const);
  const variants = (node.anyOf ?? node.oneOf) as JsonSchema[] | undefined;
  if (Array.isArray(variants)) {
    return [...new Set(variants.map((v) => describeSchemaType(v, root, depth + 1)))].join(' | ');
  }
  const types = Array.isArray(node.type) ? (node.type as string[]) : node.type ? [node.type as string] : [];
  if (types.length === 0) return 'any';
  return types.map((t) => describeOne(t, node, root, depth)).join(' | ');
}

function describeOne(type: string, node: JsonSchema, root: JsonSchema, depth: number): string {
  if (type === 'array') {
    const items = node.items as JsonSchema | undefined;
    const inner = items ? describeSchemaType(items, root, depth + 1) : 'any';
    const count = range(node.minItems, node.maxItems, ' items');
    return `${/[ |]/.test(inner) ? `(${inner})` : inner}[]${count}`;
  }
  if (type === 'number' || type === 'integer') return `${type}${bounds(node)}`;
  if (type === 'object' && node.properties && typeof node.properties === 'object') {
    const names = Object.keys(node.properties);
    return names.length <= 6 ? `{ ${names.join(', ')} }` : `{ ${names.slice(0, 6).join(', ')}, … }`;
  }
  const values = node.additionalProperties;
  if (type === 'object' && values && typeof values === 'object' && Object.keys(values).length > 0) {
    return `{ [key]: ${describeSchemaType(values as JsonSchema, root, depth + 1)} }`;
  }
  return type;
}

function range(min: unknown, max: unknown, unit: string): string {
  const lo = typeof min === 'number' ? min : undefined;
  const hi = typeof max === 'number' ? max : undefined;
  if (lo === undefined && hi === undefined) return '';
  if (lo !== undefined && hi !== undefined) return ` ${lo}..${hi}${unit}`;
  return lo !== undefined ? ` ≥ ${lo}${unit}` : ` ≤ ${hi}${unit}`;
}

/** A number's bounds: ` 1..500`, ` > 0`, ` ≤ 10000`, ` > 0, ≤ 10000`. */
function bounds(node: JsonSchema): string {
  const min = typeof node.minimum === 'number' ? node.minimum : undefined;
  const max = typeof node.maximum === 'number' ? node.maximum : undefined;
  const above = typeof node.exclusiveMinimum === 'number' ? node.exclusiveMinimum : undefined;
  const below = typeof node.exclusiveMaximum === 'number' ? node.exclusiveMaximum : undefined;
  if (min !== undefined && max !== undefined) return ` ${min}..${max}`;
  const parts = [
    min !== undefined ? `≥ ${min}` : above !== undefined ? `> ${above}` : '',
    max !== undefined ? `≤ ${max}` : below !== undefined ? `< ${below}` : '',
  ].filter(Boolean);
  return parts.length ? ` ${parts.join(', ')}` : '';
}

/** `#/$defs/Name` (zod's shared definitions) in the same document. */
function resolveRef(ref: string, root: JsonSchema): JsonSchema | undefined {
  if (!ref.startsWith('#/')) return undefined;
  let node: unknown = root;
  for (const part of ref.slice(2).split('/')) {
    if (!node || typeof node !== 'object') return undefined;
    node = (node as Record<string, unknown>)[part];
  }
  return node && typeof node === 'object' ? (node as JsonSchema) : undefined;
}
