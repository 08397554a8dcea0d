import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { join } from 'node:path';
import { callTool, callToolError, startServer, type StartedServer } from '../helpers/mcp-client.js';
import { FIXTURES_DIR, SAMPLES_DIR } from '../helpers/paths.js';

const SLOPPY = join(FIXTURES_DIR, 'courses', 'scenario-sloppy-quiz');
const WATER_CYCLE = join(SAMPLES_DIR, 'automation-course');
let server: StartedServer;

before(async () => {
  server = await startServer();
});
after(async () => {
  await server.close();
});

interface Step {
  index: number;
  path: 'dom' | 'automation' | null;
  path_reason?: string;
  interaction_id?: string;
  response?: unknown;
  ok: boolean;
  error?: { code: string; message: string };
  frame?: string;
  activation?: string;
  target_state?: { before: unknown; after: unknown; changed: boolean };
  automation_result?: unknown;
  changes: {
    api_calls: Array<{ method: string; args: unknown[]; result?: unknown; error_code?: string }>;
    data_model_changes: Array<{ element: string; from: string | null; to: string }>;
    console_errors: Array<{ text: string }>;
  };
  page_change?: { added: string[]; removed: string[] };
}
interface Trace {
  capture_mode: string;
  automation_available: boolean;
  steps: Step[];
  issues_detected: Array<{
    type: string;
    severity: string;
    step_index: number;
    element?: string;
    fix: string;
  }>;
  summary: {
    total_actions: number;
    actions_run: number;
    successful_actions: number;
    total_api_calls: number;
    data_model_elements_changed: number;
    failed_at_index?: number;
  };
}

async function open(path: string): Promise<string> {
  const opened = await callTool<{ session_id: string }>(server.client, 'scorm_open_course', {
    package_path: path,
    new_attempt: true,
  });
  return opened.session_id;
}
const trace = (session_id: string, args: Record<string, unknown>): Promise<Trace> =>
  callTool<Trace>(server.client, 'scorm_assessment_interaction_trace', { session_id, ...args });

test('trace (DOM path, detailed): each action with its answer state, calls, changes and page text; the issues at their steps', async () => {
  const session_id = await open(SLOPPY);
  try {
    const r = await trace(session_id, {
      capture_mode: 'detailed',
      stop_on_failure: false,
      actions: [
        { type: 'click', selector: 'input[value=co2]' },
        { type: 'click', selector: '#check' },
        { type: 'fill', selector: '#name', value: 'Ann' },
        { type: 'click', selector: '#hello' },
      ],
    });
    assert.equal(r.capture_mode, 'detailed');
    assert.equal(r.automation_available, false);
    const [pick, check, fill, hello] = r.steps;
    assert.deepEqual(
      r.steps.map((s) => [s.path, s.ok]),
      [
        ['dom', true],
        ['dom', true],
        ['dom', true],
        ['dom', true],
      ],
    );
    assert.equal(pick?.frame, 'sco');
    assert.deepEqual(pick?.target_state?.before, {
      control: 'input[type=radio]',
      checked: false,
      value: null,
      selected: null,
    });
    assert.equal((pick?.target_state?.after as { checked: boolean }).checked, true);
    assert.equal(pick?.target_state?.changed, true);
    assert.deepEqual(pick?.changes.api_calls, []);

    assert.deepEqual(
      check?.changes.api_calls.map((c) => [c.method, c.args[0], c.error_code ?? '0']),
      [
        ['SetValue', 'cmi.interactions.0.id', '0'],
        ['SetValue', 'cmi.interactions.0.type', '0'],
        ['SetValue', 'cmi.score.rawscore', '401'],
        ['SetValue', 'cmi.score.raw', '0'],
      ],
    );
    assert.match(check?.changes.console_errors[0]?.text ?? '', /feedback panel is missing/);
    assert.equal(check?.target_state, undefined, 'a button holds no answer');

    assert.deepEqual((fill?.target_state?.after as { value: string }).value, 'Ann');
    assert.ok(
      hello?.page_change?.added.some((l) => l.includes('Hello, Ann')),
      JSON.stringify(hello?.page_change),
    );

    assert.deepEqual(
      r.issues_detected.map((i) => [i.type, i.step_index, i.element ?? null]),
      [
        ['set_value_error', 1, 'cmi.score.rawscore'],
        ['console_error', 1, null],
        ['incomplete_interaction', 1, 'cmi.interactions.0'],
        ['missing_commit', 1, 'cmi.score.raw'],
      ],
    );
    assert.deepEqual(r.summary, {
      total_actions: 4,
      actions_run: 4,
      successful_actions: 4,
      total_api_calls: 4,
      // id, type, score.raw, and the cmi.interactions._count the new interaction implies
      data_model_elements_changed: 4,
    });
  } finally {
    await callTool(server.client, 'scorm_session_close', { session_id });
  }
});

