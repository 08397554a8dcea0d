/**
 * Opening files a course or a user could swap: a FIFO is refused at once (a blocking open would wait for
 * a writer forever), a final symbolic link only when asked to follow it, and the readers built on it
 * (content server, API lint) answer instead of hanging.
 */
import { after, test } from 'node:test';
import assert from 'node:assert/strict';
import { rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { request } from 'node:http';
import { join } from 'node:path';
import { ScormTesterError } from '../../src/core/errors.js';
import { openRegularFile, openRegularFileSync, readRegularFile } from '../../src/core/regular-file.js';
import { readScanFile } from '../../src/lint/api-usage/read-scan-text.js';
import { ContentServer } from '../../src/runtime/content-server.js';
import { makeFifo } from '../helpers/fifo.js';
import { tempDir } from '../helpers/temp.js';

const dir = tempDir('st-regular-file-');
writeFileSync(join(dir, 'plain.txt'), 'plain');
symlinkSync(join(dir, 'plain.txt'), join(dir, 'link.txt'));
// Five FIFOs: more than libuv's four file-system threads, so blocking opens would stall every read.
const fifos = ['a', 'b', 'c', 'd', 'e'].map((n) => join(dir, `${n}.js`));
for (const fifo of fifos) makeFifo(fifo);
after(() => rmSync(dir, { recursive: true, force: true }));

const codeOf = async (p: Promise<unknown>): Promise<string | undefined> =>
  p.then(
    () => 'opened',
    (e: NodeJS.ErrnoException) => e.code,
  );

test('a FIFO is refused at once, asynchronously and synchronously, and regular files still read', async () => {
  assert.deepEqual(
    await Promise.all(fifos.map((f) => codeOf(openRegularFile(f)))),
    fifos.map(() => 'ENOTREG'),
  );
  assert.throws(() => openRegularFileSync(fifos[0]!, { followLinks: true }), { code: 'ENOTREG' });
  assert.equal((await readRegularFile(join(dir, 'plain.txt'))).toString(), 'plain');
  assert.equal(await codeOf(readRegularFile(join(dir, 'plain.txt'), { maxBytes: 2 })), 'EFBIG');
});

test('a final symbolic link is refused unless the caller follows links', async () => {
  assert.equal(await codeOf(openRegularFile(join(dir, 'link.txt'))), 'ELOOP');
  const { handle, stats } = await openRegularFile(join(dir, 'link.txt'), { followLinks: true });
  await handle.close();
  assert.equal(stats.size, 5);
});

test('the API lint refuses a FIFO among the package files instead of hanging', () => {
  assert.throws(
    () => readScanFile(dir, 'a.js'),
    (e: unknown) => e instanceof ScormTesterError && e.code === 'CONTENT_FILE_MISSING',
  );
});

test('the content server answers 404 for FIFOs in the package and keeps serving files', async () => {
  const server = await ContentServer.start();
  try {
    const mount = await server.mount(dir);
    const status = (path: string): Promise<number> =>
      new Promise((resolve, reject) => {
        request(mount.contentUrl(path), (res) => {
          res.resume();
          resolve(res.statusCode ?? 0);
        })
          .on('error', reject)
          .end();
      });
    const answers = await Promise.all(['a.js', 'b.js', 'c.js', 'd.js', 'e.js'].map((n) => status(n)));
    assert.deepEqual(answers, [404, 404, 404, 404, 404]);
    assert.equal(await status('plain.txt'), 200);
  } finally {
    await server.close();
  }
});
