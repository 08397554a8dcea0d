/**
 * Output schemas repeat themselves: the same finding, location or call shape appears under several
 * fields of one result. tools/list pays for each copy, so a sub-schema that occurs more than once in a
 * tool's schema is listed once under `$defs` and referred to with `$ref` (JSON Schema 2020-12, which the
 * SDK client compiles with ajv). Validation is unchanged: a `$ref` accepts exactly what its target does.
 * Only schema positions are rewritten; `properties`/`$defs` maps are walked by value and `enum`,
 * `const` and `default` hold data, never touched.
 */
import { isSchema, mapChildren, type Json, type Schema } from './schema-children.js';

// A reference costs {"$ref":"#/$defs/sN"} (about 22 bytes) at each use plus the definition's name once:
// a sub-schema is shared only when that costs less than its copies.
const REF_BYTES = 22;
const DEF_NAME_BYTES = 8;

function saves(bytes: number, copies: number): boolean {
  return (copies - 1) * bytes > copies * REF_BYTES + DEF_NAME_BYTES;
}

export function shareRepeatedSubschemas<T extends Schema>(schema: T): T {
  const counts = new Map<string, number>();
  forEachSubschema(schema, (s) => {
    const key = JSON.stringify(s);
    counts.set(key, (counts.get(key) ?? 0) + 1);
  });
  const names = new Map<string, string>();
  const defs: Schema = {};
  const taken = new Set(Object.keys(isSchema(schema.$defs) ? schema.$defs : {}));
  const rewrite = (node: Json): Json => {
    if (!isSchema(node)) return node;
    const key = JSON.stringify(node);
    if (saves(key.length, counts.get(key) ?? 0)) {
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
  return inlineSingleUses({ ...root, $defs: { ...ownDefs, ...defs } }) as T;
}

/**
 * A copy counted inside a larger shared sub-schema is used only once after that one is shared: such a
 * definition is put back where its one `$ref` stands.
 */
function inlineSingleUses(schema: Schema): Schema {
  const defs = schema.$defs as Schema;
  const uses = new Map<string, number>();
  const countRefs = (node: Json): Json => {
    if (!isSchema(node)) return node;
    const name = refName(node);
    if (name !== null) uses.set(name, (uses.get(name) ?? 0) + 1);
    return mapChildren(node, countRefs);
  };
  countRefs(schema);
  const single = (name: string | null): name is string =>
    name !== null && uses.get(name) === 1 && name in defs;
  const resolve = (node: Json): Json => {
    if (!isSchema(node)) return node;
    const name = refName(node);
    return single(name) ? resolve(defs[name]) : mapChildren(node, resolve);
  };
  const { $defs: _defs, ...rest } = schema;
  const root = mapChildren(rest, resolve);
  const kept = Object.entries(defs).filter(([name]) => !single(name));
  if (kept.length === 0) return root;
  return {
    ...root,
    $defs: Object.fromEntries(kept.map(([name, def]) => [name, mapChildren(def as Schema, resolve)])),
  };
}

function refName(node: Schema): string | null {
  const ref = node.$ref;
  return typeof ref === 'string' && ref.startsWith('#/$defs/') && Object.keys(node).length === 1
    ? ref.slice('#/$defs/'.length)
    : null;
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

function freshName(taken: Set<string>): string {
  let i = 1;
  while (taken.has(`s${i}`)) i++;
  taken.add(`s${i}`);
  return `s${i}`;
}
