import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { join } from 'node:path';
import { callTool, callToolError, startServer, type StartedServer } from '../helpers/mcp-client.js';
import { SAMPLES_DIR } from '../helpers/paths.js';

const SAMPLE = join(SAMPLES_DIR, 'sample-course');
let server: StartedServer;

before(async () => {
  server = await startServer();
});
after(async () => {
  await server.close();
});

interface StepOutcome {
  index: number;
  step: Record<string, unknown>;
  tool?: string;
  ok: boolean;
  result?: Record<string, unknown>;
  error?: { code: string; message: string };
  api_calls: Array<{ method: string; args: unknown[]; result: unknown; error_code: string }>;
  data_model_changes: Array<{ element: string; from: string | null; to: string }>;
  duration_ms: number;
}
interface ScenarioResult {
  scenario_ack: boolean;
  scenario_note?: string;
  scenario: {
    steps_total: number;
    steps_run: number;
    steps_passed: number;
    failed_at_index?: number;
    stop_on_failure: boolean;
    results: StepOutcome[];
  };
  api_test_results: { initialize_success: boolean; data_model_state: Record<string, string> };
}

test('test_scenario: API steps and runtime tools run in order, each with its calls and data-model changes', async () => {
  const r = await callTool<ScenarioResult>(server.client, 'scorm_test_api_integration', {
    workspace_path: SAMPLE,
    settle_ms: 200,
    test_scenario: {
      steps: [
        { api: 'SetValue', args: ['cmi.location', 'scenario-page'] },
        { api: 'LMSGetValue', args: ['cmi.location'] },
        { action: 'wait', ms: 20 },
        { tool: 'scorm_data_model_get', args: { elements: ['cmi.location'] } },
        { tool: 'scorm_api_call', args: { method: 'Commit', args: [''] } },
      ],
    },
  });
  assert.equal(r.scenario_ack, true);
  assert.equal(r.scenario_note, undefined);
  const s = r.scenario;
  assert.deepEqual(
    { total: s.steps_total, run: s.steps_run, passed: s.steps_passed, failed: s.failed_at_index },
    { total: 5, run: 5, passed: 5, failed: undefined },
  );
  const [set, get, wait, read, commit] = s.results;
  assert.deepEqual(set?.step, { api: 'SetValue', args: ['cmi.location', 'scenario-page'] });
  assert.equal(set?.result?.result, 'true');
  assert.deepEqual(set?.data_model_changes, [
    { element: 'cmi.location', from: 'intro', to: 'scenario-page' },
  ]);
  assert.deepEqual(
    set?.api_calls.map((c) => [c.method, c.args]),
    [['SetValue', ['cmi.location', 'scenario-page']]],
  );
  // 1.2 names work on a 2004 course, as in scorm_replay_api_calls.
  assert.equal(get?.result?.method, 'GetValue');
  assert.equal(get?.result?.result, 'scenario-page');
  assert.equal(wait?.ok, true);
  assert.ok((wait?.duration_ms ?? 0) >= 15);
  assert.equal(read?.tool, 'scorm_data_model_get');
  assert.deepEqual((read?.result as { data?: Record<string, string> }).data, {
    'cmi.location': 'scenario-page',
  });
  assert.equal(commit?.result?.result, 'true');
  // The SCO's unload handler runs after the scenario: its own calls land in the final state, not in a step.
  assert.equal(r.api_test_results.data_model_state['cmi.location'], 'scenario-page');
  assert.equal(r.api_test_results.data_model_state['cmi.exit'], 'suspend');
});

test('test_scenario: a failing step stops the run (or not, with stop_on_failure=false) and the course is still closed and reported', async () => {
  const steps = [
    { api: 'SetValue', args: ['cmi.no_such_element', 'x'] },
    { tool: 'scorm_wait_for_api_call', args: { method: 'Commit', timeout_ms: 100 } },
    { api: 'SetValue', args: ['cmi.location', 'after-failures'] },
  ];
  const stopped = await callTool<ScenarioResult>(server.client, 'scorm_test_api_integration', {
    workspace_path: SAMPLE,
    settle_ms: 200,
    test_scenario: { steps },
  });
  assert.equal(stopped.scenario.steps_run, 1);
  assert.equal(stopped.scenario.failed_at_index, 0);
  const first = stopped.scenario.results[0];
  assert.equal(first?.ok, false);
  assert.equal(first?.error?.code, 'SCORM_API_ERROR');
  assert.match(first?.error?.message ?? '', /^SetValue failed with error 401/);
  assert.equal(stopped.api_test_results.initialize_success, true);
  assert.equal(stopped.api_test_results.data_model_state['cmi.exit'], 'suspend');

  const all = await callTool<ScenarioResult>(server.client, 'scorm_test_api_integration', {
    workspace_path: SAMPLE,
    settle_ms: 200,
    test_scenario: { steps, stop_on_failure: false },
  });
  assert.deepEqual(
    all.scenario.results.map((o) => [o.ok, o.error?.code]),
    [
      [false, 'SCORM_API_ERROR'],
      [false, 'WAIT_TIMEOUT'],
      [true, undefined],
    ],
  );
  assert.equal(all.scenario.steps_passed, 1);
  assert.equal(all.scenario.failed_at_index, 0);
  assert.equal(all.api_test_results.data_model_state['cmi.location'], 'after-failures');
});

