/**
 * Output schemas through the SDK's own client over stdio: every listed tool declares an object
 * outputSchema that compiles, and real results of tools from every group, on real courses in Chromium,
 * validate against the schema their tool lists (checked here explicitly, besides the SDK client's own
 * check in callTool and the server's run-time check that the test suite switches on).
 */
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { join } from 'node:path';
import { AjvJsonSchemaValidator } from '@modelcontextprotocol/sdk/validation/ajv';
import type { JsonSchemaType, JsonSchemaValidator } from '@modelcontextprotocol/sdk/validation';
import { startServer, type StartedServer } from '../helpers/mcp-client.js';
import { FIXTURES_DIR, SAMPLES_DIR } from '../helpers/paths.js';
import { successSchema } from '../../src/mcp/error-output-schema.js';

type Data = Record<string, unknown>;

const SAMPLE = join(SAMPLES_DIR, 'sample-course');
const AUTOMATION = join(SAMPLES_DIR, 'automation-course');
const SEQ_FLOW = join(FIXTURES_DIR, 'courses/seq-flow');
const NAV_FLOW = join(FIXTURES_DIR, 'courses/nav-flow');

/** The tools each group must have exercised here (at least these; the run checks every call it makes). */
const REPRESENTATIVES: Record<string, string[]> = {
  system: ['system_get_logs', 'system_set_log_level'],
  validation: ['scorm_validate_workspace', 'scorm_lint_manifest', 'scorm_lint_sequencing', 'scorm_report'],
  session: ['scorm_session_open', 'scorm_session_status', 'scorm_session_events', 'scorm_session_close'],
  runtime: ['scorm_runtime_open', 'scorm_api_call', 'scorm_data_model_get', 'scorm_capture_screenshot'],
  navigation: ['scorm_sn_init', 'scorm_nav_get_state', 'scorm_nav_next', 'scorm_test_navigation_flow'],
  dom: ['scorm_dom_find_interactive_elements', 'scorm_get_page_state', 'scorm_dom_click'],
  automation: ['scorm_automation_check_availability', 'scorm_automation_list_interactions'],
};

let server: StartedServer;
const validators = new Map<string, JsonSchemaValidator<unknown>>();
const checked = new Set<string>();

before(async () => {
  server = await startServer();
  const { tools } = await server.client.listTools();
  const ajv = new AjvJsonSchemaValidator();
  for (const tool of tools) {
    // A success is checked against the tool's own branch, not the branch that admits a failed call.
    const own = tool.outputSchema && successSchema(tool.outputSchema as { type: 'object' });
    if (own) validators.set(tool.name, ajv.getValidator(own as JsonSchemaType));
  }
});
after(async () => {
  await server.close();
});

/** Calls a tool (the SDK client validates too) and validates its structuredContent against the listed schema. */
async function call<T = Data>(name: string, args: Data = {}): Promise<T> {
  const result = await server.client.callTool({ name, arguments: args });
  assert.ok(!result.isError, `${name} failed: ${JSON.stringify(result.structuredContent)}`);
  const validate = validators.get(name);
  assert.ok(validate, `${name} lists an outputSchema`);
  assert.ok(result.structuredContent, `${name} returns structuredContent`);
  const verdict = validate(result.structuredContent);
  assert.ok(verdict.valid, `${name}: ${verdict.errorMessage}`);
  checked.add(name);
  return result.structuredContent as T;
}

test('every tool lists an object outputSchema that compiles', async () => {
  const { tools } = await server.client.listTools();
  assert.ok(tools.length >= 70, `tools listed: ${tools.length}`);
  const without = tools.filter((t) => t.outputSchema?.type !== 'object').map((t) => t.name);
  assert.deepEqual(without, [], 'tools without an object outputSchema');
  assert.equal(validators.size, tools.length);
  for (const t of tools) assert.equal(t.outputSchema?.$schema, undefined, `${t.name}: no $schema`);
  const ownBranches = tools.filter(
    (t) => successSchema(t.outputSchema as { type: 'object' }) !== t.outputSchema,
  );
  assert.equal(
    ownBranches.length,
    tools.length,
    "every outputSchema is the tool's own branch or a failed call's",
  );
});

