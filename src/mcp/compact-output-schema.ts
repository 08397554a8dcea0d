/**
 * The output schema as tools/list sends it, in fewer bytes and accepting exactly the same results:
 * - no `description`/`title`: annotations, which validate nothing (JSON Schema 2020-12, §9); the field
 *   meanings are in docs/tools.md, rendered from the described schema (docs/design-decisions.md, "Lean
 *   tool list");
 * - `anyOf` of branches whose types do not overlap and whose other keywords apply to their own type only
 *   becomes one schema with a `type` list (`anyOf: [{type: string}, {type: null}]` → `type: [string, null]`);
 * - an `anyOf` with a branch that accepts anything accepts anything;
 * - `type` beside an `enum`/`const` whose values all have that type says nothing more.
 * Enums, consts, required fields, ranges and closed objects stay.
 */
import { isSchema, mapChildren, type Json, type Schema } from './schema-children.js';

const ANNOTATIONS = new Set(['description', 'title']);

// Keywords that constrain only instances of one JSON type and let every other type pass.
const TYPE_ONLY: Record<string, string> = {
  minLength: 'string',
  maxLength: 'string',
  pattern: 'string',
  format: 'string',
  minimum: 'number',
  maximum: 'number',
  exclusiveMinimum: 'number',
  exclusiveMaximum: 'number',
  multipleOf: 'number',
  properties: 'object',
  required: 'object',
  additionalProperties: 'object',
  patternProperties: 'object',
  propertyNames: 'object',
  minProperties: 'object',
  maxProperties: 'object',
  items: 'array',
  prefixItems: 'array',
  minItems: 'array',
  maxItems: 'array',
  uniqueItems: 'array',
  contains: 'array',
};

export function compactOutputSchema<T extends Schema>(schema: T): T {
  return compact(schema) as T;
}

function compact(node: Schema): Schema {
  const out = mapChildren(withoutAnnotations(node), (child) => (isSchema(child) ? compact(child) : child));
  return dropRedundantType(foldAnyOf(out));
}

function withoutAnnotations(node: Schema): Schema {
  return Object.fromEntries(Object.entries(node).filter(([key]) => !ANNOTATIONS.has(key)));
}

function foldAnyOf(node: Schema): Schema {
  const { anyOf, ...rest } = node;
  if (!Array.isArray(anyOf) || !anyOf.every(isSchema)) return node;
  const branches = anyOf as Schema[];
  if (branches.some((b) => Object.keys(b).length === 0)) return rest;
  if (containsAnother(branches)) return node;
  const merged = mergeDisjointTypes(branches);
  if (!merged || Object.keys(merged).some((key) => key in rest)) return node;
  return { ...rest, ...merged };
}

/**
 * `anyOf: [X, {type: array, items: X}]` stays: merged, X would be written twice and could no longer be
 * shared as one definition.
 */
function containsAnother(branches: Schema[]): boolean {
  const texts = branches.map((b) => JSON.stringify(b));
  return texts.some((outer, i) => texts.some((inner, j) => i !== j && outer.includes(inner)));
}

/** One schema equal to the union of the branches, or null when their types or keywords could interact. */
function mergeDisjointTypes(branches: Schema[]): Schema | null {
  const types: string[] = [];
  const merged: Schema = {};
  for (const branch of branches) {
    const own = typesOf(branch.type);
    if (!own || own.some((t) => types.some((seen) => overlaps(t, seen)))) return null;
    for (const [key, value] of Object.entries(branch)) {
      if (key === 'type') continue;
      const appliesTo = TYPE_ONLY[key];
      if (appliesTo === undefined || key in merged) return null;
      if (!own.every((t) => coveredBy(t, appliesTo))) return null;
      merged[key] = value;
    }
    types.push(...own);
  }
  return { type: types.length === 1 ? types[0] : types, ...merged };
}

function typesOf(type: Json): string[] | null {
  if (typeof type === 'string') return [type];
  if (Array.isArray(type) && type.every((t) => typeof t === 'string')) return type as string[];
  return null;
}

// integer is a subset of number.
function overlaps(a: string, b: string): boolean {
  return a === b || (isNumeric(a) && isNumeric(b));
}

function coveredBy(type: string, keywordType: string): boolean {
  return type === keywordType || (keywordType === 'number' && type === 'integer');
}

function isNumeric(type: string): boolean {
  return type === 'number' || type === 'integer';
}

function dropRedundantType(node: Schema): Schema {
  const types = typesOf(node.type);
  if (!types) return node;
  const values = 'const' in node ? [node.const] : Array.isArray(node.enum) ? (node.enum as Json[]) : null;
  if (!values || !values.every((v) => types.some((t) => hasType(v, t)))) return node;
  const { type: _type, ...rest } = node;
  return rest;
}

function hasType(value: Json, type: string): boolean {
  switch (type) {
    case 'null':
      return value === null;
    case 'integer':
      return Number.isInteger(value);
    case 'number':
      return typeof value === 'number';
    case 'array':
      return Array.isArray(value);
    case 'object':
      return isSchema(value);
    default:
      return typeof value === type;
  }
}
