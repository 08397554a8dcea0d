import { test, after } from 'node:test';
import assert from 'node:assert/strict';
import { createHash } from 'node:crypto';
import { existsSync } from 'node:fs';
import { mkdir, mkdtemp, readFile, readdir, rm, stat, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { dirname, join, relative } from 'node:path';
import { deflateRawSync } from 'node:zlib';
import { openPackage } from '../../src/package/open-package.js';
import { listPackageFiles } from '../../src/package/paths.js';
import type { ErrorCode } from '../../src/core/errors.js';
import { buildZip, type ZipEntrySpec } from '../helpers/zip-writer.js';

const tmp = await mkdtemp(join(tmpdir(), 'pkg-open-test-'));
after(() => rm(tmp, { recursive: true, force: true }));

const MANIFEST = '<manifest identifier="course"/>';
const COURSE: Record<string, string> = {
  'imsmanifest.xml': MANIFEST,
  'index.html': '<html><body>Hello</body></html>',
  'js/app.js': 'console.log(1);',
  'media/notes.txt': 'n'.repeat(20_000),
};

let counter = 0;
const fresh = (name: string): string => join(tmp, `${name}-${++counter}`);

async function makeFolder(files: Record<string, string>, dir = fresh('folder')): Promise<string> {
  await mkdir(dir, { recursive: true });
  for (const [rel, content] of Object.entries(files)) {
    await mkdir(dirname(join(dir, rel)), { recursive: true });
    await writeFile(join(dir, rel), content);
  }
  return dir;
}

async function makeZip(
  entries: ZipEntrySpec[] | Record<string, string>,
  name = 'course.zip',
): Promise<string> {
  const specs = Array.isArray(entries)
    ? entries
    : Object.entries(entries).map(([n, data]) => ({ name: n, data }));
  const path = join(await mkdtemp(join(tmp, 'zip-')), name);
  await writeFile(path, buildZip(specs));
  return path;
}

/** A fresh temp root, so a test can check that a failure left nothing behind. */
async function tempRoot(): Promise<string> {
  const dir = fresh('temp-root');
  await mkdir(dir);
  return dir;
}

async function rejectsWith(promise: Promise<unknown>, code: ErrorCode, message?: RegExp): Promise<void> {
  await assert.rejects(promise, (err: { code: string; message: string }) => {
    assert.equal(err.code, code, err.message);
    if (message) assert.match(err.message, message);
    return true;
  });
}

test('a folder is used in place', async () => {
  const dir = await makeFolder(COURSE);
  const pkg = await openPackage(dir);
  assert.equal(pkg.source, 'folder');
  assert.equal(pkg.root, dir);
  assert.equal(pkg.originalPath, dir);
  assert.equal(pkg.manifestPath, join(dir, 'imsmanifest.xml'));
  await pkg.cleanup();
  assert.equal(await readFile(join(dir, 'index.html'), 'utf8'), COURSE['index.html']);
});

test('a relative folder path is resolved', async () => {
  const dir = await makeFolder(COURSE);
  const pkg = await openPackage(relative(process.cwd(), dir));
  assert.equal(pkg.root, dir);
});

test('the path of imsmanifest.xml itself opens its folder', async () => {
  const dir = await makeFolder(COURSE);
  const pkg = await openPackage(join(dir, 'imsmanifest.xml'));
  assert.equal(pkg.source, 'folder');
  assert.equal(pkg.root, dir);
  assert.equal(pkg.originalPath, join(dir, 'imsmanifest.xml'));
});

test('a zip is extracted into a private workspace, identical, and cleanup removes it', async () => {
  const zip = await makeZip(COURSE);
  const before = createHash('sha256')
    .update(await readFile(zip))
    .digest('hex');
  const root = await tempRoot();
  const pkg = await openPackage(zip, { tempRoot: root });
  assert.equal(pkg.source, 'zip');
  assert.equal(pkg.originalPath, zip);
  assert.equal(pkg.manifestPath, join(pkg.root, 'imsmanifest.xml'));
  assert.ok(pkg.root.startsWith(root));
  const workspace = join(root, (await readdir(root))[0] as string);
  assert.equal((await stat(workspace)).mode & 0o777, 0o700);
  assert.deepEqual(await listPackageFiles(pkg.root), Object.keys(COURSE).sort());
  for (const [rel, content] of Object.entries(COURSE)) {
    assert.equal(await readFile(join(pkg.root, rel), 'utf8'), content);
  }
  assert.equal(
    createHash('sha256')
      .update(await readFile(zip))
      .digest('hex'),
    before,
    'original untouched',
  );
  await pkg.cleanup();
  await pkg.cleanup();
  assert.deepEqual(await readdir(root), []);
  assert.ok(existsSync(zip));
});

test('a zip is recognised by content, whatever its extension', async () => {
  const zip = await makeZip(COURSE, 'course.pif');
  const pkg = await openPackage(zip, { tempRoot: await tempRoot() });
  assert.equal(pkg.source, 'zip');
  await pkg.cleanup();
});

test('PATH_RESOLUTION_ERROR for a missing or empty path and an unusable temp root', async () => {
  await rejectsWith(openPackage(join(tmp, 'does-not-exist.zip')), 'PATH_RESOLUTION_ERROR', /does not exist/);
  await rejectsWith(openPackage(''), 'PATH_RESOLUTION_ERROR');
  await rejectsWith(
    openPackage(await makeZip(COURSE), { tempRoot: join(tmp, 'no-such-dir') }),
    'PATH_RESOLUTION_ERROR',
  );
});

test('PACKAGE_EMPTY for an empty folder, an empty zip and a zip of empty folders', async () => {
  await rejectsWith(openPackage(await makeFolder({})), 'PACKAGE_EMPTY');
  const root = await tempRoot();
  await rejectsWith(openPackage(await makeZip([]), { tempRoot: root }), 'PACKAGE_EMPTY');
  await rejectsWith(
    openPackage(await makeZip([{ name: 'a/' }, { name: 'a/b/' }]), { tempRoot: root }),
    'PACKAGE_EMPTY',
  );
  assert.deepEqual(await readdir(root), []);
});

test('MANIFEST_NOT_AT_ROOT names the subfolder for folders and zips', async () => {
  const dir = await makeFolder(
    Object.fromEntries(Object.entries(COURSE).map(([k, v]) => [`My Course/${k}`, v])),
  );
  await rejectsWith(
    openPackage(dir),
    'MANIFEST_NOT_AT_ROOT',
    new RegExp(`"My Course".*Point at ${join(dir, 'My Course')}`),
  );
  const root = await tempRoot();
  const zip = await makeZip([
    { name: 'My Course/' },
    ...Object.entries(COURSE).map(([k, v]) => ({ name: `My Course/${k}`, data: v })),
  ]);
  await rejectsWith(
    openPackage(zip, { tempRoot: root }),
    'MANIFEST_NOT_AT_ROOT',
    /Re-create the zip from inside "My Course"/,
  );
  assert.deepEqual(await readdir(root), []);
});

test('MANIFEST_NOT_FOUND when there is none, or only a wrongly cased one, or one too deep', async () => {
  await rejectsWith(
    openPackage(await makeFolder({ 'index.html': 'x' })),
    'MANIFEST_NOT_FOUND',
    /imsmanifest\.xml/,
  );
  await rejectsWith(
    openPackage(await makeFolder({ 'IMSManifest.xml': MANIFEST })),
    'MANIFEST_NOT_FOUND',
    /rename/,
  );
  await rejectsWith(
    openPackage(await makeFolder({ 'a/b/c/d/imsmanifest.xml': MANIFEST })),
    'MANIFEST_NOT_FOUND',
  );
  const root = await tempRoot();
  await rejectsWith(
    openPackage(await makeZip({ 'index.html': 'x' }), { tempRoot: root }),
    'MANIFEST_NOT_FOUND',
  );
  assert.deepEqual(await readdir(root), []);
});

test('ZIP_INVALID for a file that is neither a zip nor imsmanifest.xml', async () => {
  const text = join(fresh('file'), 'notes.txt');
  await mkdir(dirname(text));
  await writeFile(text, 'just some text');
  await rejectsWith(openPackage(text), 'ZIP_INVALID', /neither a zip/);
  const fakeZip = join(dirname(text), 'course.zip');
  await writeFile(fakeZip, '<html>saved error page</html>');
  await rejectsWith(openPackage(fakeZip), 'ZIP_INVALID', /\.zip/);
  const empty = join(dirname(text), 'empty.zip');
  await writeFile(empty, '');
  await rejectsWith(openPackage(empty), 'ZIP_INVALID', /0 bytes/);
});

test('a truncated zip is refused and leaves nothing behind', async () => {
  const whole = buildZip(Object.entries(COURSE).map(([name, data]) => ({ name, data })));
  const zip = join(fresh('cut'), 'cut.zip');
  await mkdir(dirname(zip));
  await writeFile(zip, whole.subarray(0, whole.length - 30));
  const root = await tempRoot();
  await rejectsWith(openPackage(zip, { tempRoot: root }), 'ZIP_TRUNCATED');
  assert.deepEqual(await readdir(root), []);
});

test('limits are passed through and a zip bomb leaves nothing behind', async () => {
  const root = await tempRoot();
  await rejectsWith(
    openPackage(await makeZip(COURSE), { tempRoot: root, limits: { maxEntries: 2 } }),
    'ZIP_TOO_MANY_ENTRIES',
  );
  const zeros = Buffer.alloc(20 * 1024 * 1024);
  const payload = deflateRawSync(zeros);
  const bomb = await makeZip([
    { name: 'imsmanifest.xml', data: MANIFEST },
    { name: 'bomb.bin', method: 8, payload, uncompressedSize: zeros.length },
  ]);
  await rejectsWith(openPackage(bomb, { tempRoot: root }), 'ZIP_COMPRESSION_RATIO');
  assert.deepEqual(await readdir(root), []);
  const lyingBomb = await makeZip([
    { name: 'imsmanifest.xml', data: MANIFEST },
    { name: 'bomb.bin', method: 8, payload, uncompressedSize: 100 },
  ]);
  await rejectsWith(openPackage(lyingBomb, { tempRoot: root }), 'ZIP_INVALID');
  assert.deepEqual(await readdir(root), []);
});
