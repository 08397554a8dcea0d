/**
 * A course that keeps allocating JavaScript heap (issue 20; the hostile course held about 3 GB): past the
 * run's memory budget its script is stopped, an error anomaly names the heap measured, the budget, the
 * SCO and the attempt, the session stays usable and the learner data the course set is kept. Through the
 * real MCP server and the real CLI, in real Chromium.
 */
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { join } from 'node:path';
import {
  callTool,
  callToolError,
  openSessionRuntime,
  startServer,
  type StartedServer,
} from '../helpers/mcp-client.js';
import { cli } from '../helpers/cli.js';
import { FIXTURES_DIR } from '../helpers/paths.js';
import { until } from '../helpers/until.js';

const HOG = join(FIXTURES_DIR, 'courses/memory-hog');
const BUDGET_MB = 128;

interface AnomalyView {
  type: string;
  severity: string;
  message: string;
  sco_id?: string;
  attempt?: number;
  measured_bytes?: number;
  budget_bytes?: number;
}

let server: StartedServer;
before(async () => {
  server = await startServer();
});
after(async () => {
  await server.close();
});

const call = <T = Record<string, unknown>>(name: string, args: Record<string, unknown> = {}) =>
  callTool<T>(server.client, name, args);

test(
  'past its memory budget the course is stopped with an error anomaly; the session and its data stay',
  { timeout: 120_000 },
  async () => {
    const sessionId = await openSessionRuntime(server.client, HOG, {
      execution: { memory_budget_mb: BUDGET_MB },
    });
    const anomaly = await until(
      async () => {
        const debug = await call<{ anomalies?: AnomalyView[] }>('scorm_debug_api_calls', {
          session_id: sessionId,
        });
        return debug.anomalies?.find((a) => a.type === 'memory_budget_exceeded');
      },
      'the memory budget anomaly',
      60_000,
    );
    assert.equal(anomaly.severity, 'error');
    assert.equal(anomaly.sco_id, 'item');
    assert.equal(anomaly.attempt, 1);
    assert.equal(anomaly.budget_bytes, BUDGET_MB * 1024 * 1024);
    assert.ok(
      (anomaly.measured_bytes ?? 0) > (anomaly.budget_bytes ?? 0),
      'the measured heap is over the budget',
    );
    assert.match(
      anomaly.message,
      /\(sco_id, attempt\) held \d+ MB of JavaScript heap, over the run's budget of 128 MB\./,
    );

    // The course's timer no longer runs: its tick count stays put across several calls.
    const ticks = async (): Promise<number> =>
      (
        await call<{ result: number }>('scorm_dom_evaluate', {
          session_id: sessionId,
          expression: 'window.ticks',
        })
      ).result;
    const first = await ticks();
    const values = await call<{ data: Record<string, string> }>('scorm_data_model_get', {
      session_id: sessionId,
      elements: ['cmi.location', 'cmi.suspend_data'],
    });
    assert.deepEqual(values.data, { 'cmi.location': 'before-the-hog', 'cmi.suspend_data': 'kept' });
    // The agent can still use the API.
    const set = await call<{ result: string }>('scorm_api_call', {
      session_id: sessionId,
      method: 'SetValue',
      args: ['cmi.exit', 'suspend'],
    });
    assert.equal(set.result, 'true');
    assert.equal(await ticks(), first, 'no course script ran since it was stopped');

    const closed = await call<{ success: boolean; saved_state_path: string | null }>('scorm_session_close', {
      session_id: sessionId,
    });
    assert.equal(closed.success, true, 'the learner data is saved at close');
    const reopened = await call<{ session_id: string; learner_data?: Record<string, string> }>(
      'scorm_open_course',
      {
        package_path: HOG,
      },
    );
    const kept = await call<{ data: Record<string, string> }>('scorm_data_model_get', {
      session_id: reopened.session_id,
      elements: ['cmi.location', 'cmi.suspend_data'],
    });
    assert.deepEqual(
      kept.data,
      { 'cmi.location': 'before-the-hog', 'cmi.suspend_data': 'kept' },
      'resumed with its data',
    );
    await call('scorm_session_close', { session_id: reopened.session_id });
  },
);

test('a budget below the minimum is refused, naming the allowed range', async () => {
  const refused = await callToolError(server.client, 'scorm_session_open', {
    package_path: HOG,
    execution: { memory_budget_mb: 10 },
  });
  assert.equal(refused.error_code, 'MCP_INVALID_PARAMS');
  assert.match(refused.message, /0 \(none\) or a whole number of MB from 64 to 3072/);
});

test(
  'CLI run: --memory-budget-mb stops the course and reports the anomaly; a bad value exits 2',
  { timeout: 120_000 },
  async () => {
    const run = await cli(
      'run',
      HOG,
      '--json',
      '--memory-budget-mb',
      String(BUDGET_MB),
      '--settle-ms',
      '3000',
    );
    assert.equal(run.status, 1, run.stderr);
    const report = JSON.parse(run.stdout) as { anomalies: AnomalyView[] };
    const anomaly = report.anomalies.find((a) => a.type === 'memory_budget_exceeded');
    assert.ok(anomaly, JSON.stringify(report.anomalies.map((a) => a.type)));
    assert.equal(anomaly.budget_bytes, BUDGET_MB * 1024 * 1024);
    const bad = await cli('run', HOG, '--memory-budget-mb', 'lots');
    assert.equal(bad.status, 2);
    assert.match(
      bad.stderr,
      /--memory-budget-mb: the memory budget must be 0 \(none\) or a whole number of MB from 64 to 3072 \(got "lots"\)/,
    );
  },
);
