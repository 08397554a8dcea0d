/**
 * Walking a JSON Schema by its sub-schemas only: `properties`/`$defs`/`patternProperties` are maps from
 * names to schemas (a property called "description" is no annotation), and `enum`, `const` and
 * `default` hold data, never rewritten.
 */
export type Json = unknown;
export type Schema = Record<string, Json>;

const DATA_KEYS = new Set(['enum', 'const', 'default']);
const MAP_KEYS = new Set(['properties', '$defs', 'patternProperties']);

/** The schema with each child schema replaced by `f(child)`. */
export function mapChildren(node: Schema, f: (child: Json) => Json): Schema {
  const out: Schema = {};
  for (const [key, value] of Object.entries(node)) {
    if (DATA_KEYS.has(key)) out[key] = value;
    else if (MAP_KEYS.has(key) && isSchema(value))
      out[key] = Object.fromEntries(Object.entries(value).map(([name, s]) => [name, f(s)]));
    else if (Array.isArray(value)) out[key] = value.map((v) => (isSchema(v) ? f(v) : v));
    else out[key] = isSchema(value) ? f(value) : value;
  }
  return out;
}

export function isSchema(value: Json): value is Schema {
  return !!value && typeof value === 'object' && !Array.isArray(value);
}