test('test_scenario: steps that would leave the run, unknown tools and malformed steps are refused before launch', async () => {
  const run = (test_scenario: unknown) =>
    callToolError(server.client, 'scorm_test_api_integration', { workspace_path: SAMPLE, test_scenario });

  for (const tool of [
    'scorm_session_close',
    'scorm_close_course',
    'scorm_test_api_integration',
    'scorm_runtime_close',
  ]) {
    const e = await run({ steps: [{ tool, args: {} }] });
    assert.equal(e.error_code, 'MCP_INVALID_PARAMS', tool);
    assert.match(e.message, new RegExp(`steps\\[0\\]: ${tool} cannot run inside a scenario`));
    assert.match(e.message, /Scenario steps may use: .*scorm_api_call/);
    assert.ok((e.data.details as { allowed_tools: string[] }).allowed_tools.includes('scorm_data_model_get'));
  }
  assert.match((await run({ steps: [{ tool: 'scorm_nope' }] })).message, /there is no tool "scorm_nope"/);
  assert.match(
    (await run({ steps: [{ tool: 'scorm_api_call', args: { session_id: 'x', method: 'Commit' } }] })).message,
    /leave session_id out/,
  );
  assert.match(
    (await run({ steps: [{ tool: 'scorm_api_call', args: { method: 42 } }] })).message,
    /steps\[0\]: invalid arguments for scorm_api_call: method/,
  );
  assert.match((await run({ steps: [{ api: 'Launch' }] })).message, /"Launch" is not a SCORM API method/);
  assert.match(
    (await run({ steps: [{ action: 'jump' }] })).message,
    /steps\[0\]\.action must be one of click/,
  );
  assert.match(
    (await run({ steps: [{ api: 'Commit', action: 'click' }] })).message,
    /exactly one of "api".*this one has api and action/,
  );
  assert.match((await run({ steps: ['start'] })).message, /test_scenario\.steps\.0/);
  assert.match((await run({ steps: [{ action: 'wait', ms: 10 ** 6 }] })).message, /steps\[0\]: ms/);
});

test('test_scenario on the sample course: click Next, read back, answer through SCORMAutomation, screenshot; a missing element fails its step', async () => {
  const raw = await server.client.callTool({
    name: 'scorm_test_api_integration',
    arguments: {
      workspace_path: join(SAMPLES_DIR, 'automation-course'),
      settle_ms: 200,
      test_scenario: {
        steps: [
          { action: 'click', selector: '#next' },
          { action: 'screenshot' },
          { api: 'GetValue', args: ['cmi.location'] },
          { tool: 'scorm_automation_set_response', args: { id: 'q_boiling', response: 100 } },
          { tool: 'scorm_automation_check_answer', args: { id: 'q_boiling' } },
          { action: 'click', selector: '#no-such-button', options: { wait_timeout_ms: 200 } },
          { api: 'SetValue', args: ['cmi.location', 'never-set'] },
        ],
      },
    },
  });
  const r = raw.structuredContent as unknown as ScenarioResult;
  const s = r.scenario;
  assert.deepEqual(
    { run: s.steps_run, passed: s.steps_passed, failed: s.failed_at_index },
    { run: 6, passed: 5, failed: 5 },
  );
  const [next, shot, location, , checked, missing] = s.results;
  assert.equal(shot?.tool, 'scorm_capture_screenshot');
  const images = (raw.content as Array<{ type: string; mimeType?: string }>).filter(
    (c) => c.type === 'image',
  );
  assert.deepEqual(
    images.map((c) => c.mimeType),
    ['image/webp'],
  );
  assert.equal(next?.tool, 'scorm_dom_click');
  assert.ok(next?.data_model_changes.some((c) => c.element === 'cmi.location' && c.to === 'cycle'));
  assert.ok(next?.api_calls.some((c) => c.method === 'Commit'));
  assert.equal(location?.result?.result, 'cycle');
  assert.ok(
    checked?.data_model_changes.some((c) => c.element.endsWith('.learner_response') && c.to === '100'),
  );
  assert.equal(missing?.ok, false);
  assert.equal(missing?.error?.code, 'DOM_ELEMENT_NOT_FOUND');
  assert.match(missing?.error?.message ?? '', /#no-such-button/);
  assert.notEqual(r.api_test_results.data_model_state['cmi.location'], 'never-set');
  assert.equal(r.api_test_results.initialize_success, true);
});

test('test_scenario: steps that hang or loop fail alone, the SCO stays usable, and the run still unloads and reports', async () => {
  const r = await callTool<ScenarioResult>(server.client, 'scorm_test_api_integration', {
    workspace_path: SAMPLE,
    settle_ms: 200,
    test_scenario: {
      stop_on_failure: false,
      steps: [
        { action: 'evaluate', expression: 'new Promise(() => {})', timeout_ms: 300 },
        { action: 'evaluate', expression: '(() => { for (;;) {} })()', timeout_ms: 300 },
        { api: 'SetValue', args: ['cmi.location', 'still-alive'] },
      ],
    },
  });
  const [hang, loop, set] = r.scenario.results;
  assert.equal(hang?.ok, false);
  assert.equal(loop?.ok, false);
  assert.ok(hang?.error?.code.startsWith('DOM_'), hang?.error?.code);
  assert.ok(loop?.error?.code.startsWith('DOM_'), loop?.error?.code);
  assert.equal(set?.ok, true);
  assert.equal(r.api_test_results.data_model_state['cmi.location'], 'still-alive');
  assert.equal(r.api_test_results.data_model_state['cmi.exit'], 'suspend', 'the unload handler ran');
});
