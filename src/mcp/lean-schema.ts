/**
 * Removes what zod's JSON Schema carries that tells a model nothing, so tools/list stays small:
 * `additionalProperties: false`, string lengths (`minLength: 1` on ids and selectors, `maxLength` caps
 * against hostile input), a record's `propertyNames: {type: string}` and `additionalProperties: {}` (what
 * JSON objects are anyway), and the safe-integer bounds `.int()` adds. The listed schema only gets
 * looser: every call is still checked against the full zod schema, and unknown keys or an over-long
 * string give MCP_INVALID_PARAMS naming the field (SERVER_INSTRUCTIONS says so once). Numeric ranges,
 * item counts, enums and required fields stay.
 */
type Json = unknown;

export function leanJsonSchema<T extends Json>(schema: T): T {
  return lean(schema) as T;
}

function lean(node: Json): Json {
  if (Array.isArray(node)) return node.map(lean);
  if (!node || typeof node !== 'object') return node;
  const out: Record<string, Json> = {};
  for (const [key, value] of Object.entries(node)) {
    if (isNoise(key, value)) continue;
    if (key === 'properties' || key === '$defs') out[key] = leanEach(value);
    // enum, const and default hold data, not schema: kept as they are.
    else out[key] = key === 'enum' || key === 'const' || key === 'default' ? value : lean(value);
  }
  return out;
}

/** A map from names (a property called "maximum" is no bound) to schemas. */
function leanEach(map: Json): Json {
  if (!map || typeof map !== 'object' || Array.isArray(map)) return map;
  return Object.fromEntries(Object.entries(map).map(([name, schema]) => [name, lean(schema)]));
}

function isNoise(key: string, value: Json): boolean {
  switch (key) {
    case 'additionalProperties':
      return value === false || isEmptyObject(value);
    case 'minLength':
    case 'maxLength':
      return typeof value === 'number';
    case 'propertyNames':
      return isPlainStringType(value);
    case 'maximum':
      return value === Number.MAX_SAFE_INTEGER;
    case 'minimum':
      return value === Number.MIN_SAFE_INTEGER;
    default:
      return false;
  }
}

function isEmptyObject(value: Json): boolean {
  return !!value && typeof value === 'object' && !Array.isArray(value) && Object.keys(value).length === 0;
}

function isPlainStringType(value: Json): boolean {
  return (
    !!value &&
    typeof value === 'object' &&
    Object.keys(value).length === 1 &&
    (value as Record<string, unknown>).type === 'string'
  );
}
