import { test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { lintApiUsage } from '../../src/lint/api-usage/lint-api-usage.js';
import { FRAME_REGIONS_MIN_CHARS } from '../../src/lint/api-usage/frame-regions.js';
import { PRECHECK_MIN_BYTES, startSyntaxPrecheck } from '../../src/lint/api-usage/syntax-precheck.js';

/** Library-like code without any SCORM fact, about `bytes` long. */
function library(bytes: number, seed: number): string {
  const parts: string[] = [];
  let size = 0;
  for (let i = 0; size < bytes; i++) {
    const s = `function g${seed}_${i}(a){return a&&a.k${i % 7}?[a,${i}]:null}`;
    parts.push(s);
    size += s.length;
  }
  return `!function(){${parts.join('')}}();`;
}

test('the syntax pre-check worker gives the same findings as the in-thread check, broken scripts included', async () => {
  const dir = await mkdtemp(join(tmpdir(), 'syntax-precheck-'));
  try {
    const files: Record<string, string> = {
      'lib/a.js': library(PRECHECK_MIN_BYTES / 2, 1),
      'lib/b.js': library(PRECHECK_MIN_BYTES / 2, 2),
      'lib/c.js': library(PRECHECK_MIN_BYTES / 4, 3),
      'lib/broken.js': `${library(20_000, 4)}\nvar x = {;`,
      'lib/escape.js': 'foo(); } bar(); {',
      // A big bundle whose only tie to the rules is a cross-frame access: the pre-check makes its region plan.
      'lib/frames.js': `${library(FRAME_REGIONS_MIN_CHARS, 5)}top.location.href="/x";`,
      'wrapper.js':
        'var api = window.parent.API; api.LMSInitialize(""); api.LMSSetValue("cmi.core.foo", "1");',
    };
    for (const [name, text] of Object.entries(files)) {
      await writeFile(join(dir, name.replace('lib/', 'lib-')), text);
    }
    const scan = Object.keys(files).map((f) => f.replace('lib/', 'lib-'));
    const precheck = startSyntaxPrecheck(dir, scan);
    assert.ok(precheck, 'over the size threshold, a worker is started');
    const withWorker = await lintApiUsage({ packageRoot: dir, scormVersion: '1.2', files: scan, precheck });
    const inThread = await lintApiUsage({ packageRoot: dir, scormVersion: '1.2', files: scan });
    assert.deepEqual(withWorker.findings, inThread.findings);
    const parseErrors = withWorker.findings.filter((f) => f.rule === 'api.parse_error').map((f) => f.file);
    assert.deepEqual(parseErrors.sort(), ['lib-broken.js', 'lib-escape.js']);
    assert.ok(withWorker.findings.some((f) => f.file === 'wrapper.js' && f.rule === 'api.unknown_element'));
    const { mayHoldFacts } = await precheck.results();
    // Read and not cleared: the lint analyses them without asking again (the broken ones name their error).
    assert.deepEqual([...mayHoldFacts.keys()].sort(), [
      'lib-broken.js',
      'lib-escape.js',
      'lib-frames.js',
      'wrapper.js',
    ]);
    assert.deepEqual(
      [...mayHoldFacts].filter(([, plan]) => plan !== null).map(([file]) => file),
      ['lib-frames.js'],
    );
    assert.deepEqual(
      mayHoldFacts.get('lib-frames.js')?.accesses.map((a) => a.code),
      [true],
    );
    const frames = (name: string, r: typeof withWorker): unknown =>
      r.findings.filter((f) => f.file === name).map((f) => f.rule);
    assert.deepEqual(frames('lib-frames.js', withWorker), frames('lib-frames.js', inThread));
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
});

test('small packages do not start a worker', () => {
  assert.equal(startSyntaxPrecheck(tmpdir(), []), undefined);
});
