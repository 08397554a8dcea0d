/**
 * Issue 24: a wrapper extension (eXeLearning's pipwerks additions) defines one function per element, each
 * naming the element of the version it finds, and the course calls only some. Functions nothing calls
 * never reach the LMS, so what they would send gives no finding; a called one's mistake is an error at the
 * line where it is written, and the run agrees: the LMS rejects that call and no other.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { join } from 'node:path';
import { cli } from '../helpers/cli.js';
import { FIXTURES_DIR } from '../helpers/paths.js';

const COURSE = join(FIXTURES_DIR, 'courses', 'validate-uncalled-extension');

interface JsonFinding {
  rule: string;
  severity: string;
  file: string;
  line: number;
}

test('validate: no finding for the extension functions nothing calls, an error at each version arm of the one the lesson calls', async () => {
  const r = await cli('validate', COURSE, '--format', 'json');
  const json = JSON.parse(r.stdout) as { errors: JsonFinding[]; warnings: JsonFinding[] };
  const api = [...json.errors, ...json.warnings].filter((f) => f.rule.startsWith('api.'));
  assert.deepEqual(
    api.map((f) => [f.rule, f.severity, f.file, f.line]),
    [
      ['api.read_only_write', 'error', 'lms-extension.js', 47],
      ['api.read_only_write', 'error', 'lms-extension.js', 48],
    ],
  );
  assert.equal(r.status, 1);
});

test('run: the LMS rejects the called function’s write and nothing else', async () => {
  const r = await cli('run', COURSE, '--json');
  const json = JSON.parse(r.stdout) as {
    api_calls: { method: string; args: string[]; error_code: string }[];
    anomalies: { type: string; element?: string }[];
  };
  const rejected = json.api_calls
    .filter((c) => c.error_code !== '0')
    .map((c) => [c.method, c.args[0], c.error_code]);
  assert.deepEqual(rejected, [['LMSSetValue', 'cmi.core.entry', '403']]);
  assert.deepEqual(
    json.anomalies.map((a) => [a.type, a.element]),
    [['set_value_rejected', 'cmi.core.entry']],
  );
});
