/**
 * `scorm-tester conformance` end to end: the built CLI replays ADL cases in Node through our run-time
 * and sequencing engine (API, DMI and a representative passing set of sequencing cases); a broken
 * script is a failing case; bad input exits 2.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { cpSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ADL_CTS_DIR, REPO_ROOT, SHARED_SKIP } from '../helpers/paths.js';

const CLI = join(REPO_ROOT, 'dist/bundle/cli-main.js');

function cli(...args: string[]): { status: number | null; stdout: string; stderr: string } {
  const r = spawnSync(process.execPath, [CLI, 'conformance', ...args], { encoding: 'utf8', cwd: REPO_ROOT });
  return { status: r.status, stdout: r.stdout, stderr: r.stderr };
}

test(
  'conformance: API and DMI pass in Node (exit 0), with progress, a family table and the closing line',
  { skip: SHARED_SKIP },
  () => {
    const r = cli('--cts-dir', ADL_CTS_DIR, '--case', 'API', '--case', 'DMI');
    assert.equal(r.status, 0, r.stdout + r.stderr);
    assert.match(r.stderr, /\[1\/2\] PASS API/);
    assert.match(r.stderr, /\[2\/2\] PASS DMI/);
    assert.match(r.stdout, /\| family \| cases \| passed \| failed \|/);
    assert.match(r.stdout, /\| DMI +\| +1 \| +1 \| +0 \|/);
    assert.match(r.stdout.trimEnd(), /\n2 passed, 0 failed$/);
  },
);

test('conformance --json: per case verdict, blocks and step records', { skip: SHARED_SKIP }, () => {
  const r = cli('--cts-dir', ADL_CTS_DIR, '--case', 'API', '--json');
  assert.equal(r.status, 0, r.stderr);
  const report = JSON.parse(r.stdout) as {
    passed: number;
    failed: number;
    cases: {
      id: string;
      passed: boolean;
      delivered: string[];
      blocks: { steps: { rule: string; pass: boolean }[] }[];
    }[];
  };
  assert.equal(report.passed, 1);
  const api = report.cases[0];
  assert.equal(api?.id, 'API');
  assert.deepEqual(api?.delivered, ['1', '2', '3']);
  assert.ok(api?.blocks.flatMap((b) => b.steps).every((s) => s.pass && s.rule !== ''));
});

test(
  'conformance: every case of the folder passes in Node (sequencing, run-time and UI-driven families)',
  { skip: SHARED_SKIP },
  () => {
    const r = cli('--cts-dir', ADL_CTS_DIR);
    assert.equal(
      r.status,
      0,
      r.stdout
        .split('\n')
        .filter((l) => l.startsWith('FAIL'))
        .join('\n'),
    );
    assert.match(r.stdout, /\| CT +\| +6 \| +6 \| +0 \|/);
    assert.match(r.stdout.trimEnd(), /\n\d+ passed, 0 failed$/);
  },
);

test(
  'conformance: a broken script is that case failing with the line, not a crash',
  { skip: SHARED_SKIP },
  () => {
    const dir = mkdtempSync(join(tmpdir(), 'cts-broken-'));
    try {
      cpSync(join(ADL_CTS_DIR, 'dictionaries'), join(dir, 'dictionaries'), { recursive: true });
      cpSync(
        join(ADL_CTS_DIR, 'packages', 'LMSTestPackage_API'),
        join(dir, 'packages', 'LMSTestPackage_API'),
        {
          recursive: true,
        },
      );
      mkdirSync(join(dir, 'testcases'));
      writeFileSync(
        join(dir, 'testcases', 'API.properties'),
        'title=API\nstart=Asset Launch Test\nno equals sign here\n',
      );
      const r = cli('--cts-dir', dir);
      assert.equal(r.status, 1, r.stdout + r.stderr);
      assert.match(r.stdout, /FAIL API: could not run: line 3: no "="/);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  },
);

test('conformance: bad usage exits 2 with a message that says what to change', () => {
  const none = cli();
  assert.equal(none.status, 2);
  assert.match(none.stderr, /needs --cts-dir/);
  const missing = cli('--cts-dir', join(tmpdir(), 'no-such-cts-folder'));
  assert.equal(missing.status, 2);
  assert.match(missing.stderr, /does not exist/);
  const browser = cli('--cts-dir', REPO_ROOT, '--browser');
  assert.equal(browser.status, 2);
  assert.match(browser.stderr, /must point at a folder with testcases\//);
});

test(
  'conformance: an unknown --case is refused (exit 2) with the families on offer',
  { skip: SHARED_SKIP },
  () => {
    const r = cli('--cts-dir', ADL_CTS_DIR, '--case', 'NOPE-99');
    assert.equal(r.status, 2);
    assert.match(r.stderr, /--case NOPE-99: no such case or family/);
  },
);
