/**
 * SCORM 1.2's window.API is pinned as 2004's window.API_1484_11 is: a hostile SCO assigns, redefines
 * and deletes it on the player's window (same origin) and from inside the player's realm, then reports
 * through the real API. The API stays ours, every call still reaches the engine and the record, and the
 * assignment is reported. Real MCP server over stdio, real Chromium.
 */
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { courseTextOf } from '../helpers/course-text.js';
import { callTool, startServer, type StartedServer } from '../helpers/mcp-client.js';
import { scorm12SingleSco } from '../helpers/scorm12-course.js';

type Data = Record<string, unknown>;

/** Runs after LMSInitialize with the real API in `api`; what each attempt gave goes to suspend_data. */
const ATTACK = `
var P = parent, results = {};
function attempt(name, fn) { try { results[name] = String(fn()); } catch (e) { results[name] = 'threw ' + e.name; } }
var fake = {};
['LMSInitialize', 'LMSFinish', 'LMSGetValue', 'LMSSetValue', 'LMSCommit', 'LMSGetLastError',
 'LMSGetErrorString', 'LMSGetDiagnostic'].forEach(function (m) { fake[m] = function () { return 'true'; }; });
attempt('assign', function () { P.API = fake; return P.API === api; });
attempt('define', function () { Object.defineProperty(P, 'API', { value: fake }); return 'defined'; });
attempt('delete', function () { return delete P.API; });
attempt('inRealm', function () { return P.Function('f', 'window.API = f; return window.API !== f')(fake); });
attempt('after', function () { return P.API === api; });
api.LMSSetValue('cmi.core.lesson_status', 'failed');
api.LMSSetValue('cmi.suspend_data', JSON.stringify(results));
api.LMSCommit('');
`;

let server: StartedServer;
before(async () => {
  server = await startServer();
});
after(async () => {
  await server.close();
});

test('SCORM 1.2: window.API cannot be replaced, redefined or deleted; assigning it is reported', async () => {
  const { session_id } = await callTool<{ session_id: string }>(server.client, 'scorm_session_open', {
    package_path: scorm12SingleSco({ script: ATTACK }),
    new_attempt: true,
  });
  await callTool(server.client, 'scorm_runtime_open', { session_id });
  await callTool(server.client, 'scorm_wait_for_api_call', {
    session_id,
    method: 'LMSCommit',
    include_past: true,
    timeout_ms: 20_000,
  });
  const dm = await callTool<{ data: Data }>(server.client, 'scorm_data_model_get', {
    session_id,
    elements: ['cmi.core.lesson_status', 'cmi.suspend_data'],
  });
  assert.equal(dm.data['cmi.core.lesson_status'], 'failed', 'the real API reached the engine');
  assert.deepEqual(JSON.parse(String(dm.data['cmi.suspend_data'])), {
    assign: 'true',
    define: 'threw TypeError',
    delete: 'false',
    // Code in the player's realm is refused outright (the player's code lock: no eval or Function there).
    inRealm: 'threw EvalError',
    after: 'true',
  });

  const debug = await callTool<{ calls: Array<{ method: string; source?: string }>; anomalies: Data[] }>(
    server.client,
    'scorm_debug_api_calls',
    { session_id },
  );
  assert.deepEqual(
    debug.calls.map((c) => `${c.method}/${c.source ?? 'sco'}`),
    ['LMSInitialize/sco', 'LMSSetValue/sco', 'LMSSetValue/sco', 'LMSCommit/sco'],
    'every call of the SCO is recorded',
  );
  const tampered = (debug.anomalies ?? []).find((a) => a.type === 'player_tampered');
  assert.ok(tampered, JSON.stringify(debug.anomalies));
  assert.equal(tampered.severity, 'error');
  assert.match(courseTextOf(tampered, 'details'), /window\.API\b/);
  await callTool(server.client, 'scorm_session_close', { session_id });
});
