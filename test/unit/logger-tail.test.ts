import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync, unlinkSync } from 'node:fs';
import { join } from 'node:path';
import { Logger, type LogEntry } from '../../src/core/logger.js';
import { tempDir } from '../helpers/temp.js';

function fileEntries(logger: Logger): LogEntry[] {
  return readFileSync(join(logger.dir, 'app.ndjson'), 'utf8')
    .split('\n')
    .filter(Boolean)
    .map((line) => JSON.parse(line) as LogEntry);
}

test('tail reads recent entries from memory: the log file is not read again', () => {
  const logger = new Logger({ dir: tempDir('logger-tail-'), level: 'debug' });
  for (let i = 0; i < 50; i++) logger.log(i % 5 === 0 ? 'warn' : 'info', 'ENTRY', { i });
  unlinkSync(join(logger.dir, 'app.ndjson'));
  const last = logger.tail({ tail: 3 });
  assert.deepEqual(
    last.map((e) => e.i),
    [47, 48, 49],
  );
  const warns = logger.tail({ tail: 200, levels: ['warn'] });
  assert.deepEqual(
    warns.map((e) => e.i),
    [0, 5, 10, 15, 20, 25, 30, 35, 40, 45],
  );
  const since = logger.tail({ sinceTs: Date.now() + 60_000 });
  assert.equal(since.length, 0);
  logger.close();
});

test('tail matches app.ndjson exactly, across truncations past maxBytes (LOG_TRUNCATED first)', () => {
  const logger = new Logger({ dir: tempDir('logger-tail-'), maxBytes: 3000 });
  for (let i = 0; i < 200; i++) {
    logger.log(i % 7 === 0 ? 'error' : 'info', 'ENTRY', { i, text: 'x'.repeat(i % 50) });
    if (i % 37 === 0) assert.deepEqual(logger.tail({ tail: 10_000 }), fileEntries(logger), `after ${i}`);
  }
  const all = logger.tail({ tail: 10_000 });
  assert.deepEqual(all, fileEntries(logger));
  assert.equal(all[0]?.msg, 'LOG_TRUNCATED');
  assert.deepEqual(
    logger.tail({ tail: 10_000, levels: ['error'] }),
    fileEntries(logger).filter((e) => e.level === 'error'),
  );
  logger.close();
});

test('entries below the level are neither written nor returned; tail keeps the newest 10,000', () => {
  const logger = new Logger({ dir: tempDir('logger-tail-'), level: 'info' });
  logger.debug('HIDDEN');
  for (let i = 0; i < 10_050; i++) logger.info('ENTRY', { i });
  const all = logger.tail({ tail: 10_000 });
  assert.equal(all.length, 10_000);
  assert.equal(all[0]?.i, 50);
  assert.equal(all.at(-1)?.i, 10_049);
  assert.ok(!all.some((e) => e.msg === 'HIDDEN'));
  logger.close();
});
