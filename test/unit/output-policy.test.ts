import { test } from 'node:test';
import assert from 'node:assert/strict';
import { existsSync, mkdirSync, readdirSync, readFileSync, symlinkSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { isScormTesterError } from '../../src/core/errors.js';
import { bounded } from '../../src/output/bounded.js';
import { OUTPUT_KINDS } from '../../src/output/output-kinds.js';
import { checkOutput, writeOutput, type OutputRequest } from '../../src/output/write-output.js';
import { makeFifo } from '../helpers/fifo.js';
import { tempDir } from '../helpers/temp.js';

const OUR_HTML =
  '<!doctype html><html><head><meta name="generator" content="scorm-tester 0.1.0"></head></html>\n';

function confined(root: string, path: string, kind: OutputRequest['kind'] = 'html'): OutputRequest {
  return {
    path,
    kind,
    base: root,
    policy: { confinedTo: [{ dir: root, label: 'test root' }] },
    param: 'output_path',
  };
}

async function refusal(promise: Promise<unknown>): Promise<{ code: string; message: string }> {
  try {
    await promise;
  } catch (error) {
    assert.ok(isScormTesterError(error), String(error));
    return { code: error.code, message: error.message };
  }
  throw new Error('expected the write to be refused');
}

test('confined: writes inside the root, atomically, creating folders; no temp file is left', async () => {
  const root = tempDir('output-policy-');
  const written = await writeOutput(confined(root, 'a/b/report.html'), OUR_HTML);
  assert.equal(written, join(root, 'a/b/report.html'));
  assert.equal(readFileSync(written, 'utf8'), OUR_HTML);
  assert.deepEqual(readdirSync(join(root, 'a/b')), ['report.html']);
  // Our own report is replaced.
  await writeOutput(confined(root, 'a/b/report.html'), OUR_HTML.replace('0.1.0', '0.2.0'));
  assert.match(readFileSync(written, 'utf8'), /0\.2\.0/);
});

test('confined: a path outside the root, by absolute path or by .., is refused and says where writing is allowed', async () => {
  const root = tempDir('output-policy-');
  const outside = join(tempDir('output-policy-outside-'), 'passwd.html');
  for (const path of [outside, '../escape.html', 'a/../../escape.html']) {
    const r = await refusal(writeOutput(confined(root, path), OUR_HTML));
    assert.equal(r.code, 'OUTPUT_PATH_REFUSED');
    assert.ok(r.message.includes(root) && r.message.includes('test root'), r.message);
  }
  assert.equal(existsSync(outside), false);
});

test('confined: a symbolic link inside the root that points outside is refused (file or folder)', async () => {
  const root = tempDir('output-policy-');
  const outsideDir = tempDir('output-policy-outside-');
  const victim = join(outsideDir, 'victim.html');
  writeFileSync(victim, OUR_HTML);
  symlinkSync(outsideDir, join(root, 'linked-dir'));
  symlinkSync(victim, join(root, 'linked-file.html'));
  const viaDir = await refusal(writeOutput(confined(root, 'linked-dir/new.html'), OUR_HTML));
  assert.equal(viaDir.code, 'OUTPUT_PATH_REFUSED');
  assert.match(viaDir.message, /outside the folders/);
  const viaFile = await refusal(writeOutput(confined(root, 'linked-file.html'), 'x'));
  assert.match(viaFile.message, /symbolic link/);
  assert.equal(readFileSync(victim, 'utf8'), OUR_HTML);
  assert.equal(existsSync(join(outsideDir, 'new.html')), false);
});

test('a file that is not one of our outputs is never replaced (MCP); the CLI replaces it only with force', async () => {
  const root = tempDir('output-policy-');
  const passwd = join(root, 'passwd.html');
  writeFileSync(passwd, 'root:x:0:0:root:/root:/bin/bash\n');
  const r = await refusal(writeOutput(confined(root, 'passwd.html'), OUR_HTML));
  assert.equal(r.code, 'OUTPUT_PATH_REFUSED');
  assert.match(r.message, /not an HTML report written by scorm-tester/);
  assert.equal(readFileSync(passwd, 'utf8'), 'root:x:0:0:root:/root:/bin/bash\n');

  const cli = (force: boolean): OutputRequest => ({
    path: passwd,
    kind: 'html',
    base: root,
    policy: { force },
    param: '--report',
  });
  assert.match((await refusal(checkOutput(cli(false)))).message, /--force/);
  await writeOutput(cli(true), OUR_HTML);
  assert.equal(readFileSync(passwd, 'utf8'), OUR_HTML);
});

test('wrong extension, folder and FIFO targets are refused at once', async () => {
  const root = tempDir('output-policy-');
  mkdirSync(join(root, 'dir.html'));
  makeFifo(join(root, 'fifo.html'));
  assert.match((await refusal(writeOutput(confined(root, 'r.txt'), OUR_HTML))).message, /\.html/);
  assert.match((await refusal(writeOutput(confined(root, '.html'), OUR_HTML))).message, /\.html/);
  assert.match((await refusal(writeOutput(confined(root, 'dir.html'), OUR_HTML))).message, /is a folder/);
  assert.match((await refusal(writeOutput(confined(root, 'fifo.html'), OUR_HTML))).message, /FIFO/);
});

test('a folder that cannot be created inside /proc fails fast with a clear error (the recursive mkdir never returned)', async () => {
  const cli = await refusal(
    writeOutput(
      {
        path: '/proc/self/nope/r.html',
        kind: 'html',
        base: '/',
        policy: { force: false },
        param: '--report',
      },
      OUR_HTML,
    ),
  );
  assert.equal(cli.code, 'OUTPUT_WRITE_FAILED');
  assert.match(cli.message, /nope/);
  const mcp = await refusal(
    writeOutput(confined(tempDir('output-policy-'), '/proc/self/nope/r.html'), OUR_HTML),
  );
  assert.equal(mcp.code, 'OUTPUT_PATH_REFUSED');
  // An output root configured inside /proc (SCORM_TESTER_OUTPUT_DIR=/proc/self/x) fails as fast.
  const root = await refusal(writeOutput(confined('/proc/self/reports', 'r.html'), OUR_HTML));
  assert.equal(root.code, 'OUTPUT_WRITE_FAILED');
});

test('every file operation is bounded: an operation that never answers gives OUTPUT_WRITE_FAILED', async () => {
  const r = await refusal(bounded(new Promise(() => undefined), 'Writing /mnt/stuck/r.html', 50));
  assert.equal(r.code, 'OUTPUT_WRITE_FAILED');
  assert.match(r.message, /did not answer within 50 ms/);
});

test('each kind recognises what our writers produce; PNGs are stamped and then recognised', async () => {
  const root = tempDir('output-policy-');
  const png = Buffer.from(
    '89504e470d0a1a0a0000000d49484452000000010000000108060000001f15c4890000000d4944415478da63f8cfc0f01f0005000201a2dd1b7e0000000049454e44ae426082',
    'hex',
  );
  const path = await writeOutput(
    { path: 'shot.png', kind: 'png', base: root, policy: { force: false }, param: '--screenshot' },
    png,
  );
  const written = readFileSync(path);
  assert.ok(OUTPUT_KINDS.png.isOurs(written));
  assert.equal(OUTPUT_KINDS.png.isOurs(png), false);
  assert.ok(written.includes(Buffer.from('scorm-tester')));
  assert.ok(OUTPUT_KINDS.json.isOurs(Buffer.from('{\n  "valid": true,\n  "scorm_version": "1.2",')));
  assert.equal(OUTPUT_KINDS.json.isOurs(Buffer.from('{"name": "package"}')), false);
  assert.ok(OUTPUT_KINDS.sarif.isOurs(Buffer.from('{"runs":[{"tool":{"driver":{"name":"scorm-tester"')));
  assert.ok(
    OUTPUT_KINDS.junit.isOurs(Buffer.from('<?xml version="1.0"?>\n<testsuites name="scorm-tester x"')),
  );
  assert.ok(
    OUTPUT_KINDS.text.isOurs(
      Buffer.from('\x1b[1m\x1b[32mVALID\x1b[0m\x1b[0m · SCORM 1.2 · score 100/100 · 0 errors'),
    ),
  );
  assert.equal(OUTPUT_KINDS.text.isOurs(Buffer.from('VALID notes')), false);
});
