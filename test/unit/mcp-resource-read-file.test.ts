/**
 * resources/read sends a listed file only while it is still a regular file inside the folder it was
 * listed under: each way a course or another process could swap it is refused
 * with RESOURCE_READ_FAILED, and nothing of the file is returned.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdirSync, rmSync, symlinkSync, truncateSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { ScormTesterError } from '../../src/core/errors.js';
import { readResourceFile } from '../../src/mcp/resources/read.js';
import { PAGE_META, TEXT_PAGE_BYTES } from '../../src/mcp/resources/page.js';
import { tempDir } from '../helpers/temp.js';

const URI = 'scorm-tester://session/sess_x/artifact/reports/report.json';

/** A session folder with one listed report: the root, the report's path and a secret outside the root. */
function listedReport(): { root: string; file: string; outside: string } {
  const base = tempDir('scorm-tester-resource-read-');
  const root = join(base, 'sess_x');
  mkdirSync(join(root, 'reports'), { recursive: true });
  const file = join(root, 'reports', 'report.json');
  writeFileSync(file, '{"ok":true}');
  const outside = join(base, 'elsewhere');
  mkdirSync(outside);
  writeFileSync(join(outside, 'report.json'), '{"secret":"outside the session"}');
  return { root, file, outside };
}

async function refused(file: string, root: string, why: RegExp): Promise<void> {
  await assert.rejects(readResourceFile(URI, 'application/json', file, root), (error: unknown) => {
    assert.ok(error instanceof ScormTesterError);
    assert.equal(error.code, 'RESOURCE_READ_FAILED');
    assert.match(error.message, why);
    assert.doesNotMatch(error.message, /secret/);
    return true;
  });
}

test('the listed file itself is read back as it was written', async () => {
  const { root, file } = listedReport();
  assert.deepEqual(await readResourceFile(URI, 'application/json', file, root), {
    uri: URI,
    mimeType: 'application/json',
    text: '{"ok":true}',
  });
});

test('a listed file replaced by a symbolic link is refused and nothing is sent', async () => {
  const { root, file, outside } = listedReport();
  rmSync(file);
  symlinkSync(join(outside, 'report.json'), file);
  await refused(file, root, /replaced by a symbolic link/);
});

test('a listed file replaced by a folder is refused', async () => {
  const { root, file } = listedReport();
  rmSync(file);
  mkdirSync(file);
  await refused(file, root, /no longer a regular file/);
});

test('a file of 40 MB is read in pages: the first from the plain URI, the last from its offset', async () => {
  const { root, file } = listedReport();
  const size = 40 * 1024 * 1024;
  // Sparse: no disk space is used. NUL bytes are the worst case of JSON escaping (six bytes each).
  truncateSync(file, size);
  const first = await readResourceFile(URI, 'application/json', file, root);
  const meta = first._meta?.[PAGE_META] as { offset: number; next_offset: number; total_bytes: number };
  assert.equal(meta.offset, 0);
  assert.equal(meta.total_bytes, size);
  assert.ok('text' in first && Buffer.byteLength(JSON.stringify(first.text)) <= TEXT_PAGE_BYTES);
  assert.equal(meta.next_offset, Buffer.byteLength((first as { text: string }).text));
  const last = await readResourceFile(URI, 'application/json', file, root, size - 10);
  assert.equal((last as { text: string }).text, '\0'.repeat(10));
  assert.deepEqual(last._meta?.[PAGE_META], {
    offset: size - 10,
    next_offset: null,
    next_uri: null,
    total_bytes: size,
  });
  assert.equal(last.uri, `${URI}?offset=${size - 10}`);
});

test('a folder swapped for a link to elsewhere is refused', async () => {
  const { root, file, outside } = listedReport();
  rmSync(join(root, 'reports'), { recursive: true });
  symlinkSync(outside, join(root, 'reports'));
  await refused(file, root, /resolves outside where it was written/);
});
