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

type Hints = Partial<Record<(typeof HINTS)[number], boolean>>;

/** Honest spot checks, each with why. */
const EXPECTED: [why: string, tools: string[], hints: Hints][] = [
  [
    'validation and status only read',
    ['scorm_validate_workspace', 'scorm_lint_manifest', 'scorm_session_status', 'scorm_data_model_get'],
    { readOnlyHint: true, openWorldHint: false },
  ],
  [
    'clearing, closing with save and a sequencing reset replace saved learner state',
    ['scorm_clear_saved_data', 'scorm_close_course', 'scorm_session_close', 'scorm_sn_reset'],
    { readOnlyHint: false, destructiveHint: true },
  ],
  [
    'writing an artifact, opening a session, giving the course input: changes, nothing replaced',
    ['scorm_capture_screenshot', 'scorm_session_open', 'scorm_dom_click'],
    { readOnlyHint: false, destructiveHint: false },
  ],
  ['clearing twice deletes nothing more', ['scorm_clear_saved_data'], { idempotentHint: true }],
  ['a second click is a second click', ['scorm_dom_click'], { idempotentHint: false }],
  [
    'the course acts in a session whose allow_network may be on',
    ['scorm_runtime_open', 'scorm_dom_click', 'scorm_nav_next', 'scorm_automation_set_response'],
    { openWorldHint: true },
  ],
  [
    'no course runs, or only offline (scorm_open_course has no allow_network)',
    ['scorm_session_open', 'scorm_open_course', 'scorm_get_console_errors'],
    { openWorldHint: false },
  ],
];

test('annotations are honest: validation reads, clearing and saving destroy, opening and acting change', () => {
  for (const [why, tools, expected] of EXPECTED) {
    for (const name of tools) {
      for (const [hint, value] of Object.entries(expected)) {
        assert.equal(hints(name)[hint as keyof Hints], value, `${name}.${hint}: ${why}`);
      }
    }
  }
});
