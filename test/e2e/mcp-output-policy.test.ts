/**
 * The write policy through the real server: `scorm_report` and `scorm_validate_compliance` write only
 * inside the session workspace or SCORM_TESTER_OUTPUT_DIR, never over a file that is not ours, and a
 * path that cannot answer fails fast. Reproduces the findings of issue 6 (the password file replaced by
 * an HTML report; no answer within 120 s for a path inside /proc) with temp files standing in.
 */
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { existsSync, readFileSync, realpathSync, symlinkSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { callTool, callToolError, startServer, type StartedServer } from '../helpers/mcp-client.js';
import { makeFifo } from '../helpers/fifo.js';
import { SAMPLES_DIR } from '../helpers/paths.js';
import { tempDir } from '../helpers/temp.js';

const SAMPLE = join(SAMPLES_DIR, 'sample-course');
const PASSWD = 'root:x:0:0:root:/root:/bin/bash\ndaemon:x:1:1:daemon:/usr/sbin:/usr/sbin/nologin\n';
let server: StartedServer;

before(async () => {
  server = await startServer();
});
after(async () => {
  await server.close();
});

interface ReportData {
  valid: boolean;
  report_path: string;
  artifact?: { type: string; path: string };
  artifacts_manifest_path?: string;
}

test('finding: output_path at an existing file outside the allowed folders is refused, and the file is left intact', async () => {
  const passwd = join(tempDir('scorm-tester-etc-'), 'passwd');
  writeFileSync(passwd, PASSWD);
  for (const outputPath of [passwd, `${passwd}.html`]) {
    const e = await callToolError(server.client, 'scorm_report', {
      workspace_path: SAMPLE,
      output_path: outputPath,
    });
    assert.equal(e.error_code, 'OUTPUT_PATH_REFUSED');
  }
  const outside = await callToolError(server.client, 'scorm_report', {
    workspace_path: SAMPLE,
    output_path: `${passwd}.html`,
  });
  assert.ok(outside.message.includes(realpathSync(server.outputDir)), outside.message);
  assert.match(outside.message, /SCORM_TESTER_OUTPUT_DIR/);
  assert.equal(readFileSync(passwd, 'utf8'), PASSWD);
  assert.equal(existsSync(`${passwd}.html`), false);
});

test('inside the output root: a file that is not ours, a link to outside, a FIFO are all refused', async () => {
  const mine = join(server.outputDir, 'notes.html');
  writeFileSync(mine, '<p>my own notes</p>\n');
  const notOurs = await callToolError(server.client, 'scorm_report', {
    workspace_path: SAMPLE,
    output_path: 'notes.html',
  });
  assert.equal(notOurs.error_code, 'OUTPUT_PATH_REFUSED');
  assert.match(notOurs.message, /not an HTML report written by scorm-tester/);
  assert.equal(readFileSync(mine, 'utf8'), '<p>my own notes</p>\n');

  const passwd = join(tempDir('scorm-tester-etc-'), 'passwd');
  writeFileSync(passwd, PASSWD);
  symlinkSync(dirname(passwd), join(server.outputDir, 'etc'));
  symlinkSync(passwd, join(server.outputDir, 'passwd.html'));
  for (const outputPath of ['etc/passwd.html', 'passwd.html', join(server.outputDir, 'etc', 'x.html')]) {
    const e = await callToolError(server.client, 'scorm_report', {
      workspace_path: SAMPLE,
      output_path: outputPath,
    });
    assert.equal(e.error_code, 'OUTPUT_PATH_REFUSED', outputPath);
  }
  assert.equal(readFileSync(passwd, 'utf8'), PASSWD);
  assert.equal(existsSync(join(dirname(passwd), 'passwd.html')), false);

  makeFifo(join(server.outputDir, 'pipe.html'));
  const fifo = await callToolError(server.client, 'scorm_report', {
    workspace_path: SAMPLE,
    output_path: 'pipe.html',
  });
  assert.equal(fifo.error_code, 'OUTPUT_PATH_REFUSED');
  assert.match(fifo.message, /FIFO/);
});

test('finding: output_path inside /proc answers at once (it did not answer within 120 s)', async () => {
  // Answering at all is the point: the call used to hang; how fast it refuses is the benchmark's (limits).
  const e = await callToolError(server.client, 'scorm_report', {
    workspace_path: SAMPLE,
    output_path: '/proc/self/no-such-dir/deeper/report.html',
  });
  assert.equal(e.error_code, 'OUTPUT_PATH_REFUSED');
  // The server still answers.
  const ok = await callTool<ReportData>(server.client, 'scorm_report', {
    workspace_path: SAMPLE,
    output_path: 'after-proc.html',
  });
  assert.equal(ok.report_path, join(realpathSync(server.outputDir), 'after-proc.html'));
});

test('only .html; our own report is replaced; relative paths start at SCORM_TESTER_OUTPUT_DIR; json format writes nothing', async () => {
  const wrongExt = await callToolError(server.client, 'scorm_report', {
    workspace_path: SAMPLE,
    output_path: 'report.sh',
  });
  assert.equal(wrongExt.error_code, 'OUTPUT_PATH_REFUSED');
  assert.match(wrongExt.message, /\.html/);
  const first = await callTool<ReportData>(server.client, 'scorm_report', {
    workspace_path: SAMPLE,
    output_path: 'nested/again.html',
  });
  const second = await callTool<ReportData>(server.client, 'scorm_report', {
    workspace_path: SAMPLE,
    output_path: 'nested/again.html',
  });
  assert.equal(first.report_path, second.report_path);
  assert.match(readFileSync(second.report_path, 'utf8'), /<meta name="generator" content="scorm-tester /);
  const defaulted = await callTool<ReportData>(server.client, 'scorm_report', { workspace_path: SAMPLE });
  assert.equal(dirname(defaulted.report_path), realpathSync(server.outputDir));
  const compliance = await callTool<{ validation_report: string }>(
    server.client,
    'scorm_validate_compliance',
    {
      workspace_path: SAMPLE,
    },
  );
  assert.equal(dirname(compliance.validation_report), realpathSync(server.outputDir));
  const json = await callTool<ReportData>(server.client, 'scorm_report', {
    workspace_path: SAMPLE,
    format: 'json',
  });
  assert.equal(json.report_path, null);
  const both = await callToolError(server.client, 'scorm_report', {
    workspace_path: SAMPLE,
    format: 'json',
    output_path: 'x.html',
  });
  assert.equal(both.error_code, 'MCP_INVALID_PARAMS');
});

test('scorm_report with session_id: the report is a session artifact listed in artifacts.json', async () => {
  const opened = await callTool<{ session_id: string; workspace_path: string }>(
    server.client,
    'scorm_session_open',
    {
      package_path: SAMPLE,
    },
  );
  const r = await callTool<ReportData>(server.client, 'scorm_report', {
    workspace_path: SAMPLE,
    session_id: opened.session_id,
  });
  assert.equal(r.artifact?.type, 'report');
  assert.ok(existsSync(r.report_path));
  const named = await callTool<ReportData>(server.client, 'scorm_report', {
    workspace_path: SAMPLE,
    session_id: opened.session_id,
    output_path: 'reports/final.html',
  });
  assert.equal(named.artifact?.path, 'reports/final.html');
  const manifest = JSON.parse(readFileSync(r.artifacts_manifest_path!, 'utf8')) as {
    artifacts: Array<{ type: string; path: string }>;
  };
  assert.deepEqual(
    manifest.artifacts.filter((a) => a.type === 'report').map((a) => a.path),
    [r.artifact!.path, 'reports/final.html'],
  );
  // With a session, the workspace is the only place: the output root is not.
  const elsewhere = await callToolError(server.client, 'scorm_report', {
    workspace_path: SAMPLE,
    session_id: opened.session_id,
    output_path: join(server.outputDir, 'x.html'),
  });
  assert.equal(elsewhere.error_code, 'OUTPUT_PATH_REFUSED');
  assert.match(elsewhere.message, /workspace of session/);
  const unknown = await callToolError(server.client, 'scorm_report', {
    workspace_path: SAMPLE,
    session_id: 'no-such-session',
  });
  assert.equal(unknown.error_code, 'MCP_UNKNOWN_SESSION');
  await callTool(server.client, 'scorm_session_close', { session_id: opened.session_id });
});
