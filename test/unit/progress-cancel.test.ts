/**
 * Progress and cancellation as pure modules: the CLI's progress line (format, terminal switch, throttle,
 * hostile file names), the cancellation helpers, an atomic write that a cancel abandons, and a validation
 * that stops between files when cancelled and removes what it extracted.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { existsSync, readdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { formatProgress, progressEnabled, ProgressLine } from '../../src/cli/progress-line.js';
import { isScormTesterError } from '../../src/core/errors.js';
import {
  isCancelled,
  sleepUnlessCancelled,
  throwIfCancelled,
  untilCancelled,
  type ProgressUpdate,
} from '../../src/core/progress.js';
import { writeFileAtomic } from '../../src/session/atomic-write.js';
import { validatePackage } from '../../src/validate/validate-package.js';
import { generateLargePackage } from '../../bench/generate.js';
import { tempDir } from '../helpers/temp.js';

test('formatProgress: [done/total] message, [done] without a total, clipped to the terminal width', () => {
  assert.equal(
    formatProgress({ done: 3, total: 12, message: 'scanning course/page3.html' }),
    '[3/12] scanning course/page3.html',
  );
  assert.equal(formatProgress({ done: 4, message: 'step 4: continue' }), '[4] step 4: continue');
  assert.equal(formatProgress({ done: 0, total: 3 }), '[0/3]');
  const clipped = formatProgress({ done: 1, total: 2, message: 'x'.repeat(200) }, 40);
  assert.equal(clipped.length, 39);
  assert.ok(clipped.endsWith('…'));
});

test('formatProgress: control characters in a course file name cannot drive the terminal', () => {
  const hostile = 'scanning evil\u001b[2J\u001b]0;pwned\u0007\r\nname\u009b31m.html';
  const line = formatProgress({ done: 1, total: 2, message: hostile });
  // eslint-disable-next-line no-control-regex -- looking for control characters is the point
  assert.doesNotMatch(line, /[\u0000-\u001f\u007f-\u009f]/);
  assert.equal(line, '[1/2] scanning evil?[2J?]0;pwned???name?31m.html');
});

test('progressEnabled: a terminal unless quiet; SCORM_TESTER_PROGRESS=on|off overrides the terminal check', () => {
  assert.equal(progressEnabled({ quiet: false, isTTY: true }), true);
  assert.equal(progressEnabled({ quiet: false, isTTY: false }), false);
  assert.equal(progressEnabled({ quiet: true, isTTY: true }), false);
  assert.equal(progressEnabled({ quiet: false, isTTY: false, env: 'on' }), true);
  assert.equal(progressEnabled({ quiet: true, isTTY: false, env: 'on' }), false);
  assert.equal(progressEnabled({ quiet: false, isTTY: true, env: 'off' }), false);
  assert.equal(progressEnabled({ quiet: false, isTTY: true, env: 'auto' }), true);
});

test('ProgressLine: rewrites one line, at most every 100 ms except the final step; log() keeps a line; clear() erases', () => {
  const written: string[] = [];
  const line = new ProgressLine({ write: (t: string) => written.push(t), columns: 80 });
  line.update({ done: 0, total: 3, message: 'a' });
  line.update({ done: 1, total: 3, message: 'b' }); // within 100 ms: skipped
  line.update({ done: 3, total: 3, message: 'done' }); // final: always shown
  assert.deepEqual(written, ['\r[0/3] a\u001b[K', '\r[3/3] done\u001b[K']);
  line.log('[1/2] PASS API');
  assert.deepEqual(written.slice(2), ['\r\u001b[K', '[1/2] PASS API\n']);
  line.clear(); // nothing shown any more: nothing to erase
  assert.equal(written.length, 4);
});

test('cancellation helpers: throwIfCancelled, untilCancelled and sleepUnlessCancelled end with CANCELLED', async () => {
  const controller = new AbortController();
  assert.doesNotThrow(() => throwIfCancelled(controller.signal, 'x'));
  assert.equal(await untilCancelled(Promise.resolve(7), controller.signal, 'x'), 7);
  const never = new Promise<never>(() => undefined);
  const pending = untilCancelled(never, controller.signal, 'The wait');
  const sleeping = sleepUnlessCancelled(60_000, controller.signal, 'The sleep');
  controller.abort();
  await assert.rejects(pending, (e: unknown) => isCancelled(e) && /The wait was cancelled/.test(String(e)));
  // The 60 s sleep ends with the abort, not with its time: the test would otherwise hang for a minute.
  await assert.rejects(sleeping, isCancelled);
  assert.throws(
    () => throwIfCancelled(controller.signal, 'x'),
    (e: unknown) => isScormTesterError(e) && e.code === 'CANCELLED',
  );
  await assert.rejects(untilCancelled(Promise.resolve(1), controller.signal, 'x'), isCancelled);
});

test('writeFileAtomic: a signal cancelled before the rename leaves neither the file nor its temp file', async () => {
  const dir = tempDir('scorm-tester-atomic-cancel-');
  const target = join(dir, 'report.html');
  const controller = new AbortController();
  await assert.rejects(
    writeFileAtomic(target, '<html></html>', {
      signal: controller.signal,
      // The cancel arrives while the data is being written.
      beforeRename: async () => controller.abort(),
    }),
    isCancelled,
  );
  assert.deepEqual(readdirSync(dir), []);
  // An existing file is left as it was.
  writeFileSync(target, 'old');
  await assert.rejects(writeFileAtomic(target, 'new', { signal: controller.signal }), isCancelled);
  assert.deepEqual(readdirSync(dir), ['report.html']);
});

test('validatePackage: progress per phase and file, and a cancel stops it between files', async () => {
  const pkg = generateLargePackage(40);
  const updates: ProgressUpdate[] = [];
  const outcome = await validatePackage(pkg, { level: 'strict' }, { progress: (u) => updates.push(u) });
  await outcome.cleanup();
  assert.deepEqual(
    updates.map((u) => u.done),
    updates.map((_, i) => i),
  );
  assert.equal(updates.at(-1)?.done, 47);
  assert.equal(updates.at(-1)?.total, 47);
  assert.equal(updates.filter((u) => /^scanning content\/p\d+\.html$/.test(u.message ?? '')).length, 40);

  const controller = new AbortController();
  const seen: string[] = [];
  await assert.rejects(
    validatePackage(
      pkg,
      { level: 'strict' },
      {
        signal: controller.signal,
        progress: (u) => {
          seen.push(u.message ?? '');
          if (seen.filter((m) => m.startsWith('scanning')).length === 5) controller.abort();
        },
      },
    ),
    isCancelled,
  );
  assert.equal(seen.filter((m) => m.startsWith('scanning')).length, 5, 'no file after the cancel');
  assert.ok(existsSync(pkg), 'a folder package is left as it is');
});
