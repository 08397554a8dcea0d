/**
 * The output schema tools/list sends (compact, parts shared, objects open, two levels deep) must accept
 * and refuse the same results as the described schema docs/tools.md renders with its objects opened, where
 * it states the shape (types two levels deep, required fields at the root), and never refuse a result the
 * described schema accepts; the schema
 * the run-time check uses (checkedOutputSchema) the same as the described one, closed objects included.
 * For every tool, results are built from the described schema (every field filled, then only the
 * required ones) and broken one place at a time (each value replaced by another JSON type, each field
 * removed, a field added); the SDK's validator must give the same verdicts.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { AjvJsonSchemaValidator } from '@modelcontextprotocol/sdk/validation/ajv';
import type { JsonSchemaType } from '@modelcontextprotocol/sdk/validation';
import { allToolDefinitions } from '../../src/mcp/reference/tool-reference.js';
import { checkedOutputSchema, toListedTool } from '../../src/mcp/server.js';
import { leanJsonSchema } from '../../src/mcp/lean-schema.js';
import { successSchema } from '../../src/mcp/error-output-schema.js';

type Schema = Record<string, unknown>;
const isObject = (v: unknown): v is Record<string, unknown> =>
  !!v && typeof v === 'object' && !Array.isArray(v);

const SAMPLE: Record<string, unknown> = {
  string: 'x',
  number: 1.5,
  integer: 1,
  boolean: true,
  null: null,
  object: {},
  array: [],
};

/** A value the schema admits, with every field (`all`) or only the required ones. */
function sample(schema: Schema, all: boolean, depth = 0): unknown {
  if ('const' in schema) return schema.const;
  if (Array.isArray(schema.enum)) return schema.enum[0];
  if (Array.isArray(schema.anyOf)) return sample(schema.anyOf[0] as Schema, all, depth);
  const type = Array.isArray(schema.type) ? schema.type[0] : schema.type;
  if (type === 'object' || isObject(schema.properties)) {
    const out: Record<string, unknown> = {};
    const required = new Set((schema.required as string[] | undefined) ?? []);
    for (const [name, s] of Object.entries((schema.properties as Record<string, Schema>) ?? {}))
      if (all || required.has(name)) out[name] = sample(s, all, depth + 1);
    if (isObject(schema.additionalProperties) && depth < 6)
      out.k = sample(schema.additionalProperties, all, depth + 1);
    return out;
  }
  if (type === 'array')
    return all && isObject(schema.items) && depth < 6 ? [sample(schema.items, all, depth + 1)] : [];
  if (typeof type === 'string' && type in SAMPLE) {
    const min = typeof schema.minimum === 'number' ? schema.minimum : undefined;
    return min !== undefined && (type === 'number' || type === 'integer') ? min : SAMPLE[type];
  }
  return { any: [1] };
}

interface Variant {
  value: unknown;
  /** The break lies where the listing still states the shape (shallow-output-schema.ts). */
  listedShape: boolean;
}

/** The value and copies of it broken at one place each. */
function variants(value: unknown): Variant[] {
  const out: Variant[] = [{ value, listedShape: true }];
  // `depth` counts object fields (an array's items are at its own depth, as the listing has them, except
  // past the listing's two levels).
  const at = (
    v: unknown,
    depth: number,
    replace: (inner: unknown, depth: number) => Variant[],
  ): Variant[] => {
    const here = replace(v, depth);
    const inner = (r: Variant, place: (x: unknown) => unknown): Variant => ({ ...r, value: place(r.value) });
    if (Array.isArray(v))
      return [
        ...here,
        // The items of an array two levels down are past the listing (it lists that field by its type).
        ...v.flatMap((item, i) =>
          at(item, depth >= 2 ? depth + 1 : depth, replace).map((r) => inner(r, (x) => v.with(i, x))),
        ),
      ];
    if (isObject(v))
      return [
        ...here,
        ...Object.keys(v).flatMap((k) =>
          at(v[k], depth + 1, replace).map((r) => inner(r, (x) => ({ ...v, [k]: x }))),
        ),
      ];
    return here;
  };
  // Another JSON type in each place: a string, a fraction (not an integer), null, an array (not an object).
  // The listing states types two levels deep.
  out.push(
    ...at(value, 0, (_v, depth) => ['x', 1.5, null, []].map((x) => ({ value: x, listedShape: depth <= 2 }))),
  );
  out.push(
    ...at(value, 0, (v, depth) => {
      if (!isObject(v)) return [];
      // Required fields are listed at the root only.
      const removed = Object.keys(v).map((k) => ({
        value: Object.fromEntries(Object.entries(v).filter(([n]) => n !== k)),
        listedShape: depth === 0,
      }));
      // An added field is judged by the object's own listing: a record (its values typed) two levels
      // down is listed as an object alone.
      return [...removed, { value: { ...v, undeclared_field: 1 }, listedShape: depth <= 1 }];
    }),
  );
  return out;
}

test('every tool: the listed and the checked output schemas give the verdicts of the described one', async () => {
  const validator = new AjvJsonSchemaValidator();
  const compile = (schema: object) => validator.getValidator(schema as JsonSchemaType);
  let checked = 0;
  let undeclaredAccepted = 0;
  let fitting = 0;
  const misfits: string[] = [];
  for (const tool of await allToolDefinitions()) {
    const documented = toListedTool(tool, { forDocs: true }).outputSchema;
    const described = successSchema(documented);
    const full = compile(described);
    const open = compile(leanJsonSchema(documented));
    const listed = compile(toListedTool(tool).outputSchema);
    const runTime = compile(checkedOutputSchema(tool));
    for (const all of [true, false]) {
      const base = sample(described, all);
      if (full(base).valid) fitting++;
      else misfits.push(`${tool.name} ${all}: ${full(base).errorMessage}`);
      for (const { value: v, listedShape } of variants(base)) {
        const [closedVerdict, openVerdict] = [full(v).valid, open(v).valid];
        // Deeper than the listing goes it may only accept more, never refuse what the described schema takes.
        const listedRight = listedShape ? listed(v).valid === openVerdict : listed(v).valid || !openVerdict;
        if (!listedRight || runTime(v).valid !== closedVerdict)
          assert.fail(
            `${tool.name}: listed/checked disagree with the described schema on ${JSON.stringify(v)}`,
          );
        if (openVerdict && !closedVerdict) undeclaredAccepted++;
        checked++;
      }
    }
  }
  assert.ok(checked > 10_000, `${checked} results checked`);
  assert.ok(undeclaredAccepted > 0, 'the listing admits an undeclared field, the run-time check does not');
  // A sample can miss a rule the sampler does not model (one schema refuses an anyOf branch's first choice).
  assert.ok(fitting >= misfits.length * 20, `samples that fit: ${fitting}; not: ${misfits.join('; ')}`);
});
