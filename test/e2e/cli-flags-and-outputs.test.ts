/**
 * The CLI's edges: flag errors are one line naming the flag and --help (exit 2, no stack trace: it used
 * to print "internal error" with one), and --output / --report / --screenshot follow the write policy:
 * the expected extension, never over a file of another kind without --force, fast failure on paths that
 * cannot answer.
 */
import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { OUTPUT_KINDS } from '../../src/output/output-kinds.js';
import { cli } from '../helpers/cli.js';
import { makeFifo } from '../helpers/fifo.js';
import { SAMPLES_DIR } from '../helpers/paths.js';
import { tempDir } from '../helpers/temp.js';

const SAMPLE = join(SAMPLES_DIR, 'sample-course');

describe('scorm-tester flags and outputs', { concurrency: 4 }, () => {
  test('finding: unknown, valueless and misplaced flags give one line naming the flag and --help, exit 2', async () => {
    const cases: Array<[string[], RegExp]> = [
      [['validate', 'x', '--bogus'], /unknown option --bogus for "validate"/],
      [['validate', SAMPLE, '--format'], /--format needs a value/],
      [['validate', SAMPLE, '--format', '--level', 'basic'], /--format needs a value/],
      [['validate', SAMPLE, '--force=yes'], /--force takes no value/],
      [['run', 'x', '--bogus'], /unknown option --bogus for "run"/],
      [['run', SAMPLE, '--json=1'], /--json takes no value/],
      [['run', SAMPLE, '--settle-ms'], /--settle-ms needs a value/],
      [['mcp', '--stdio'], /"mcp" takes no arguments/],
      [['--bogus'], /unknown option --bogus/],
      [['frobnicate'], /unknown command "frobnicate"/],
    ];
    for (const [args, expected] of cases) {
      const r = await cli(...args);
      assert.equal(r.status, 2, args.join(' '));
      assert.match(r.stderr, expected);
      assert.match(r.stderr, /--help/);
      assert.equal(r.stderr.trimEnd().split('\n').length, 1, r.stderr);
      assert.doesNotMatch(r.stderr, /internal error|\n\s+at /);
    }
    const help = await cli('validate', '--help');
    assert.equal(help.status, 0);
    assert.match(help.stdout, /--force/);
  });

  test('--output never replaces a file of another kind without --force; our own output is replaced', async () => {
    const dir = tempDir('scorm-tester-cli-out-');
    const config = join(dir, 'package.json');
    writeFileSync(config, '{"name": "my-course"}\n');
    const refused = await cli('validate', SAMPLE, '--format', 'json', '--output', config);
    assert.equal(refused.status, 2);
    assert.match(refused.stderr, /OUTPUT_PATH_REFUSED.*--force/);
    assert.equal(readFileSync(config, 'utf8'), '{"name": "my-course"}\n');

    const forced = await cli('validate', SAMPLE, '--format', 'json', '--output', config, '--force');
    assert.equal(forced.status, 0, forced.stderr);
    assert.equal((JSON.parse(readFileSync(config, 'utf8')) as { valid: boolean }).valid, true);

    for (const format of ['json', 'sarif', 'junit', 'text'] as const) {
      const out = join(dir, `again${OUTPUT_KINDS[format].extensions[0]}`);
      for (let i = 0; i < 2; i++) {
        const r = await cli('validate', SAMPLE, '--format', format, '--output', out);
        assert.equal(r.status, 0, `${format} #${i}: ${r.stderr}`);
      }
      assert.ok(OUTPUT_KINDS[format].isOurs(readFileSync(out)), format);
    }
    const report = join(dir, 'report.html');
    for (let i = 0; i < 2; i++) assert.equal((await cli('validate', SAMPLE, '--report', report)).status, 0);
  });

  test('wrong extension, a FIFO, and a folder inside /proc fail fast, before validating', async () => {
    const dir = tempDir('scorm-tester-cli-out-');
    const ext = await cli('validate', SAMPLE, '--report', join(dir, 'report.sh'));
    assert.equal(ext.status, 2);
    assert.match(ext.stderr, /OUTPUT_PATH_REFUSED.*\.html/);
    const sarifExt = await cli('validate', SAMPLE, '--format', 'sarif', '--output', join(dir, 'out.txt'));
    assert.match(sarifExt.stderr, /\.sarif/);

    makeFifo(join(dir, 'pipe.html'));
    const fifo = await cli('validate', SAMPLE, '--report', join(dir, 'pipe.html'));
    assert.equal(fifo.status, 2);
    assert.match(fifo.stderr, /FIFO/);

    const proc = await cli('validate', SAMPLE, '--report', '/proc/self/no-such-dir/deeper/r.html');
    assert.equal(proc.status, 2);
    // It answers: a CLI that hung on the folder would be stopped by cli()'s time bound, without status 2.
    assert.match(proc.stderr, /OUTPUT_WRITE_FAILED.*no-such-dir/);
  });

  test('run --screenshot: a PNG of another kind is refused before the browser starts; ours is stamped and replaced', async () => {
    const dir = tempDir('scorm-tester-cli-shot-');
    const photo = join(dir, 'holiday.png');
    writeFileSync(photo, 'not really a png\n');
    const refused = await cli('run', SAMPLE, '--screenshot', photo);
    assert.equal(refused.status, 2);
    assert.match(refused.stderr, /OUTPUT_PATH_REFUSED.*--force/);
    assert.equal(readFileSync(photo, 'utf8'), 'not really a png\n');
    const ext = await cli('run', SAMPLE, '--screenshot', join(dir, 'shot.jpg'));
    assert.match(ext.stderr, /\.png/);

    const shot = join(dir, 'shot.png');
    for (let i = 0; i < 2; i++) {
      const r = await cli('run', SAMPLE, '--screenshot', shot, '--settle-ms', '200');
      assert.equal(r.status, 0, r.stdout + r.stderr);
    }
    assert.ok(OUTPUT_KINDS.png.isOurs(readFileSync(shot)));
  });
});
