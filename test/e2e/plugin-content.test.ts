/**
 * Content no browser runs is named: `validate` reports where a SCO's launch page embeds Flash
 * (deps.plugin_content, with file and line), and `run` / scorm_debug_api_calls report the
 * plugin_required anomaly seen in the SCO's frames, for a Flash `<object>` in the markup and for one
 * that SWFObject writes at run time.
 */
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { join } from 'node:path';
import { cli } from '../helpers/cli.js';
import { courseTextOf } from '../helpers/course-text.js';
import { callTool, startServer, type StartedServer } from '../helpers/mcp-client.js';
import { FIXTURES_DIR, SAMPLES_DIR } from '../helpers/paths.js';

const FLASH_OBJECT = join(FIXTURES_DIR, 'courses', 'plugin-flash-object');
const SWFOBJECT = join(FIXTURES_DIR, 'courses', 'plugin-swfobject');

interface JsonFinding {
  rule: string;
  severity: string;
  message: string;
  file: string;
  line: number;
  details?: Record<string, unknown>;
}
interface Anomaly {
  type: string;
  severity: string;
  message: string;
  sco_id?: string;
  attempt?: number;
  predicted_by?: string;
  course_text?: Record<string, unknown>;
}

let server: StartedServer;
before(async () => {
  server = await startServer();
});
after(async () => {
  await server.close();
});

function pluginRequired(anomalies: Anomaly[] | undefined): Anomaly {
  const found = (anomalies ?? []).filter((a) => a.type === 'plugin_required');
  assert.equal(found.length, 1, JSON.stringify(anomalies));
  const a = found[0] as Anomaly;
  assert.equal(a.severity, 'error');
  assert.equal(a.sco_id, 'flash_sco');
  assert.equal(a.attempt, 1);
  assert.equal(a.predicted_by, 'deps.plugin_content');
  assert.match(a.message, /needs Adobe Flash Player, a plug-in no current browser runs/);
  assert.equal(courseTextOf(a, 'seen_at'), 'index.html');
  return a;
}

test('CLI validate: a Flash <object> and a swfobject.embedSWF() call on the launch page are errors with file and line', async () => {
  for (const [dir, line, how, file] of [
    [FLASH_OBJECT, 13, '<object type>', 'movie.swf'],
    [SWFOBJECT, 11, 'swfobject.embedSWF()', 'course.swf'],
  ] as const) {
    const r = await cli('validate', dir, '--format', 'json');
    assert.equal(r.status, 1, r.stderr);
    const json = JSON.parse(r.stdout) as { errors: JsonFinding[] };
    const found = json.errors.filter((f) => f.rule === 'deps.plugin_content');
    assert.deepEqual(
      found.map((f) => [f.file, f.line, f.details?.['plugin'], f.details?.['how'], f.details?.['url']]),
      [['index.html', line, 'flash', how, file]],
    );
  }
});

test('CLI run --json: the Flash object SWFObject writes into the page is a plugin_required error', async () => {
  const r = await cli('run', SWFOBJECT, '--json', '--settle-ms', '300');
  const json = JSON.parse(r.stdout) as { anomalies: Anomaly[] };
  const a = pluginRequired(json.anomalies);
  assert.equal(courseTextOf(a, 'plugin_file'), 'course.swf');
});

test('scorm_debug_api_calls names the plug-in, in run mode and on an open session', async () => {
  const run = await callTool<{ anomalies?: Anomaly[] }>(server.client, 'scorm_debug_api_calls', {
    workspace_path: FLASH_OBJECT,
    settle_ms: 300,
  });
  assert.equal(courseTextOf(pluginRequired(run.anomalies), 'plugin_file'), 'movie.swf');

  const opened = await callTool<{ session_id: string }>(server.client, 'scorm_open_course', {
    package_path: FLASH_OBJECT,
    new_attempt: true,
  });
  try {
    const live = await callTool<{ anomalies?: Anomaly[] }>(server.client, 'scorm_debug_api_calls', {
      session_id: opened.session_id,
    });
    pluginRequired(live.anomalies);
  } finally {
    await callTool(server.client, 'scorm_close_course', { session_id: opened.session_id });
  }
});

test('a course without plug-in content gets no plugin_required', async () => {
  const r = await callTool<{ anomalies?: Anomaly[] }>(server.client, 'scorm_debug_api_calls', {
    workspace_path: join(SAMPLES_DIR, 'sample-course'),
    settle_ms: 200,
  });
  assert.ok(!(r.anomalies ?? []).some((a) => a.type === 'plugin_required'));
});
