/**
 * The conformance harness on a folder of our own laid out like ADL's (test/fixtures/cts-extra): an
 * adlseq extension pulled in through IDRef next to the item's own objectives, ContinueExit<pkg>, and a
 * revisited objective satisfied by measure whose globals carry state to a sibling package. Every case
 * passes in Node and in the browser; an instruction the harness cannot carry out fails its case.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { FIXTURES_DIR, REPO_ROOT } from '../helpers/paths.js';

const CLI = join(REPO_ROOT, 'dist/bundle/cli-main.js');
const EXTRA = join(FIXTURES_DIR, 'cts-extra');

function cli(...args: string[]): { status: number | null; stdout: string; stderr: string } {
  const r = spawnSync(process.execPath, [CLI, 'conformance', ...args], {
    encoding: 'utf8',
    cwd: REPO_ROOT,
    timeout: 180_000,
  });
  return { status: r.status, stdout: r.stdout, stderr: r.stderr };
}

interface Report {
  mode: string;
  passed: number;
  failed: number;
  cases: { id: string; passed: boolean; reason?: string; delivered: string[] }[];
  agreement?: { compared: number; disagreements: { id: string; difference: string }[] };
}

test('cts-extra: every case passes in Node, with the deliveries the scripts expect', () => {
  const r = cli('--cts-dir', EXTRA, '--json');
  assert.equal(r.status, 0, r.stdout + r.stderr);
  const report = JSON.parse(r.stdout) as Report;
  assert.deepEqual(
    report.cases.map((c) => [c.id, c.passed, c.delivered.join(' ')]),
    [
      ['ZA-01', true, '1 2'],
      ['ZB-01', true, '1 2 1'],
      ['ZC-01a', true, '1 2 1 2 3'],
      ['ZC-01b', true, '1'],
    ],
  );
});

/** A copy of cts-extra whose ZB-01 ends its second block with `instruction` instead of ContinueExitZB01. */
function withInstruction(instruction: string): string {
  const dir = mkdtempSync(join(tmpdir(), 'cts-extra-'));
  cpSync(EXTRA, dir, { recursive: true });
  const script = join(dir, 'testcases', 'ZB-01.properties');
  writeFileSync(script, readFileSync(script, 'utf8').replace('CUI=ContinueExitZB01', `CUI=${instruction}`));
  return dir;
}

test('cts-extra: an instruction the harness cannot carry out fails its case with the key, not a guess', () => {
  for (const [instruction, reason] of [
    ['TeleportZB01', /FAIL ZB-01: unknown instruction "TeleportZB01"/],
    [
      'ContinueExitZZ99',
      /FAIL ZB-01: instruction "ContinueExitZZ99" names package "ZZ99", which the folder does not have/,
    ],
  ] as const) {
    const dir = withInstruction(instruction);
    try {
      const r = cli('--cts-dir', dir, '--case', 'ZB');
      assert.equal(r.status, 1, r.stdout + r.stderr);
      assert.match(r.stdout, reason);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  }
});

test('cts-extra: the browser run through the real player agrees with Node, every case passing', () => {
  const r = cli('--cts-dir', EXTRA, '--compare', '--json');
  assert.equal(r.status, 0, r.stdout + r.stderr);
  const report = JSON.parse(r.stdout) as Report;
  assert.equal(report.mode, 'browser');
  assert.equal(report.passed, 4, JSON.stringify(report.cases.filter((c) => !c.passed)));
  assert.deepEqual(report.agreement?.disagreements, []);
});
