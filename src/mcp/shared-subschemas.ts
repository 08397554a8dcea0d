/**
 * Output schemas repeat themselves: the same finding, location or call shape appears under several
 * fields of one result. tools/list pays for each copy, so a sub-schema that occurs more than once in a
 * tool's schema is listed once under `$defs` and referred to with `$ref` (JSON Schema 2020-12, which the
 * SDK client compiles with ajv). Validation is unchanged: a `$ref` accepts exactly what its target does.
 * Only schema positions are rewritten; `properties`/`$defs` maps are walked by value and `enum`,
 * `const` and `default` hold data, never touched.
 */
type Json = unknown;
type Schema = Record<string, Json>;

// A reference costs about 25 bytes ({"$ref":"#/$defs/s1"}): sharing anything smaller saves nothing.
const MIN_SHARED_BYTES = 60;
const DATA_KEYS = new Set(['enum', 'const', 'default']);
const MAP_KEYS = new Set(['properties', '$defs', 'patternProperties']);

export function shareRepeatedSubschemas<T extends Schema>(schema: T): T {
  const counts = new Map<string, number>();
  forEachSubschema(schema, (s) => {
    const key = JSON.stringify(s);
    if (key.length >= MIN_SHARED_BYTES) counts.set(key, (counts.get(key) ?? 0) + 1);
  });
  const names = new Map<string, string>();
  const defs: Schema = {};
  const taken = new Set(Object.keys(isSchema(schema.$defs) ? schema.$defs : {}));
  const rewrite = (node: Json): Json => {
    if (!isSchema(node)) return node;
    const key = JSON.stringify(node);
    if ((counts.get(key) ?? 0) > 1) {
      let name = names.get(key);
      if (name === undefined) {
        name = freshName(taken);
        names.set(key, name);
        defs[name] = rewriteChildren(node);
      }
      return { $ref: `#/$defs/${name}` };
    }
    return rewriteChildren(node);
  };
  const rewriteChildren = (node: Schema): Schema => mapChildren(node, rewrite);
  const root = mapChildren(schema, rewrite);
  if (names.size === 0) return schema;
  const ownDefs = isSchema(root.$defs) ? root.$defs : {};
  return { ...root, $defs: { ...ownDefs, ...defs } } as unknown as T;
}

/** Calls `visit` on every sub-schema below the root (the root itself is never shared). */
function forEachSubschema(node: Schema, visit: (s: Schema) => void): void {
  mapChildren(node, (child) => {
    if (isSchema(child)) {
      visit(child);
      forEachSubschema(child, visit);
    }
    return child;
  });
}

/** The schema with each child schema replaced by `f(child)`. */
function mapChildren(node: Schema, f: (child: Json) => Json): Schema {
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

function freshName(taken: Set<string>): string {
  let i = 1;
  while (taken.has(`s${i}`)) i++;
  taken.add(`s${i}`);
  return `s${i}`;
}

function isSchema(value: Json): value is Schema {
  return !!value && typeof value === 'object' && !Array.isArray(value);
}