test('validation and system tools', async () => {
  await call('system_set_log_level', { level: 'debug' });
  await call('system_set_log_level', { level: 'info' });
  const logs = await call<{ entries: Data[]; count: number }>('system_get_logs', { tail: 50 });
  assert.equal(logs.entries.length, logs.count);
  await call('scorm_validate_workspace', { workspace_path: SAMPLE });
  await call('scorm_lint_manifest', { workspace_path: SAMPLE });
  await call('scorm_lint_api_usage', { workspace_path: SAMPLE });
  await call('scorm_lint_sequencing', { workspace_path: SEQ_FLOW });
  await call('scorm_validate_compliance', { workspace_path: SAMPLE });
  const report = await call<{ accessibility: { audited: boolean } }>('scorm_report', {
    workspace_path: SAMPLE,
    format: 'json',
  });
  assert.equal(report.accessibility.audited, false);
  await call('scorm_compare_data_model_snapshots', {
    before: { 'cmi.location': 'a', 'cmi.suspend_data': 'x' },
    after: { 'cmi.location': 'b', 'cmi.score.raw': '5' },
  });
});

test('session and runtime tools on the sample course', async () => {
  const opened = await call<{ session_id: string }>('scorm_session_open', { package_path: SAMPLE });
  const session_id = opened.session_id;
  await call('scorm_session_status', { session_id });
  await call('scorm_runtime_status', { session_id });
  await call('scorm_runtime_open', { session_id });
  await call('scorm_wait_for_api_call', { session_id, method: 'Initialize', include_past: true });
  await call('scorm_runtime_status', { session_id });
  await call('scorm_api_call', { session_id, method: 'GetValue', args: ['cmi.location'] });
  await call('scorm_api_call', { session_id, method: 'SetValue', args: ['cmi.location', 'p2'] });
  await call('scorm_replay_api_calls', {
    session_id,
    calls: [
      { method: 'SetValue', args: ['cmi.nope', 'x'] },
      { method: 'Commit', args: [''] },
    ],
    stop_on_error: false,
  });
  await call('scorm_data_model_get', {
    session_id,
    include_metadata: true,
    elements: ['cmi.location', 'cmi.x'],
  });
  await call('scorm_get_data_model_history', { session_id });
  await call('scorm_validate_data_model_state', { session_id, expected: { 'cmi.location': 'p3' } });
  await call('scorm_capture_screenshot', { session_id });
  await call('scorm_take_screenshot', { session_id, viewport: { device: 'mobile' } });
  await call('scorm_get_console_errors', { session_id });
  await call('scorm_get_network_requests', { session_id });
  await call('scorm_debug_api_calls', { session_id, include_data_model_state: true });
  await call('scorm_session_events', { session_id });
  await call('scorm_runtime_close', { session_id });
  await call('scorm_session_close', { session_id });

  await call('scorm_debug_api_calls', { workspace_path: SAMPLE, settle_ms: 200 });
  await call('scorm_test_api_integration', {
    workspace_path: SAMPLE,
    capture_api_calls: true,
    settle_ms: 200,
    test_scenario: {
      steps: [
        { api: 'SetValue', args: ['cmi.location', 'x'] },
        { action: 'wait', ms: 10 },
      ],
    },
  });
  const course = await call<{ session_id: string }>('scorm_open_course', { package_path: SAMPLE });
  await call('scorm_attempt_terminate', { session_id: course.session_id });
  const reloaded = await call<{ session_id: string }>('scorm_reload_course', {
    session_id: course.session_id,
  });
  await call('scorm_close_course', { session_id: reloaded.session_id });
  await call('scorm_clear_saved_data', { package_path: SAMPLE, include_learner_state: true });
});

