/**
 * The output schema as tools/list lists it stops two levels down: the result's own fields, each with its
 * type and `required` at the root, and the names and types of the fields one level in (an object's
 * fields, an array's item fields); anything nested deeper is listed by its type alone (`{type: object}`,
 * `{type: array}`). That is what a model reads a result by; the full shape costs each tools/list more
 * than a third of its bytes (issue 22). Zero minimums of integers (counts, indexes) are left out too.
 * Nothing is lost: docs/tools.md documents every field at every depth, and the server's run-time check (checkedOutputSchema, output-check.ts) still holds each result
 * to the full closed schema. The listed schema only gets looser, so every result it held still passes.
 */
import { isSchema, type Json, type Schema } from './schema-children.js';

// Root = 0, a result field = 1, a field of that field (or of its items, or a record's value) = 2.
const LISTED_DEPTH = 2;

// Keywords that describe only an object's or an array's contents, cut past LISTED_DEPTH.
const CONTENTS = ['properties', 'items', 'additionalProperties', 'patternProperties', 'prefixItems'];

export function shallowOutputSchema<T extends Schema>(schema: T): T {
  return shallow(schema, 0) as T;
}

function shallow(node: Json, depth: number, branch = false): Json {
  if (!isSchema(node)) return node;
  if (depth >= LISTED_DEPTH && node.type !== undefined && CONTENTS.some((key) => key in node)) {
    // An array of plain values keeps its item type: "an array of strings" is the field's type.
    const items = node.items;
    if (node.type === 'array' && isSchema(items) && !CONTENTS.some((key) => key in items))
      return { type: 'array', items };
    return { type: node.type };
  }
  const out: Schema = {};
  for (const [key, value] of Object.entries(node)) {
    // Below the root a field's presence is the check's and docs/tools.md's to state, except where it
    // tells the branches of an anyOf apart (without it any object would match the loosest branch).
    if (key === 'required' && depth > 0 && !branch) continue;
    // `minimum: 0` on an integer marks a count or an index: a model knows those are not negative.
    if (key === 'minimum' && value === 0 && node.type === 'integer') continue;
    if (key === 'properties' && isSchema(value)) {
      out[key] = Object.fromEntries(Object.entries(value).map(([name, s]) => [name, shallow(s, depth + 1)]));
    } else if (key === 'items') out[key] = shallow(value, depth);
    // A record's values are its fields under names of the data's.
    else if (key === 'additionalProperties') out[key] = shallow(value, depth + 1);
    else if (key === 'anyOf' && Array.isArray(value)) out[key] = value.map((s) => shallow(s, depth, true));
    else out[key] = value;
  }
  return out;
}
