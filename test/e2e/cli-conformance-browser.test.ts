/**
 * `scorm-tester conformance --browser` / `--compare` end to end: the built CLI runs ADL cases through the
 * real player in Chromium and checks, case by case, that the browser run agrees with the Node run (a
 * sample across the sequencing families, with relaunches, UI questions, pages that terminate on unload,
 * global objectives of sibling packages, and a case both runs fail at the same step). A delivered page
 * without our driver fails that case with the reason, and the run goes on.
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
  const r = spawnSync(process.execPath, [CLI, 'conformance', ...args], {
    encoding: 'utf8',
    cwd: REPO_ROOT,
    timeout: 120_000,
  });
  return { status: r.status, stdout: r.stdout, stderr: r.stderr };
}

interface Report {
  mode: string;
  passed: number;
  failed: number;
  cases: { id: string; passed: boolean; reason?: string }[];
  agreement: { compared: number; disagreements: { id: string; difference: string }[] };
}

const SEQUENCING_SAMPLE = [
  'CM-05',
  'CM-07a',
  'CM-09ba',
  'CM-09cb',
  'CO-07a',
  'CO-07b',
  'CO-10',
  'OB-08a',
  'RU-14a',
  'SX-04b',
  'SX-09',
  'T-01a',
];

const args = (ids: readonly string[]) => ids.flatMap((id) => ['--case', id]);

test(
  'conformance --compare: sequencing cases across the families agree between Node and the browser',
  { skip: SHARED_SKIP },
  () => {
    const r = cli('--cts-dir', ADL_CTS_DIR, '--compare', '--json', ...args(SEQUENCING_SAMPLE));
    assert.ok(r.status === 0 || r.status === 1, r.stderr);
    const report = JSON.parse(r.stdout) as Report;
    assert.equal(report.mode, 'browser');
    assert.equal(report.cases.length, SEQUENCING_SAMPLE.length);
    assert.deepEqual(report.agreement.disagreements, [], 'cases where the browser run differs from Node');
    assert.equal(report.agreement.compared, SEQUENCING_SAMPLE.length);
    const passed = report.cases.filter((c) => c.passed).map((c) => c.id);
    assert.ok(
      passed.includes('CM-09ba') && passed.includes('SX-09') && passed.includes('RU-14a'),
      passed.join(),
    );
    assert.match(r.stderr, /browser \[1\/12\] PASS CM-05/);
  },
);

test(
  'conformance --compare: the run-time families (API, DMI) agree between Node and the browser, and pass',
  { skip: SHARED_SKIP },
  () => {
    const r = cli('--cts-dir', ADL_CTS_DIR, '--compare', '--case', 'API', '--case', 'DMI');
    assert.equal(r.status, 0, r.stdout);
    assert.match(r.stdout, /^PASS API$/m);
    assert.match(r.stdout, /^PASS DMI$/m);
    assert.match(r.stdout, /Node and browser agree on 2 of 2 cases/);
  },
);

test(
  'conformance --browser: a per-case verdict, a family table and the closing line, as in Node',
  { skip: SHARED_SKIP },
  () => {
    const r = cli('--cts-dir', ADL_CTS_DIR, '--browser', '--case', 'CT-01', '--case', 'MS-01');
    assert.equal(r.status, 0, r.stdout + r.stderr);
    assert.match(r.stdout, /\(browser run, /);
    assert.match(r.stdout, /^PASS CT-01$/m);
    assert.match(r.stdout, /\| CT +\| +1 \| +1 \| +0 \|/);
    assert.match(r.stdout.trimEnd(), /\n2 passed, 0 failed$/);
  },
);

test(
  'conformance --browser: a delivered page without our driver fails that case with the reason; the run goes on',
  { skip: SHARED_SKIP },
  () => {
    // A sco-variants.json that names none of the launched pages: the fixture builder writes them all
    // as empty stubs. (Without the file, every launched page gets our driver.)
    const dir = mkdtempSync(join(tmpdir(), 'cts-no-driver-'));
    try {
      const none = { scoPages: [], shipsSequencingXsds: false, launchables: [] };
      writeFileSync(
        join(dir, 'sco-variants.json'),
        JSON.stringify({ packages: { 'CT-01': none, 'CT-02': none } }),
      );
      for (const sub of ['dictionaries', 'testcases'])
        cpSync(join(ADL_CTS_DIR, sub), join(dir, sub), { recursive: true });
      mkdirSync(join(dir, 'packages'));
      for (const id of ['CT-01', 'CT-02'])
        cpSync(
          join(ADL_CTS_DIR, 'packages', `LMSTestPackage_${id}`),
          join(dir, 'packages', `LMSTestPackage_${id}`),
          {
            recursive: true,
          },
        );
      const r = cli('--cts-dir', dir, '--browser', '--case', 'CT-01', '--case', 'CT-02');
      assert.equal(r.status, 1, r.stdout + r.stderr);
      assert.match(r.stdout, /FAIL CT-01: the delivered page has no conformance driver/);
      assert.match(r.stdout, /FAIL CT-02: the delivered page has no conformance driver/);
      assert.match(r.stdout.trimEnd(), /\n0 passed, 2 failed$/);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  },
);
