/**
 * `validate` agrees with `run` on two patterns of real exports that used to get false errors: a
 * player library the launch page inserts only under an opt-in condition (Captivate's video loaders),
 * and a runtime that supports both SCORM versions and keeps each version's calls on its own branch
 * (Lectora). Both packages validate without errors, and the offline run starts and ends the SCO.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { join } from 'node:path';
import { cli } from '../helpers/cli.js';
import { withCourseText } from '../helpers/course-text.js';
import { FIXTURES_DIR } from '../helpers/paths.js';

const course = (name: string) => join(FIXTURES_DIR, 'courses', name);

interface JsonFinding {
  rule: string;
  severity: string;
  message: string;
  file: string;
  line: number;
  details?: Record<string, unknown>;
  course_text?: { quoted?: { text: string }[] };
}
interface ValidationJson {
  valid: boolean;
  errors: JsonFinding[];
  warnings: JsonFinding[];
}
interface RunJson {
  initialized: boolean;
  api_calls: { method: string; args: string[] }[];
  anomalies: { type: string; severity: string }[];
}

async function validate(dir: string): Promise<{ status: number | null; json: ValidationJson }> {
  const r = await cli('validate', dir, '--format', 'json');
  return { status: r.status, json: JSON.parse(r.stdout) as ValidationJson };
}

async function run(dir: string): Promise<{ status: number | null; json: RunJson }> {
  const r = await cli('run', dir, '--json');
  return { status: r.status, json: JSON.parse(r.stdout) as RunJson };
}

test('a player script inserted only under an opt-in condition: a warning naming it, and the offline run works', async () => {
  const dir = course('validate-guarded-loader');
  const v = await validate(dir);
  assert.equal(v.status, 0, JSON.stringify(v.json.errors));
  assert.deepEqual(v.json.errors, []);
  const deps = v.json.warnings.filter((f) => f.rule === 'deps.external_script');
  assert.deepEqual(
    deps.map((f) => [f.file, f.line, f.details?.['conditional'], f.details?.['condition_line']]),
    [['index.html', 10, true, 8]],
  );
  assert.doesNotMatch(deps[0]?.message ?? '', /lessonEmbedsStreamingVideo/);
  assert.match(
    withCourseText(deps[0] ?? {}, deps[0]?.message ?? ''),
    /only when the condition window\.lessonEmbedsStreamingVideo && !window\.streamingPlayerLoaded \(line 8\) holds/,
  );

  const r = await run(dir);
  assert.equal(r.status, 0, JSON.stringify(r.json.anomalies));
  assert.equal(r.json.initialized, true);
  assert.deepEqual(
    r.json.anomalies.filter((a) => a.severity === 'error'),
    [],
  );
});

test('a runtime for both SCORM versions: no api.version_mismatch, and the 1.2 run takes the 1.2 branch', async () => {
  const dir = course('validate-version-branches');
  const v = await validate(dir);
  assert.equal(v.status, 0, JSON.stringify(v.json.errors));
  assert.deepEqual(
    [...v.json.errors, ...v.json.warnings].filter((f) => f.rule.startsWith('api.')).map((f) => f.rule),
    [],
  );

  const r = await run(dir);
  assert.equal(r.status, 0, JSON.stringify(r.json.anomalies));
  const names = r.json.api_calls.filter((c) => c.method === 'LMSSetValue').map((c) => c.args[0]);
  assert.deepEqual(names, ['cmi.core.session_time']);
});
