import { test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdir, mkdtemp, rm, symlink, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ScormTesterError } from '../../src/core/errors.js';
import { API_USAGE_RULES, lintApiUsage, MAX_FILE_BYTES } from '../../src/lint/api-usage/lint-api-usage.js';
import { minifiedBundle } from '../helpers/minified-bundle.js';

async function withPackage<T>(files: Record<string, string>, fn: (dir: string) => Promise<T>): Promise<T> {
  const dir = await mkdtemp(join(tmpdir(), 'api-usage-robust-'));
  try {
    for (const [name, text] of Object.entries(files)) await writeFile(join(dir, name), text);
    return await fn(dir);
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

test('a 1 MB minified bundle completes (with and without SCORM calls)', async () => {
  await withPackage(
    {
      'vendor.min.js': minifiedBundle(1024 * 1024, false),
      'course.min.js': minifiedBundle(1024 * 1024, true),
    },
    async (dir) => {
      for (const file of ['vendor.min.js', 'course.min.js']) {
        // How long it takes is measured by the benchmark (npm run bench -- --only limits).
        const result = await lintApiUsage({ packageRoot: dir, scormVersion: '1.2', files: [file] });
        assert.deepEqual(result.scannedFiles, [file]);
        const rules = new Set(result.findings.map((f) => f.rule));
        assert.deepEqual([...rules], file === 'vendor.min.js' ? [] : ['api.discovery_missing']);
      }
    },
  );
});

test('files above the size cap are skipped with an info finding', async () => {
  await withPackage({ 'huge.js': 'x'.repeat(MAX_FILE_BYTES + 1), 'ok.js': 'var a;' }, async (dir) => {
    const result = await lintApiUsage({
      packageRoot: dir,
      scormVersion: '2004',
      files: ['huge.js', 'ok.js'],
    });
    assert.deepEqual(result.scannedFiles, ['ok.js']);
    assert.deepEqual(
      result.findings.map((f) => [f.rule, f.severity, f.file, f.line]),
      [['api.file_skipped', 'info', 'huge.js', 0]],
    );
  });
});

test('pathologically deep nesting is reported, not thrown', async () => {
  const depth = 100_000;
  await withPackage(
    { 'deep.js': `var a = ${'['.repeat(depth)}${']'.repeat(depth)};\nAPI.LMSInitialize("");` },
    async (dir) => {
      const result = await lintApiUsage({ packageRoot: dir, scormVersion: '1.2', files: ['deep.js'] });
      assert.deepEqual(result.scannedFiles, ['deep.js']);
      assert.deepEqual(
        result.findings.map((f) => [f.rule, f.severity]),
        [['api.file_skipped', 'info']],
      );
    },
  );
});

test('long but legal chains (string concatenation, member chains) are analysed iteratively', async () => {
  const concat = ['"cmi.core."', ...Array.from({ length: 3_000 }, () => '""'), '"lesson_status"'].join('+');
  const members = `window${'.parent'.repeat(5_000)}.document`;
  const code = `var d = ${members};\nAPI_1484_11.GetValue(${concat});\n`;
  await withPackage({ 'chains.js': code }, async (dir) => {
    const result = await lintApiUsage({ packageRoot: dir, scormVersion: '2004', files: ['chains.js'] });
    assert.deepEqual(
      result.findings.map((f) => [f.rule, f.line]),
      [
        ['api.version_mismatch', 2],
        ['api.cross_frame_dom', 1],
        ['api.discovery_missing', 2],
      ],
    );
  });
});

test('unsupported extensions are skipped; duplicates are scanned once', async () => {
  await withPackage({ 'notes.txt': 'API.LMSInitialize("")', 'a.js': 'var a;' }, async (dir) => {
    const result = await lintApiUsage({
      packageRoot: dir,
      scormVersion: '1.2',
      files: ['notes.txt', 'a.js', 'a.js'],
    });
    assert.deepEqual(result.scannedFiles, ['a.js']);
    assert.deepEqual(
      result.findings.map((f) => [f.rule, f.file]),
      [['api.file_skipped', 'notes.txt']],
    );
  });
});

async function rejectsWith(promise: Promise<unknown>, code: string): Promise<void> {
  await assert.rejects(promise, (error: unknown) => {
    assert.ok(error instanceof ScormTesterError);
    assert.equal(error.code, code);
    return true;
  });
}

test('bad input fails fast with precise error codes', async () => {
  await withPackage({ 'a.js': '' }, async (dir) => {
    await rejectsWith(
      lintApiUsage({ packageRoot: dir, scormVersion: '1.2', files: ['missing.js'] }),
      'CONTENT_FILE_MISSING',
    );
    await rejectsWith(
      lintApiUsage({ packageRoot: dir, scormVersion: '1.2', files: ['../a.js'] }),
      'SECURITY_VIOLATION',
    );
    await rejectsWith(
      lintApiUsage({ packageRoot: dir, scormVersion: '1.2', files: ['/etc/hosts'] }),
      'SECURITY_VIOLATION',
    );
    await rejectsWith(
      lintApiUsage({ packageRoot: join(dir, 'nope'), scormVersion: '1.2', files: [] }),
      'PATH_RESOLUTION_ERROR',
    );
    await rejectsWith(
      lintApiUsage({ packageRoot: join(dir, 'a.js'), scormVersion: '1.2', files: [] }),
      'PATH_RESOLUTION_ERROR',
    );
    await rejectsWith(
      lintApiUsage({ packageRoot: dir, scormVersion: '3' as '1.2', files: [] }),
      'INVALID_ARGUMENT',
    );
    await mkdir(join(dir, 'folder.js'));
    await rejectsWith(
      lintApiUsage({ packageRoot: dir, scormVersion: '1.2', files: ['folder.js'] }),
      'CONTENT_FILE_MISSING',
    );
    const outside = await mkdtemp(join(tmpdir(), 'api-usage-outside-'));
    try {
      await writeFile(join(outside, 'x.js'), 'var x;');
      await mkdir(join(dir, 'sub'));
      await symlink(join(outside, 'x.js'), join(dir, 'sub', 'link.js'));
      await rejectsWith(
        lintApiUsage({ packageRoot: dir, scormVersion: '1.2', files: ['sub/link.js'] }),
        'SECURITY_VIOLATION',
      );
    } finally {
      await rm(outside, { recursive: true, force: true });
    }
  });
});

test('every rule has catalogue metadata in the api_usage category', () => {
  const ids = API_USAGE_RULES.map((r) => r.id);
  assert.equal(new Set(ids).size, ids.length);
  for (const id of [
    'api.parse_error',
    'api.file_skipped',
    'api.version_mismatch',
    'api.call_before_initialize',
    'api.no_terminate',
    'api.unknown_element',
    'api.invalid_value',
    'api.read_only_write',
    'api.write_only_read',
    'api.discovery_missing',
    'api.cross_frame_dom',
  ]) {
    const info = API_USAGE_RULES.find((r) => r.id === id);
    assert.ok(info, id);
    assert.equal(info.category, 'api_usage');
    assert.ok(info.title.length > 0);
  }
});