test('navigation tools on multi-SCO courses, including the not-applicable answers', async () => {
  const { session_id } = await call<{ session_id: string }>('scorm_open_course', {
    package_path: SEQ_FLOW,
    new_attempt: true,
  });
  const before = await call<{ applicable: boolean }>('scorm_nav_get_state', { session_id });
  assert.equal(before.applicable, false);
  await call('scorm_nav_next', { session_id });
  await call('scorm_sn_init', { session_id });
  await call('scorm_nav_get_state', { session_id });
  await call('scorm_nav_next', { session_id });
  await call('scorm_nav_previous', { session_id });
  await call('scorm_nav_choice', { session_id, targetId: 'no-such-item' });
  await call('scorm_trace_sequencing', { session_id, trace_level: 'verbose' });
  await call('scorm_nav_request', { session_id, request: 'suspendAll' });
  await call('scorm_sn_reset', { session_id });
  await call('scorm_close_course', { session_id });

  await call('scorm_test_navigation_flow', { workspace_path: NAV_FLOW, capture_each_step: false });
  await call('scorm_trace_sequencing', { workspace_path: NAV_FLOW, navigation_sequence: ['continue'] });
  const single = await call<{ session_id: string }>('scorm_open_course', { package_path: SAMPLE });
  await call('scorm_sn_init', { session_id: single.session_id });
  await call('scorm_test_navigation_flow', { session_id: single.session_id });
  await call('scorm_close_course', { session_id: single.session_id });
});

test('dom and automation tools on the automation sample course', async () => {
  const { session_id } = await call<{ session_id: string }>('scorm_open_course', {
    package_path: AUTOMATION,
    new_attempt: true,
  });
  await call('scorm_dom_find_interactive_elements', { session_id });
  await call('scorm_get_page_state', { session_id });
  await call('scorm_dom_query', { session_id, selector: '#next' });
  await call('scorm_dom_evaluate', {
    session_id,
    expression: '(a) => [document.title, a, undefined]',
    arg: 1,
  });
  await call('scorm_dom_wait_for', { session_id, condition: { selector: '#next', visible: true } });
  await call('scorm_get_current_page_context', { session_id });
  await call('scorm_get_slide_map', { session_id });
  await call('scorm_dom_click', { session_id, selector: '#next', screenshot: true });
  await call('scorm_keyboard_type', { session_id, text: '', options: { keys: ['Tab'] } });
  await call('scorm_automation_check_availability', { session_id });
  const listed = await call<{ result: Array<{ id: string }> }>('scorm_automation_list_interactions', {
    session_id,
  });
  // The sample's first question (samples/automation-course/README.md): one choice, "evaporation".
  const first = listed.result[0]!.id;
  assert.equal(first, 'q_evaporation');
  await call('scorm_automation_get_course_structure', { session_id });
  await call('scorm_automation_get_current_slide', { session_id });
  await call('scorm_automation_get_response', { session_id, id: first });
  await call('scorm_automation_set_response', { session_id, id: first, response: 'evaporation' });
  await call('scorm_automation_check_answer', { session_id, id: first });
  await call('scorm_automation_get_last_evaluation', { session_id, id: first });
  await call('scorm_automation_check_slide_answers', { session_id });
  await call('scorm_automation_get_trace', { session_id });
  await call('scorm_automation_clear_trace', { session_id });
  await call('scorm_navigate_to_slide', { session_id, slide: 1 });
  await call('scorm_assessment_interaction_trace', {
    session_id,
    actions: [{ type: 'wait', ms: 10 }],
  });
  await call('scorm_dom_fill_form_batch', {
    session_id,
    fields: [{ interaction_id: first, response: null }],
  });
  await call('scorm_accessibility_audit', { session_id, max_nodes_per_rule: 2 });
  await call('scorm_report', { workspace_path: AUTOMATION, session_id, format: 'json' });
  await call('scorm_close_course', { session_id });

  const plain = await call<{ session_id: string }>('scorm_open_course', { package_path: SAMPLE });
  const none = await call<{ available: boolean }>('scorm_automation_check_availability', {
    session_id: plain.session_id,
  });
  assert.equal(none.available, false);
  await call('scorm_close_course', { session_id: plain.session_id });
});

test('every group had its representative tools checked', () => {
  for (const [group, names] of Object.entries(REPRESENTATIVES)) {
    const missing = names.filter((n) => !checked.has(n));
    assert.deepEqual(missing, [], `group ${group}`);
  }
  assert.ok(checked.size >= 65, `distinct tools checked: ${checked.size}`);
});
