import { test } from 'node:test';
import assert from 'node:assert/strict';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import {
  PRECHECK_MIN_BYTES,
  startSyntaxPrecheck,
  startSyntaxPrecheckEarly,
} from '../../src/lint/api-usage/syntax-precheck.js';
import { PackageScanner } from '../../src/lint/launch-chain/package-scanner.js';
import { libraryCode } from '../helpers/library-code.js';
import { tempDir } from '../helpers/temp.js';

function folder(): { dir: string; files: string[] } {
  const dir = tempDir('precheck-early-');
  const texts: Record<string, string> = {
    'a.js': libraryCode(PRECHECK_MIN_BYTES * 0.7, 1),
    'b.js': `${libraryCode(PRECHECK_MIN_BYTES * 0.4, 2)};s.src="//cdn.example.com/x.js";"LMSInitialize"`,
    'c.js': 'var api = parent.API; api.LMSInitialize("");',
    'index.html': '<script src="a.js"></script>',
  };
  for (const [file, text] of Object.entries(texts)) writeFileSync(join(dir, file), text);
  return { dir, files: Object.keys(texts).sort() };
}

test('a pre-check started early is taken over when the same scripts are asked for, with the same answers', async () => {
  const { dir, files } = folder();
  await startSyntaxPrecheckEarly(dir);
  const early = startSyntaxPrecheck(dir, files);
  assert.ok(early);
  const fresh = startSyntaxPrecheck(dir, files);
  assert.ok(fresh);
  const [a, b] = [await early.results(), await fresh.results()];
  assert.deepEqual([...a.quiet].sort(), ['a.js', 'b.js'], 'a string naming LMSInitialize is no fact');
  assert.deepEqual([...a.quiet].sort(), [...b.quiet].sort());
  assert.deepEqual(new Map([...a.scans].sort()), new Map([...b.scans].sort()));
  // What the worker scanned is what the scanner reads for itself.
  const scanner = new PackageScanner(dir, files);
  for (const [file, scan] of a.scans) assert.deepEqual(scan, scanner.scan(file), file);
  assert.equal(a.scans.get('b.js')?.initializeHint, true);
});

test('an early pre-check for other scripts is stopped, and the asked-for ones are checked afresh', async () => {
  const { dir } = folder();
  await startSyntaxPrecheckEarly(dir);
  const precheck = startSyntaxPrecheck(dir, ['a.js', 'b.js']);
  assert.ok(precheck);
  const { quiet, scans } = await precheck.results();
  assert.deepEqual([...quiet].sort(), ['a.js', 'b.js']);
  assert.deepEqual([...scans.keys()].sort(), ['a.js', 'b.js']);
});

test('paths that are no course folder start nothing early', async () => {
  await startSyntaxPrecheckEarly(join(tempDir('precheck-none-'), 'missing'));
  await startSyntaxPrecheckEarly(join(folder().dir, 'a.js'));
  assert.equal(startSyntaxPrecheck(tempDir('precheck-small-'), []), undefined);
});