test('trace: an answer never recorded is an issue; recording it properly clears every issue', async () => {
  const session_id = await open(SLOPPY);
  try {
    const unrecorded = await trace(session_id, {
      actions: [{ type: 'fill', selector: 'input[value=o2]', value: true }],
    });
    assert.deepEqual(
      unrecorded.issues_detected.map((i) => [i.type, i.step_index]),
      [['answer_not_recorded', 0]],
    );
    const recorded = await trace(session_id, {
      actions: [
        { type: 'click', selector: 'input[value=co2]' },
        { type: 'wait', ms: 10 },
        { type: 'click', selector: '#record' },
      ],
    });
    assert.deepEqual(recorded.issues_detected, []);
    assert.equal(recorded.steps[1]?.path, null);
    assert.ok(recorded.steps[2]?.changes.api_calls.some((c) => c.method === 'Commit'));
  } finally {
    await callTool(server.client, 'scorm_session_close', { session_id });
  }
});

test('trace: interaction_id without window.SCORMAutomation fails that step, or falls back to the given control', async () => {
  const session_id = await open(SLOPPY);
  try {
    const noApi = await trace(session_id, {
      actions: [
        { type: 'fill', interaction_id: 'q1', response: 'co2' },
        { type: 'click', selector: '#record' },
      ],
    });
    assert.equal(noApi.steps.length, 1, 'stops at the failing step');
    assert.equal(noApi.steps[0]?.path, 'automation');
    assert.equal(noApi.steps[0]?.error?.code, 'AUTOMATION_API_NOT_AVAILABLE');
    assert.equal(noApi.summary.failed_at_index, 0);

    const fallback = await trace(session_id, {
      actions: [
        { type: 'fill', interaction_id: 'q1', response: 'co2', selector: 'input[value=co2]', value: true },
      ],
    });
    assert.equal(fallback.steps[0]?.path, 'dom');
    assert.match(fallback.steps[0]?.path_reason ?? '', /not available/);
    assert.equal(fallback.steps[0]?.ok, true);

    const missing = await trace(session_id, {
      actions: [{ type: 'click', selector: '#nope' }],
      wait_timeout_ms: 100,
    });
    assert.equal(missing.steps[0]?.error?.code, 'DOM_ELEMENT_NOT_FOUND');

    for (const actions of [
      [{ type: 'click', interaction_id: 'q1', response: 'x' }],
      [{ type: 'fill', selector: '#name' }],
      [{ type: 'wait' }],
      [{ type: 'fill', interaction_id: 'q1' }],
    ]) {
      const e = await callToolError(server.client, 'scorm_assessment_interaction_trace', {
        session_id,
        actions,
      });
      assert.equal(e.error_code, 'MCP_INVALID_PARAMS', JSON.stringify(actions));
      assert.match(e.message, /actions\[0\]/);
    }
  } finally {
    await callTool(server.client, 'scorm_session_close', { session_id });
  }
});

