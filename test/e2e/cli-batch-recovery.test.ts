/**
 * `scorm-tester batch` through the real CLI when a run goes wrong under it: the browser process killed
 * mid-batch (the packages then running are run again on a new browser, every package reported once),
 * and a course stuck in a busy loop cut by --package-timeout-ms (its page is closed before the next
 * package's run, which still gets its result).
 */
import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { cpSync, existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { CLI } from '../helpers/cli.js';
import { REPO_ROOT } from '../helpers/paths.js';
import { descendantsOf, type ProcessInfo } from '../helpers/processes.js';
import { tempDir } from '../helpers/temp.js';
import { until } from '../helpers/until.js';
import { hangingCourse, passingCatalogue, passingCourse } from '../helpers/batch-catalogue.js';
import type { BatchReport } from '../../src/app/batch/report.js';

interface Batch {
  pid: number;
  done: Promise<{ status: number | null; stdout: string; stderr: string }>;
}

function startBatch(...args: string[]): Batch {
  const child = spawn(process.execPath, [CLI, 'batch', ...args], { cwd: REPO_ROOT });
  let stdout = '';
  let stderr = '';
  child.stdout.on('data', (d: Buffer) => (stdout += d.toString()));
  child.stderr.on('data', (d: Buffer) => (stderr += d.toString()));
  const done = new Promise<{ status: number | null; stdout: string; stderr: string }>((resolve) =>
    child.once('exit', (status) => resolve({ status, stdout, stderr })),
  );
  return { pid: child.pid!, done };
}

const isBrowser = (p: ProcessInfo): boolean =>
  p.cmdline.includes('--remote-debugging-pipe') && !p.cmdline.includes('--type=');
const isRenderer = (p: ProcessInfo): boolean => p.cmdline.includes('--type=renderer');

/** Gone, or a zombie its parent has not reaped yet: either way it runs no more code. */
function ended(pid: number): boolean {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    return stat.slice(stat.lastIndexOf(')') + 2).startsWith('Z');
  } catch {
    return true;
  }
}

function reportOf(r: { stdout: string; stderr: string }): BatchReport {
  assert.ok(r.stdout.startsWith('{'), r.stderr);
  return JSON.parse(r.stdout) as BatchReport;
}

describe('batch recovery', { concurrency: 1 }, () => {
  test('the browser killed mid-batch: the packages it was running run again on a new browser, every package reported once', async () => {
    const root = passingCatalogue(4);
    const batch = startBatch(root, '--json', '--jobs', '2', '--settle-ms', '1500', '--timeout-ms', '10000');
    // A page of a package is open: a package is in flight on this browser.
    const browser = await until(
      async () => {
        const tree = descendantsOf(batch.pid);
        return tree.some(isRenderer) ? tree.find(isBrowser) : undefined;
      },
      'the batch browser with a page open',
      120_000,
    );
    process.kill(browser.pid, 'SIGKILL');
    const r = await batch.done;
    assert.equal(r.status, 0, r.stderr);
    const report = reportOf(r);
    const names = report.packages.map((p) => p.path.split('/').pop()).sort();
    assert.deepEqual(names, ['course-00', 'course-01', 'course-02', 'course-03']);
    assert.ok(
      report.packages.every((p) => p.verdict === 'pass'),
      JSON.stringify(report.packages.map((p) => [p.path, p.verdict, p.error, p.scos.map((s) => s.error)])),
    );
    assert.ok(
      report.packages.some((p) => p.retried === true),
      'a package in flight was run again',
    );
    assert.deepEqual(report.totals, { packages: 4, pass: 4, fail: 0, error: 0 });
  });

  test('a busy-loop course cut by --package-timeout-ms: its page is closed before the next package runs, which gets its result', async () => {
    const root = tempDir('scorm-tester-catalogue-');
    cpSync(hangingCourse(), join(root, 'a-hanging'), { recursive: true });
    cpSync(passingCourse('next'), join(root, 'b-passing'), { recursive: true });
    const state = join(tempDir('scorm-tester-cut-'), 'state.json');
    const batch = startBatch(
      root,
      '--json',
      '--jobs',
      '1',
      '--resume',
      state,
      '--package-timeout-ms',
      '4000',
      '--settle-ms',
      '300',
      '--timeout-ms',
      '15000',
    );
    const results = (): number =>
      existsSync(state)
        ? Object.keys((JSON.parse(readFileSync(state, 'utf8')) as { results: object }).results).length
        : 0;
    // One package at a time, and the first is the hanging one: until its result, every page is its.
    const itsPages = new Set<number>();
    await until(
      async () => {
        const cut = results() >= 1;
        if (!cut) for (const p of descendantsOf(batch.pid).filter(isRenderer)) itsPages.add(p.pid);
        return cut ? true : undefined;
      },
      'the hanging package cut',
      120_000,
    );
    assert.ok(itsPages.size > 0, 'the hanging course had a page');
    // Its slot waited for its pages to close: they run no more code before the next package's result.
    const goneWithNextPending = await until(
      async () => ([...itsPages].every(ended) ? results() < 2 : undefined),
      'the cut course pages to end',
      120_000,
    );
    assert.ok(goneWithNextPending, 'a page of the cut course still ran when the next package ended');
    const r = await batch.done;
    assert.equal(r.status, 1, r.stderr);
    const report = reportOf(r);
    const byName = Object.fromEntries(report.packages.map((p) => [p.path.split('/').pop(), p]));
    assert.equal(byName['a-hanging']!.verdict, 'error');
    assert.equal(byName['a-hanging']!.error?.code, 'PACKAGE_TIMEOUT');
    assert.equal(byName['b-passing']!.verdict, 'pass');
    assert.equal(byName['b-passing']!.scos[0]!.completion_status, 'completed');
  });
});
