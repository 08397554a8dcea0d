import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import type { Tool } from '@modelcontextprotocol/sdk/types.js';
import { startServer, type StartedServer } from '../helpers/mcp-client.js';

let server: StartedServer;
let byName: Map<string, Tool>;

before(async () => {
  server = await startServer();
  const { tools } = await server.client.listTools();
  byName = new Map(tools.map((t) => [t.name, t]));
});
after(async () => {
  await server.close();
});

const HINTS = ['readOnlyHint', 'destructiveHint', 'idempotentHint', 'openWorldHint'] as const;

function hints(name: string): Record<(typeof HINTS)[number], boolean | undefined> {
  const tool = byName.get(name);
  assert.ok(tool, `${name} listed`);
  return tool.annotations as Record<(typeof HINTS)[number], boolean | undefined>;
}

test('tools/list: every tool has a title (also in annotations) and all four hints set', () => {
  assert.ok(byName.size >= 70, `${byName.size} tools listed`);
  const titles = new Set<string>();
  for (const tool of byName.values()) {
    assert.ok(tool.title && tool.title.length <= 40, `${tool.name}: a short title`);
    assert.ok(!titles.has(tool.title), `${tool.name}: title "${tool.title}" is unique`);
    titles.add(tool.title);
    assert.equal(tool.annotations?.title, tool.title, `${tool.name}: annotations.title`);
    for (const hint of HINTS)
      assert.equal(typeof tool.annotations?.[hint], 'boolean', `${tool.name}: ${hint}`);
    // A read-only tool changes nothing, so it can neither destroy anything nor differ when repeated.
    if (tool.annotations?.readOnlyHint) {
      assert.equal(tool.annotations.destructiveHint, false, `${tool.name}: read-only, not destructive`);
      assert.equal(tool.annotations.idempotentHint, true, `${tool.name}: read-only, so idempotent`);
    }
  }
});

test('annotations are honest: validation reads, clearing and saving destroy, opening and acting change', () => {
  for (const name of [
    'scorm_validate_workspace',
    'scorm_lint_manifest',
    'scorm_session_status',
    'scorm_data_model_get',
  ])
    assert.equal(hints(name).readOnlyHint, true, name);
  for (const name of [
    'scorm_clear_saved_data',
    'scorm_close_course',
    'scorm_session_close',
    'scorm_sn_reset',
  ])
    assert.deepEqual([hints(name).readOnlyHint, hints(name).destructiveHint], [false, true], name);
  // Writes a screenshot artifact, opens a session, gives the course input: not read-only, nothing replaced.
  for (const name of ['scorm_capture_screenshot', 'scorm_session_open', 'scorm_dom_click'])
    assert.deepEqual([hints(name).readOnlyHint, hints(name).destructiveHint], [false, false], name);
  assert.equal(hints('scorm_clear_saved_data').idempotentHint, true);
  assert.equal(hints('scorm_dom_click').idempotentHint, false);
  // The course may reach the network (allow_network) only when a tool makes it act in a session.
  for (const name of [
    'scorm_runtime_open',
    'scorm_dom_click',
    'scorm_nav_next',
    'scorm_automation_set_response',
  ])
    assert.equal(hints(name).openWorldHint, true, name);
  for (const name of [
    'scorm_validate_workspace',
    'scorm_session_open',
    'scorm_open_course',
    'scorm_get_console_errors',
  ])
    assert.equal(hints(name).openWorldHint, false, name);
});
