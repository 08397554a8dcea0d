import { test, after } from 'node:test';
import assert from 'node:assert/strict';
import { mkdir, mkdtemp, rm, symlink, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { listPackageFiles, resolveInsideRoot, toPosix } from '../../src/package/paths.js';

const tmp = await mkdtemp(join(tmpdir(), 'pkg-paths-test-'));
after(() => rm(tmp, { recursive: true, force: true }));

test('toPosix turns backslashes into slashes', () => {
  assert.equal(toPosix('a\\b\\c.html'), 'a/b/c.html');
  assert.equal(toPosix('a/b'), 'a/b');
});

test('resolveInsideRoot accepts paths that stay inside, percent-decoded', () => {
  const root = '/pkg/root';
  assert.equal(resolveInsideRoot(root, 'a/b.html'), '/pkg/root/a/b.html');
  assert.equal(resolveInsideRoot(root, 'a/../b.html'), '/pkg/root/b.html');
  assert.equal(resolveInsideRoot(root, './a%20b.html'), '/pkg/root/a b.html');
  assert.equal(resolveInsideRoot(root, 'content\\page.html'), '/pkg/root/content/page.html');
  assert.equal(resolveInsideRoot(root, '100%.html'), '/pkg/root/100%.html');
  assert.equal(resolveInsideRoot(root, ''), '/pkg/root');
});

test('resolveInsideRoot throws SECURITY_VIOLATION for escapes, absolute paths and NUL', () => {
  const hostile = [
    '../x',
    'a/../../x',
    '%2e%2e/x',
    '%2E%2E%2Fx',
    '..%2fx',
    '..%5cx',
    '..\\x',
    '%zz/../../x',
    '%zz/%2e%2e/%2e%2e/x',
    '/etc/passwd',
    '%2fetc/passwd',
    'C:/Windows',
    'c:x',
    '\\\\server\\share',
    'a%00.html',
  ];
  for (const path of hostile) {
    assert.throws(() => resolveInsideRoot('/pkg/root', path), { code: 'SECURITY_VIOLATION' }, path);
  }
});

test('listPackageFiles lists regular files recursively, sorted, without following symlinks', async () => {
  const root = join(tmp, 'pkg');
  await mkdir(join(root, 'b/deep'), { recursive: true });
  await mkdir(join(root, 'empty'));
  await writeFile(join(root, 'imsmanifest.xml'), '<m/>');
  await writeFile(join(root, 'b/deep/z.js'), '');
  await writeFile(join(root, 'b/a.html'), '');
  await writeFile(join(root, 'B.txt'), '');
  const outside = join(tmp, 'outside');
  await mkdir(outside);
  await writeFile(join(outside, 'secret.txt'), 'x');
  await symlink(outside, join(root, 'linked-dir'));
  await symlink(join(outside, 'secret.txt'), join(root, 'linked-file.txt'));
  assert.deepEqual(await listPackageFiles(root), ['B.txt', 'b/a.html', 'b/deep/z.js', 'imsmanifest.xml']);
  await assert.rejects(listPackageFiles(root, { maxFiles: 3 }), { code: 'SECURITY_VIOLATION' });
  await assert.rejects(listPackageFiles(join(tmp, 'missing')), { code: 'PATH_RESOLUTION_ERROR' });
});
