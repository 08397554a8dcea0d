/**
 * The SDK's own client over stdio, on output schemas that share their parts through `$defs`/`$ref`
 * (src/mcp/shared-subschemas.ts): it lists the tools, compiles each output schema into its validator, and
 * validates every structured result it receives. Real calls of tools with shared parts come back without
 * a validation error; and the validator the client compiled rejects a real result in which a part behind
 * a `$ref` was broken, so the references are followed, not skipped. (A client-side rejection of a whole
 * call needs a server that sends a wrong result; ours does not, and none is faked here.) A shared part
 * is broken by putting a number where its schema admits none.
 */
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { join } from 'node:path';
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { callTool, startServer, type StartedServer } from '../helpers/mcp-client.js';
import { FIXTURES_DIR, SAMPLES_DIR } from '../helpers/paths.js';

type Schema = Record<string, unknown>;
type Path = Array<string | number>;
interface ClientValidators {
  getToolOutputValidator(
    name: string,
  ): ((data: unknown) => { valid: boolean; errorMessage?: string }) | undefined;
}

const AUTOMATION = join(SAMPLES_DIR, 'automation-course');
const NAV_FLOW = join(FIXTURES_DIR, 'courses/nav-flow');

let server: StartedServer;
/** Tools whose result had a typed shared part, broken and refused by the client's validator. */
const refsBroken = new Set<string>();
const listed = new Map<string, Schema>();

before(async () => {
  server = await startServer();
  const { tools } = await server.client.listTools();
  for (const t of tools) if (t.outputSchema) listed.set(t.name, t.outputSchema as Schema);
});
after(async () => {
  await server.close();
});

function resolve(node: Schema, root: Schema): Schema {
  if (typeof node.$ref !== 'string') return node;
  const name = node.$ref.replace('#/$defs/', '');
  return resolve((root.$defs as Record<string, Schema>)[name]!, root);
}

const isObject = (v: unknown): v is Record<string, unknown> =>
  !!v && typeof v === 'object' && !Array.isArray(v);

/** A value that its schema must refuse when it is replaced by a number (a typed schema admitting none). */
const breakable = (value: unknown, target: Schema): boolean =>
  value !== null &&
  (typeof value === 'object' || typeof value === 'string') &&
  target.type !== undefined &&
  !/number|integer/.test(JSON.stringify(target.type));

/** The first place in `data` whose schema is a `$ref` and whose value a number would break. */
function refPlace(node: Schema, data: unknown, root: Schema, path: Path = []): Path | null {
  if (typeof node.$ref === 'string' && breakable(data, resolve(node, root))) return path;
  const s = resolve(node, root);
  for (const branch of [...((s.anyOf as Schema[]) ?? []), ...((s.oneOf as Schema[]) ?? [])]) {
    const found = refPlace(branch, data, root, path);
    if (found) return found;
  }
  if (Array.isArray(data) && isObject(s.items))
    for (const [i, item] of data.entries()) {
      const found = refPlace(s.items, item, root, [...path, i]);
      if (found) return found;
    }
  if (isObject(data))
    for (const [key, value] of Object.entries(data)) {
      const own = isObject(s.properties) ? (s.properties as Record<string, Schema>)[key] : undefined;
      const child = own ?? (isObject(s.additionalProperties) ? s.additionalProperties : undefined);
      const found = child && refPlace(child, value, root, [...path, key]);
      if (found) return found;
    }
  return null;
}

/**
 * Calls a tool through the SDK client (which validates the result against the schema it listed), checks
 * that schema shares parts, and, when the result fills a typed shared part, that the client's validator
 * refuses the result with that part broken (the tool is then added to `refsBroken`).
 */
async function callChecked(name: string, args: Record<string, unknown>): Promise<Record<string, unknown>> {
  const schema = listed.get(name);
  assert.ok(schema, `${name} lists an outputSchema`);
  assert.ok(
    isObject(schema.$defs) && JSON.stringify(schema).includes('"$ref":"#/$defs/'),
    `${name} uses $ref`,
  );
  const result = (await server.client.callTool({ name, arguments: args }, undefined, {
    timeout: 180_000,
  })) as CallToolResult;
  assert.notEqual(result.isError, true, `${name}: ${JSON.stringify(result.structuredContent)}`);
  const data = result.structuredContent!;
  // The validator the client compiled at listTools and ran in callTool (private in the SDK's types only).
  const validate = (server.client as unknown as ClientValidators).getToolOutputValidator(name);
  assert.ok(validate, `the client compiled a validator for ${name}`);
  assert.equal(validate(data).valid, true);

  const place = refPlace(schema, data, schema);
  if (!place) return data;
  const broken = structuredClone(data) as Record<string, unknown>;
  let parent: Record<string | number, unknown> = broken;
  for (const key of place.slice(0, -1)) parent = parent[key] as Record<string | number, unknown>;
  parent[place.at(-1)!] = 7;
  const verdict = validate(broken);
  assert.equal(verdict.valid, false, `${name}: ${place.join('.')} set to 7 is refused`);
  refsBroken.add(name);
  return data;
}

test('the SDK client validates results of tools whose output schemas use $defs/$ref, and follows the refs', async () => {
  const { session_id } = await callTool<{ session_id: string }>(server.client, 'scorm_open_course', {
    package_path: AUTOMATION,
    new_attempt: true,
  });
  // Listed two levels deep, the page state has no part left to share; the client still validates it.
  await callTool(server.client, 'scorm_get_page_state', { session_id });
  await callChecked('scorm_dom_find_interactive_elements', { session_id });
  // Listed two levels deep, its schema has no part left to share; the client still validates it.
  await callTool(server.client, 'scorm_debug_api_calls', { session_id });
  await callTool(server.client, 'scorm_session_close', { session_id });

  const nav = await callTool<{ session_id: string }>(server.client, 'scorm_open_course', {
    package_path: NAV_FLOW,
    new_attempt: true,
  });
  await callChecked('scorm_sn_init', { session_id: nav.session_id });
  await callChecked('scorm_nav_get_state', { session_id: nav.session_id });
  await callTool(server.client, 'scorm_test_navigation_flow', {
    session_id: nav.session_id,
    navigation_sequence: ['continue'],
    capture_each_step: false,
    settle_ms: 200,
  });
  await callTool(server.client, 'scorm_session_close', { session_id: nav.session_id });
  await callChecked('scorm_validate_workspace', { workspace_path: NAV_FLOW, detail: 'full' });
  assert.ok(refsBroken.size > 0, 'a broken shared part was refused');
  for (const name of refsBroken) assert.ok(listed.has(name), name);
});
