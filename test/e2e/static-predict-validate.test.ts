/**
 * `validate` predicts what `run` would show: the CLI and the MCP validation tools on the static-predict
 * fixtures (no API code, API code never reached, a CDN script before Initialize, protocol-relative URLs,
 * a web font from a CDN), the score of unusable packages, and CONTENT_FILE_MISSING from the API lint.
 */
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { join } from 'node:path';
import { callTool, callToolError, startServer, type StartedServer } from '../helpers/mcp-client.js';
import { FIXTURES_DIR, REPO_ROOT } from '../helpers/paths.js';
import type { CourseTexts } from '../../src/core/course-text.js';
import { courseTextOf, withCourseText } from '../helpers/course-text.js';

const CLI = join(REPO_ROOT, 'dist/bundle/cli-main.js');
const course = (name: string) => join(FIXTURES_DIR, 'courses', name);

interface JsonFinding {
  rule: string;
  severity: string;
  message: string;
  file: string;
  line: number;
  details?: Record<string, unknown>;
}
interface ValidationJson {
  valid: boolean;
  compliance_score: number;
  errors: JsonFinding[];
  warnings: JsonFinding[];
  info: JsonFinding[];
}

function validate(dir: string): { status: number | null; json: ValidationJson } {
  const r = spawnSync(process.execPath, [CLI, 'validate', dir, '--format', 'json'], {
    encoding: 'utf8',
    cwd: REPO_ROOT,
  });
  return { status: r.status, json: JSON.parse(r.stdout) as ValidationJson };
}

const rulesOf = (findings: JsonFinding[]) => findings.map((f) => f.rule).sort();

let server: StartedServer;
before(async () => {
  server = await startServer();
});
after(async () => {
  await server.close();
});

test('CLI validate: each pattern gets its finding, with the launch chain as structured data', () => {
  const noScripts = validate(course('static-predict-no-scripts'));
  assert.equal(noScripts.status, 1);
  assert.deepEqual(rulesOf(noScripts.json.errors), ['api.discovery_missing']);
  assert.equal(noScripts.json.errors[0]?.details?.['reason'], 'no_scripts');

  const unreached = validate(course('static-predict-unreached'));
  assert.equal(unreached.status, 1);
  const chain = unreached.json.errors[0]?.details?.['chain'] as { file: string }[];
  assert.deepEqual(
    chain.map((c) => c.file),
    ['index.html', 'js/app.js'],
  );
  assert.match(
    withCourseText(unreached.json.errors[0] ?? {}, unreached.json.errors[0]?.message ?? ''),
    /scorm\/wrapper\.js contains API code/,
  );

  const jquery = validate(course('static-predict-cdn-jquery'));
  assert.equal(jquery.status, 1);
  assert.deepEqual(rulesOf(jquery.json.errors), ['deps.external_script']);

  const relative = validate(course('static-predict-protocol-relative'));
  assert.equal(relative.status, 0, 'warnings only');
  assert.deepEqual(
    rulesOf(relative.json.warnings).filter((r) => r.startsWith('deps.')),
    ['deps.external_media', 'deps.external_stylesheet'],
  );

  const font = validate(course('static-predict-webfont'));
  assert.equal(font.status, 0);
  assert.deepEqual(rulesOf(font.json.info), ['deps.external_font', 'deps.external_font']);
});

test('CLI validate: a missing launch file scores 0', () => {
  const r = validate(course('missing-launch'));
  assert.equal(r.status, 1);
  assert.equal(r.json.compliance_score, 0);
  assert.deepEqual(rulesOf(r.json.errors), ['cp.launch_file_missing']);
});

test('scorm_lint_api_usage: the launch-chain finding with its chain; CONTENT_FILE_MISSING for a missing launch file', async () => {
  const lint = await callTool<{ issues: { rule: string; severity: string; details?: { reason: string } }[] }>(
    server.client,
    'scorm_lint_api_usage',
    { workspace_path: course('static-predict-unreached') },
  );
  const issue = lint.issues.find((i) => i.rule === 'api.discovery_missing');
  assert.equal(issue?.severity, 'error');
  assert.equal(issue?.details?.reason, 'api_not_reached');

  const missing = await callToolError(server.client, 'scorm_lint_api_usage', {
    workspace_path: course('missing-launch'),
  });
  assert.equal(missing.error_code, 'CONTENT_FILE_MISSING');
  // The field as the default isError result names it (structuredContent.details), not the JSON-RPC data.details.
  assert.match(missing.message, /the error's details list them \(details\.course_text\.missing_files/);
  assert.doesNotMatch(missing.message, /data\.details/);
  const details = missing.data.details as {
    lines: number[];
    course_text: { missing_files: Array<{ text: string }>; resources: Array<{ text: string }> };
  };
  assert.ok(details.course_text.missing_files.some((f) => f.text === 'start.html'));
  assert.ok(details.course_text.resources.every((r) => r.text === 'res'));
  assert.ok((details.lines[0] ?? 0) > 0);
});

test('scorm_validate_workspace: external dependencies are under "files"; lint_manifest leaves them out', async () => {
  const ws = await callTool<{
    compliance_score: number;
    validation_results: { files: { errors: string[] }; api_usage: { errors?: string[] } };
  }>(server.client, 'scorm_validate_workspace', { workspace_path: course('static-predict-cdn-jquery') });
  assert.equal(ws.validation_results.files.errors.length, 1);
  assert.match(ws.validation_results.files.errors[0] ?? '', /\[deps\.external_script\]/);
  assert.equal(ws.validation_results.api_usage.errors, undefined, 'no error on the page: left out');

  const manifest = await callTool<{ errors: string[]; warnings: string[] }>(
    server.client,
    'scorm_lint_manifest',
    {
      workspace_path: course('static-predict-cdn-jquery'),
    },
  );
  assert.equal(
    [...manifest.errors, ...manifest.warnings].some((e) => e.includes('deps.')),
    false,
  );
});

test('CLI run: "never initialized" names the likely cause and the static rule that predicts it', async () => {
  const run = (name: string) =>
    spawnSync(process.execPath, [CLI, 'run', course(name), '--json', '--settle-ms', '200'], {
      encoding: 'utf8',
      cwd: REPO_ROOT,
    });
  const anomalyOf = (r: ReturnType<typeof run>) =>
    (
      JSON.parse(r.stdout) as {
        anomalies: {
          type: string;
          likely_cause?: string;
          predicted_by?: string;
          course_text?: CourseTexts;
        }[];
      }
    ).anomalies.find((a) => a.type === 'initialize_never_called');

  const jquery = run('static-predict-cdn-jquery');
  assert.equal(jquery.status, 1, jquery.stderr);
  const blocked = anomalyOf(jquery);
  assert.equal(blocked?.predicted_by, 'deps.external_script');
  assert.match(blocked?.likely_cause ?? '', /`course_text.blocked_scripts` was blocked/);
  assert.match(courseTextOf(blocked!, 'blocked_scripts'), /code\.jquery\.com/);

  const noScripts = run('static-predict-no-scripts');
  assert.equal(noScripts.status, 1, noScripts.stderr);
  const none = anomalyOf(noScripts);
  assert.equal(none?.predicted_by, 'api.discovery_missing');
  // Counted in the page itself, not guessed from the requests.
  assert.match(none?.likely_cause ?? '', /page in `course_text.pages` has no script element at all/);
  assert.equal(courseTextOf(none!, 'pages'), 'index.html');
});
