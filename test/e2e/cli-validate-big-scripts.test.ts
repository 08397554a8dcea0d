import { test } from 'node:test';
import assert from 'node:assert/strict';
import { join } from 'node:path';
import { formatOutcome } from '../../src/report/index.js';
import { validatePackage } from '../../src/validate/validate-package.js';
import { PRECHECK_MIN_BYTES } from '../../src/lint/api-usage/syntax-precheck.js';
import { cli } from '../helpers/cli.js';
import { copySample } from '../helpers/course-builder.js';
import { libraryCode } from '../helpers/library-code.js';

test('CLI validate of a folder with megabytes of scripts (checked from start-up on) reports what the in-process validation reports', async () => {
  const dir = copySample('sample-course', {
    'lib/big-a.js': libraryCode(PRECHECK_MIN_BYTES * 0.6, 1),
    'lib/big-b.js': libraryCode(PRECHECK_MIN_BYTES * 0.6, 2),
    'lib/broken.js': `${libraryCode(10_000, 3)}\nvar x = {;`,
    'lib/remote.js': `${libraryCode(10_000, 4)};fetch("https://cdn.example.com/data.json");window.open('next.html')`,
  });
  const inProcess = await validatePackage(dir, { level: 'strict' });
  const expected = formatOutcome(inProcess, 'json');
  await inProcess.cleanup();
  type Listed = { rule: string; file: string }[];
  const json = JSON.parse(expected) as { errors: Listed; warnings: Listed; info: Listed };
  const rules = [...json.errors, ...json.warnings, ...json.info].map((f) => `${f.rule} ${f.file}`);
  assert.ok(rules.includes('api.parse_error lib/broken.js'), expected);
  assert.ok(rules.includes('deps.external_request lib/remote.js'), expected);

  for (const path of [dir, join(dir, 'imsmanifest.xml')]) {
    const r = await cli('validate', path, '--format', 'json');
    assert.equal(r.stdout, expected, `${path}: ${r.stderr}`);
  }
});
