import assert from 'node:assert/strict';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { after, test } from 'node:test';
import { isScormTesterError, type ErrorCode } from '../../src/core/errors.js';
import { validatePackage } from '../../src/validate/validate-package.js';
import { ValidationPool } from '../../src/validate/worker/validation-pool.js';
import { copySample } from '../helpers/course-builder.js';
import { SAMPLES_DIR } from '../helpers/paths.js';
import { tempDir } from '../helpers/temp.js';
import { buildZip } from '../helpers/zip-writer.js';

const SAMPLE = join(SAMPLES_DIR, 'sample-course');
const pool = new ValidationPool();
after(() => pool.close());

async function rejectsWith(promise: Promise<unknown>, code: ErrorCode): Promise<string> {
  try {
    await promise;
  } catch (error) {
    assert.ok(isScormTesterError(error), String(error));
    assert.equal(error.code, code, error.message);
    return error.message;
  }
  assert.fail(`expected ${code}`);
}

test('the worker finds exactly what an in-process validation finds, as plain data', async () => {
  const dir = copySample(undefined, {
    'quiz/quiz.js': "window.parent.API_1484_11.SetValue('cmi.exit', 'bogus');\n",
  });
  const inProcess = await validatePackage(dir, { level: 'pedantic' });
  await inProcess.cleanup();
  const pooled = await pool.validate(dir, { level: 'pedantic' });
  await pooled.release();
  assert.ok(pooled.findings.length > 0);
  assert.deepEqual(pooled.findings, inProcess.findings);
  assert.deepEqual(pooled.rules, inProcess.rules);
  assert.deepEqual(pooled.apiScannedFiles, inProcess.apiScannedFiles);
  assert.equal(pooled.scormVersion, inProcess.scormVersion);
  assert.equal('parsed' in pooled, false);
});

test('a zip is extracted for the caller and removed on release', async () => {
  const zip = join(tempDir('scorm-tester-pool-zip-'), 'course.zip');
  const files = ['imsmanifest.xml'];
  writeFileSync(zip, buildZip(files.map((name) => ({ name, data: readFileSync(join(SAMPLE, name)) }))));
  const v = await pool.validate(zip, { level: 'strict' });
  assert.ok(existsSync(join(v.packageRoot, 'imsmanifest.xml')), v.packageRoot);
  await v.release();
  assert.equal(existsSync(v.packageRoot), false);
});

test('errors keep their code across the thread boundary', async () => {
  await rejectsWith(
    pool.validate('/nonexistent/scorm-tester/course', { level: 'strict' }),
    'PATH_RESOLUTION_ERROR',
  );
  await rejectsWith(pool.validate(tempDir('scorm-tester-empty-'), { level: 'strict' }), 'PACKAGE_EMPTY');
});

test('a validation past its time bound is stopped with VALIDATION_TIMEOUT; the pool goes on', async () => {
  const hurried = new ValidationPool({ timeoutMs: 1 });
  try {
    const message = await rejectsWith(hurried.validate(SAMPLE, { level: 'strict' }), 'VALIDATION_TIMEOUT');
    assert.match(message, /SCORM_TESTER_VALIDATION_TIMEOUT_MS/);
  } finally {
    await hurried.close();
  }
  const v = await pool.validate(SAMPLE, { level: 'strict' });
  await v.release();
  assert.equal(v.scormVersion, '2004 4th Edition');
});

test('a worker that crashes gives VALIDATION_WORKER_CRASHED, and the next call gets a fresh worker', async () => {
  const crashing = new ValidationPool({
    workerUrl: new URL('../helpers/crashing-worker.js', import.meta.url),
  });
  try {
    const first = await rejectsWith(
      crashing.validate(SAMPLE, { level: 'strict' }),
      'VALIDATION_WORKER_CRASHED',
    );
    assert.match(first, /simulated crash/);
    await rejectsWith(crashing.validate(SAMPLE, { level: 'strict' }), 'VALIDATION_WORKER_CRASHED');
  } finally {
    await crashing.close();
  }
});

test('concurrent validations all complete (queued beyond the pool size)', async () => {
  const runs = await Promise.all(Array.from({ length: 5 }, () => pool.validate(SAMPLE, { level: 'strict' })));
  for (const v of runs) await v.release();
  assert.deepEqual(
    runs.map((v) => v.scormVersion),
    Array(5).fill('2004 4th Edition'),
  );
});
