import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { existsSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { callTool, callToolError, startServer, type StartedServer } from '../helpers/mcp-client.js';
import { FIXTURES_DIR, SAMPLES_DIR } from '../helpers/paths.js';

const SAMPLE = join(SAMPLES_DIR, 'sample-course');
const COURSES = join(FIXTURES_DIR, 'courses');
const SCORM12 = join(COURSES, 'scorm12-single');
let server: StartedServer;

before(async () => {
  server = await startServer();
});
after(async () => {
  await server.close();
});

interface Call {
  index: number;
  method: string;
  args: unknown[];
  result: unknown;
  error_code?: string;
  timestamp?: number;
  source: string;
}
interface Anomaly {
  type: string;
  severity: string;
  message: string;
  fix: string;
  call_index?: number;
}
interface DebugResult {
  supported: boolean;
  entry_found: boolean;
  mode: string;
  scorm_version: string;
  calls: Call[];
  calls_truncated: boolean;
  metrics: {
    total_calls: number;
    by_method: Record<string, number>;
    first_ts: number | null;
    last_ts: number | null;
    duration_ms: number;
    methods?: string[];
  };
  anomalies?: Anomaly[];
  data_model?: Record<string, string>;
  data_changes?: Array<{ element: string; new_value: string }>;
}
interface IntegrationResult {
  api_test_results: {
    initialize_success: boolean;
    data_model_state: Record<string, string>;
    api_calls_captured?: Array<{
      method: string;
      parameters: unknown[];
      result: unknown;
      error_code: string;
    }>;
  };
  manifest_ok: boolean;
  scorm_version: string | null;
  scenario_ack: boolean;
  anomalies: Anomaly[];
  detected_issues: string[];
}

test('scorm_debug_api_calls runs a SCORM 2004 course, closes it like a learner and analyses every call', async () => {
  const r = await callTool<DebugResult>(server.client, 'scorm_debug_api_calls', {
    workspace_path: SAMPLE,
    include_data_model_state: true,
    settle_ms: 300,
  });
  assert.equal(r.supported, true);
  assert.equal(r.entry_found, true);
  assert.equal(r.mode, 'run');
  assert.equal(r.scorm_version, '2004');
  assert.equal(r.calls[0]?.method, 'Initialize');
  assert.equal(r.calls.at(-1)?.method, 'Terminate', 'the unload handler terminates');
  assert.equal(r.metrics.total_calls, r.calls.length);
  assert.equal(r.metrics.by_method.SetValue, r.calls.filter((c) => c.method === 'SetValue').length);
  assert.ok(Object.keys(r.metrics.by_method).includes('Commit'));
  assert.equal(r.metrics.methods, undefined, 'by_method says the methods, in the order of first use');
  assert.equal(r.metrics.duration_ms, (r.metrics.last_ts ?? 0) - (r.metrics.first_ts ?? 0));
  // Said once: an error code only when there is an error, a time only when it moved on.
  assert.ok(r.calls.every((c) => c.error_code !== '0'));
  assert.equal(typeof r.calls[0]?.timestamp, 'number');
  const times = r.calls.filter((c) => c.timestamp !== undefined).map((c) => c.timestamp!);
  assert.ok(times.every((t, i) => i === 0 || t !== times[i - 1]));
  assert.deepEqual(
    (r.anomalies ?? []).filter((a) => a.severity === 'error'),
    [],
  );
  assert.equal(r.data_model?.['cmi.location'], 'intro');
  assert.ok(r.data_changes?.some((c) => c.element === 'cmi.exit' && c.new_value === 'suspend'));
  // A probe leaves no saved learner state behind.
  const stateDir = join(server.dataDir, 'scorm-sessions');
  assert.ok(!existsSync(stateDir) || readdirSync(stateDir).length === 0);

  const filtered = await callTool<DebugResult>(server.client, 'scorm_debug_api_calls', {
    workspace_path: SAMPLE,
    filter_methods: ['set_value', 'Commit'],
    detect_anomalies: false,
    settle_ms: 200,
  });
  assert.ok(filtered.calls.length > 0);
  assert.ok(filtered.calls.every((c) => c.method === 'SetValue' || c.method === 'Commit'));
  assert.ok(filtered.metrics.total_calls > filtered.calls.length, 'metrics cover every call');
  assert.equal(filtered.anomalies, undefined);
});

test('scorm_debug_api_calls on SCORM 1.2 reports LMS* calls and the missing LMSCommit', async () => {
  const r = await callTool<DebugResult>(server.client, 'scorm_debug_api_calls', {
    workspace_path: SCORM12,
    settle_ms: 200,
  });
  assert.equal(r.scorm_version, '1.2');
  assert.deepEqual(Object.keys(r.metrics.by_method).slice(0, 2), ['LMSInitialize', 'LMSGetValue']);
  const a = r.anomalies?.find((x) => x.type === 'missing_commit_before_terminate');
  assert.equal(a?.severity, 'warning');
  assert.match(a?.fix ?? '', /LMSCommit/);
});

test('scorm_debug_api_calls with a session analyses the running course so far', async () => {
  const opened = await callTool<{ session_id: string }>(server.client, 'scorm_open_course', {
    package_path: SAMPLE,
    new_attempt: true,
  });
  try {
    const r = await callTool<DebugResult>(server.client, 'scorm_debug_api_calls', {
      session_id: opened.session_id,
      include_data_model_state: true,
    });
    assert.equal(r.mode, 'session');
    assert.equal(r.calls[0]?.method, 'Initialize');
    // Still running: no Terminate yet, and that is not an anomaly.
    assert.ok(!r.anomalies?.some((a) => a.type === 'missing_terminate'));
    assert.equal(r.data_model?.['cmi.completion_status'], 'incomplete');
  } finally {
    await callTool(server.client, 'scorm_close_course', { session_id: opened.session_id });
  }
});

test('scorm_test_api_integration: SCORM 2004 and 1.2 courses initialize; captured calls on request', async () => {
  const r = await callTool<IntegrationResult>(server.client, 'scorm_test_api_integration', {
    workspace_path: SAMPLE,
    capture_api_calls: true,
    test_scenario: { steps: [{ api: 'GetValue', args: ['cmi.location'] }] },
    settle_ms: 200,
  });
  assert.equal(r.api_test_results.initialize_success, true);
  assert.equal(r.api_test_results.data_model_state['cmi.exit'], 'suspend');
  assert.deepEqual(r.api_test_results.api_calls_captured?.[0], {
    ...r.api_test_results.api_calls_captured?.[0],
    method: 'Initialize',
    parameters: [''],
    result: 'true',
    error_code: '0',
  });
  assert.equal(r.manifest_ok, true);
  assert.equal(r.scorm_version, '2004');
  assert.equal(r.scenario_ack, true);
  assert.deepEqual(r.detected_issues, []);

  const r12 = await callTool<IntegrationResult>(server.client, 'scorm_test_api_integration', {
    workspace_path: SCORM12,
    settle_ms: 200,
  });
  assert.equal(r12.api_test_results.initialize_success, true);
  assert.equal(r12.scorm_version, '1.2');
  assert.equal(r12.api_test_results.api_calls_captured, undefined);
  assert.equal(r12.scenario_ack, false);
  assert.equal(r12.api_test_results.data_model_state['cmi.core.lesson_location'], 'page1');
  assert.ok(r12.detected_issues.some((i) => i.includes('missing_commit_before_terminate')));
});

test('scorm_test_api_integration: a SCO that never initializes is reported, not an error', async () => {
  const r = await callTool<IntegrationResult>(server.client, 'scorm_test_api_integration', {
    workspace_path: join(COURSES, 'never-initialize'),
    settle_ms: 200,
  });
  assert.equal(r.api_test_results.initialize_success, false);
  assert.equal(r.anomalies[0]?.type, 'initialize_never_called');
  assert.match(r.detected_issues[0] ?? '', /^error: initialize_never_called/);
});

test('debug tools fail fast with precise codes', async () => {
  assert.equal(
    (await callToolError(server.client, 'scorm_debug_api_calls', {})).error_code,
    'MCP_INVALID_PARAMS',
  );
  assert.equal(
    (
      await callToolError(server.client, 'scorm_debug_api_calls', {
        workspace_path: SAMPLE,
        filter_methods: ['Launch'],
      })
    ).error_code,
    'MCP_INVALID_PARAMS',
  );
  assert.equal(
    (await callToolError(server.client, 'scorm_debug_api_calls', { session_id: 'sess_nope' })).error_code,
    'MCP_UNKNOWN_SESSION',
  );
  const launch = await callToolError(server.client, 'scorm_test_api_integration', {
    workspace_path: join(COURSES, 'missing-launch'),
  });
  assert.equal(launch.error_code, 'MANIFEST_LAUNCH_NOT_FOUND');
  assert.equal(
    (await callToolError(server.client, 'scorm_test_api_integration', { workspace_path: '/no/such/course' }))
      .error_code,
    'PATH_RESOLUTION_ERROR',
  );
});