test('trace on the sample course: interaction ids and the controls of interactions go through SCORMAutomation, other controls through the DOM, each with its reason', async () => {
  const session_id = await open(WATER_CYCLE);
  try {
    const r = await trace(session_id, {
      actions: [
        { type: 'click', selector: '#next' },
        { type: 'click', selector: '#next' },
        { type: 'click', selector: '#next' },
        { type: 'fill', interaction_id: 'q_boiling', response: 100 },
        { type: 'fill', selector: '#input-q_condensation', value: 'Condensation' },
        { type: 'click', selector: '#slide-check-2 button.check' },
      ],
    });
    assert.equal(r.automation_available, true);
    assert.deepEqual(
      r.steps.map((s) => [s.path, s.ok]),
      [
        ['dom', true],
        ['dom', true],
        ['dom', true],
        ['automation', true],
        ['automation', true],
        ['dom', true],
      ],
    );
    assert.match(r.steps[0]?.path_reason ?? '', /#next names no interaction/);
    const boiling = r.steps[3];
    assert.deepEqual(boiling?.target_state, { before: null, after: 100, changed: true });
    // The text field is q_condensation's control (its name): its value became the interaction's response.
    const word = r.steps[4];
    assert.equal(word?.interaction_id, 'q_condensation');
    assert.equal(word?.response, 'Condensation');
    assert.match(word?.path_reason ?? '', /control of interaction q_condensation \(its name\)/);
    assert.deepEqual(word?.target_state, { before: null, after: 'Condensation', changed: true });
    assert.ok(
      r.steps[0]?.changes.data_model_changes.some((c) => c.element === 'cmi.location' && c.to === 'cycle'),
    );
    const recorded = r.steps[5]?.changes.data_model_changes ?? [];
    const value = (el: string): string | undefined => recorded.find((c) => c.element === el)?.to;
    assert.ok(recorded.some((c) => c.to === 'q_boiling'));
    assert.ok(recorded.some((c) => c.to === 'q_condensation'));
    assert.ok(['correct'].includes(value('cmi.interactions.0.result') ?? ''));
    assert.deepEqual(r.issues_detected, []);
    assert.equal(r.summary.successful_actions, 6);
  } finally {
    await callTool(server.client, 'scorm_session_close', { session_id });
  }
});

test('trace on the sample course: clicks and fills on answer controls become responses (a checkbox toggles within the answer); automation_available without any interaction_id', async () => {
  const session_id = await open(WATER_CYCLE);
  try {
    await callTool(server.client, 'scorm_automation_go_to_slide', { session_id, slideId: 'check-1' });
    const r = await trace(session_id, {
      actions: [
        { type: 'click', selector: 'input[name=q_evaporation][value=evaporation]' },
        { type: 'click', selector: 'input[name=q_precipitation][value=rain]' },
        { type: 'fill', selector: 'input[name=q_precipitation][value=snow]', value: true },
        { type: 'click', selector: 'input[name=q_precipitation][value=rain]' },
        { type: 'fill', selector: 'input[name=q_clouds][value=false]', value: true },
      ],
    });
    assert.equal(r.automation_available, true, 'checked although no action names an interaction');
    assert.deepEqual(
      r.steps.map((s) => [s.path, s.interaction_id, s.response]),
      [
        ['automation', 'q_evaporation', 'evaporation'],
        ['automation', 'q_precipitation', ['rain']],
        ['automation', 'q_precipitation', ['rain', 'snow']],
        ['automation', 'q_precipitation', ['snow']],
        ['automation', 'q_clouds', false],
      ],
    );
    const got = await callTool<{ result: unknown }>(server.client, 'scorm_automation_get_response', {
      session_id,
      id: 'q_precipitation',
    });
    assert.deepEqual(got.result, ['snow'], 'the page holds what the trace says');
  } finally {
    await callTool(server.client, 'scorm_session_close', { session_id });
  }
});
