/**
 * The run verdicts through MCP scorm_debug_api_calls: a refused SetValue the SCO checked, an interaction
 * added without a false record_engine_mismatch, and an asset-only package with no lifecycle anomaly.
 */
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { callTool, startServer, type StartedServer } from '../helpers/mcp-client.js';
import { singleScoPackage } from '../helpers/single-sco.js';

let server: StartedServer;
before(async () => {
  server = await startServer();
});
after(async () => {
  await server.close();
});

interface DebugResult {
  anomalies?: Array<{
    type: string;
    severity: string;
    message: string;
    call_index?: number;
    element?: string;
    sco_id?: string;
    attempt?: number;
  }>;
  data_changes?: Array<{ element: string; old_value: string | null; new_value: string; source: string }>;
}

test('scorm_debug_api_calls: a checked 407 is set_value_rejected; a new interaction brings its _count, no mismatch', async () => {
  const dir = singleScoPackage({
    version: '2004',
    script:
      "api.Initialize('');api.SetValue('cmi.interactions.0.id','q1');api.SetValue('cmi.interactions.0.type','true-false');" +
      "api.SetValue('cmi.interactions.0.learner_response','true');api.SetValue('cmi.interactions.0.result','correct');" +
      "api.SetValue('cmi.score.scaled','50');api.GetLastError();api.SetValue('cmi.completion_status','completed');" +
      "api.SetValue('cmi.session_time','PT5S');api.SetValue('cmi.exit','normal');api.Commit('');api.Terminate('');",
  });
  const r = await callTool<DebugResult>(server.client, 'scorm_debug_api_calls', {
    workspace_path: dir,
    include_data_model_state: true,
    settle_ms: 300,
  });
  assert.deepEqual(
    r.anomalies?.map((a) => [a.type, a.severity, a.call_index, a.element, a.sco_id, a.attempt]),
    [['set_value_rejected', 'error', 5, 'cmi.score.scaled', 'lesson', 1]],
  );
  assert.match(r.anomalies?.[0]?.message ?? '', /error 407/);
  const count = r.data_changes?.filter((c) => c.element === 'cmi.interactions._count');
  assert.deepEqual(
    count?.map((c) => [c.new_value, c.source]),
    [['1', 'internal']],
    JSON.stringify(r.data_changes),
  );
});

test('scorm_debug_api_calls on an asset-only package: only an info saying it is an asset', async () => {
  const dir = singleScoPackage({
    version: '1.2',
    scormType: 'asset',
    script: "document.body.append('plain');",
  });
  const r = await callTool<DebugResult>(server.client, 'scorm_debug_api_calls', {
    workspace_path: dir,
    settle_ms: 300,
  });
  assert.deepEqual(
    r.anomalies?.map((a) => [a.type, a.severity]),
    [['asset_not_tracked', 'info']],
  );
});
