/**
 * `batch --browser-ws` when a remote browser is down or dies (issue 25): an endpoint that cannot be
 * reached at the start is passed over and its share runs on the live one; a stand-in grid node killed
 * (or stopped, so that it hangs) while packages run on it has them run again on the other node; every
 * package gets exactly one result in the JSON, the JUnit and the summary; only when no endpoint answers
 * does the batch stop, naming each.
 * No local Chromium can start (SCORM_TESTER_CHROMIUM points nowhere), so everything ran remotely.
 */
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { execFile, spawn } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { join } from 'node:path';
import { passingCatalogue } from '../helpers/batch-catalogue.js';
import { NO_LOCAL_CHROMIUM, startBrowserServer, type BrowserServer } from '../helpers/browser-server.js';
import { CLI } from '../helpers/cli.js';
import { freezingProxy } from '../helpers/freezing-proxy.js';
import { REPO_ROOT } from '../helpers/paths.js';
import { tempDir } from '../helpers/temp.js';
import type { BatchReport } from '../../src/app/batch/report.js';

interface Result {
  status: number | null;
  stdout: string;
  stderr: string;
}

interface Batch {
  done: Promise<Result>;
}

function startBatch(...args: string[]): Batch {
  const child = spawn(process.execPath, [CLI, 'batch', ...args], {
    cwd: REPO_ROOT,
    env: { ...process.env, ...NO_LOCAL_CHROMIUM },
  });
  let stdout = '';
  let stderr = '';
  child.stdout.on('data', (d: Buffer) => (stdout += d.toString()));
  child.stderr.on('data', (d: Buffer) => (stderr += d.toString()));
  const done = new Promise<Result>((resolve) =>
    child.once('exit', (status) => resolve({ status, stdout, stderr })),
  );
  return { done };
}

/** The CLI, asynchronously: the browser servers live in this process and must keep answering. */
function batch(...args: string[]): Promise<Result> {
  return new Promise((resolve) => {
    const child = execFile(
      process.execPath,
      [CLI, 'batch', ...args],
      {
        cwd: REPO_ROOT,
        env: { ...process.env, ...NO_LOCAL_CHROMIUM },
        maxBuffer: 64 * 1024 * 1024,
        timeout: 240_000,
      },
      (error, stdout, stderr) => resolve({ status: child.exitCode ?? (error ? -1 : 0), stdout, stderr }),
    );
  });
}

/** A loopback port nothing listens on (it was free a moment ago). */
async function closedPort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.address() as { port: number }).port;
  await new Promise((resolve) => server.close(resolve));
  return port;
}

function reportOf(r: Result): BatchReport {
  assert.ok(r.stdout.startsWith('{'), r.stderr);
  return JSON.parse(r.stdout) as BatchReport;
}

const names = (report: BatchReport): string[] => report.packages.map((p) => p.path.split('/').pop()!);
const course = (i: number): string => `course-${String(i).padStart(2, '0')}`;
const SHORT = ['--settle-ms', '300', '--timeout-ms', '10000'];

/**
 * A two-node batch in which the first node is sent `how` while a SCO runs on it: SIGKILL (it dies, its
 * connection closes) or SIGSTOP (it hangs: its connection stays open and nothing answers). A relay that
 * reads our calls to the node sends the signal, after a first result, at a call only a session in flight
 * makes (the heartbeat asking the session's context for its cookies, or the closing check for plug-in
 * content), never at a probe of the pool's spare page: a package is in flight there every time, however
 * loaded the machine.
 */
async function nodeGoesMidBatch(how: 'SIGKILL' | 'SIGSTOP'): Promise<void> {
  const doomed = await startBrowserServer();
  const total = 6;
  const root = passingCatalogue(total);
  const dir = tempDir('scorm-tester-node-death-');
  const state = join(dir, 'state.json');
  const junit = join(dir, 'junit.xml');
  const recorded = (): number =>
    existsSync(state)
      ? Object.keys((JSON.parse(readFileSync(state, 'utf8')) as { results: object }).results).length
      : 0;
  const relay = await freezingProxy(
    doomed.wsEndpoint,
    ['cookies', 'queryCount'],
    () => recorded() >= 1 && recorded() < total,
    () => process.kill(doomed.pid, how),
  );
  const run = startBatch(
    root,
    '--json',
    '--jobs',
    '2',
    '--resume',
    state,
    '--junit',
    junit,
    '--settle-ms',
    '3000',
    '--timeout-ms',
    '10000',
    '--browser-ws',
    relay.wsEndpoint,
    '--browser-ws',
    live.wsEndpoint,
  );
  const r = await run.done;
  const froze = relay.frozeOn();
  if (froze !== null && how === 'SIGSTOP') process.kill(doomed.pid, 'SIGKILL'); // so that its server can close
  await relay.close();
  await doomed.close().catch(() => undefined);

  assert.ok(froze !== null, `the node was sent ${how} while a SCO ran on it`);

  assert.equal(r.status, 0, r.stderr);
  const report = reportOf(r);
  const all = Array.from({ length: total }, (_, i) => course(i));
  assert.deepEqual(names(report).sort(), all, 'each package exactly once in the JSON');
  assert.ok(
    report.packages.every((p) => p.verdict === 'pass'),
    JSON.stringify(report.packages.map((p) => [p.path, p.verdict, p.error, p.scos.map((s) => s.error)])),
  );
  assert.ok(
    report.packages.some((p) => p.retried === true),
    'a package in flight on the lost node was run again',
  );
  assert.deepEqual(report.totals, { packages: total, pass: total, fail: 0, error: 0 });

  const xml = readFileSync(junit, 'utf8');
  for (const name of all) {
    const suites = xml.match(new RegExp(`<testsuite [^>]*name="[^"]*/${name}"`, 'g')) ?? [];
    assert.equal(suites.length, 1, `one JUnit suite for ${name}\n${xml}`);
  }
  assert.doesNotMatch(xml, /<failure|<error/, xml);

  const rows = r.stderr.split('\n').filter((line) => /^(PASS|FAIL|ERROR)\s/.test(line));
  assert.deepEqual(rows.map((line) => line.match(/course-\d\d/)?.[0]).sort(), all, r.stderr);
  assert.match(r.stderr, /6 package\(s\): 6 pass, 0 fail, 0 error/);
}

/**
 * A two-node batch in which the first node hangs (SIGSTOP) at the moment our side makes one of `calls`
 * (asks it for a page while a session opens, or evaluates in the page while the SCO runs), after a first result: caught by a relay that reads our calls to it, so the
 * freeze lands in that phase every time. One job: each session opens on the first node (the least busy,
 * first listed), and the spare page prepared for the next session goes to the other (then less busy), so
 * the call frozen is the opening session's own, with no other session on the node to notice the hang.
 */
async function nodeHangsAt(calls: string[], packageTimeoutMs: number): Promise<void> {
  const doomed = await startBrowserServer();
  const total = 6;
  const root = passingCatalogue(total);
  const dir = tempDir('scorm-tester-node-hang-open-');
  const state = join(dir, 'state.json');
  const recorded = (): number =>
    existsSync(state)
      ? Object.keys((JSON.parse(readFileSync(state, 'utf8')) as { results: object }).results).length
      : 0;
  let stopped = false;
  const relay = await freezingProxy(
    doomed.wsEndpoint,
    calls,
    () => recorded() >= 1,
    () => {
      process.kill(doomed.pid, 'SIGSTOP');
      stopped = true;
    },
  );
  try {
    const r = await batch(
      root,
      '--json',
      '--jobs',
      '1',
      '--resume',
      state,
      ...SHORT,
      // A package left waiting on the frozen node would end PACKAGE_TIMEOUT.
      '--package-timeout-ms',
      String(packageTimeoutMs),
      '--browser-ws',
      relay.wsEndpoint,
      '--browser-ws',
      live.wsEndpoint,
    );
    assert.ok(calls.includes(relay.frozeOn() ?? ''), `the node froze at one of ${calls.join(', ')}`);
    assert.equal(r.status, 0, r.stderr);
    const report = reportOf(r);
    assert.deepEqual(
      names(report).sort(),
      Array.from({ length: total }, (_, i) => course(i)),
    );
    assert.ok(
      report.packages.every((p) => p.verdict === 'pass' && !p.error),
      JSON.stringify(report.packages.map((p) => [p.path, p.verdict, p.error, p.scos.map((s) => s.error)])),
    );
    assert.ok(
      report.packages.some((p) => p.retried === true),
      'the package opening on the hung node was run again on the other one',
    );
    // Nothing of the hang is kept as a course's result for the next --resume.
    assert.doesNotMatch(readFileSync(state, 'utf8'), /PACKAGE_TIMEOUT|"verdict":\s*"error"/);
  } finally {
    if (stopped) process.kill(doomed.pid, 'SIGCONT');
    await relay.close();
    await doomed.close().catch(() => undefined);
  }
}

let live: BrowserServer;
before(async () => {
  live = await startBrowserServer();
});
after(async () => {
  await live?.close();
});

describe('remote browsers that are down or die', { concurrency: 1 }, () => {
  test('an endpoint down at the start is passed over: every package runs on the live one, once', async () => {
    // A short secret of no token shape in the path: shown masked all the same.
    const port = await closedPort();
    const dead = `ws://127.0.0.1:${port}/tok123secret`;
    const root = passingCatalogue(3);
    const r = await batch(
      root,
      '--json',
      '--jobs',
      '2',
      ...SHORT,
      '--browser-ws',
      dead,
      '--browser-ws',
      live.wsEndpoint,
    );
    assert.equal(r.status, 0, r.stderr);
    const report = reportOf(r);
    assert.deepEqual(names(report).sort(), [course(0), course(1), course(2)]);
    assert.ok(
      report.packages.every((p) => p.verdict === 'pass' && !p.error),
      r.stdout,
    );
    assert.deepEqual(report.totals, { packages: 3, pass: 3, fail: 0, error: 0 });
    assert.match(
      r.stderr,
      new RegExp(
        `warning: the remote browser at ws://127\\.0\\.0\\.1:${port}/\\*\\*\\* is passed over for now \\(.*ECONNREFUSED`,
      ),
    );
    assert.doesNotMatch(r.stderr + r.stdout, /tok123secret/);
  });

  test('no endpoint can be reached: the batch stops before any course (exit 2), naming each endpoint and why', async () => {
    const [a, b] = [await closedPort(), await closedPort()];
    const r = await batch(
      passingCatalogue(1),
      '--json',
      '--browser-ws',
      `ws://127.0.0.1:${a}/`,
      '--browser-ws',
      `ws://127.0.0.1:${b}/`,
    );
    assert.equal(r.status, 2, r.stderr);
    assert.equal(r.stdout, '');
    assert.match(r.stderr, /BROWSER_UNREACHABLE: None of the 2 remote browsers can be used/);
    for (const port of [a, b])
      assert.match(
        r.stderr,
        new RegExp(`ws://127\\.0\\.0\\.1:${port}: The remote browser at .*ECONNREFUSED`),
      );
  });

  test('a node killed mid-batch: its packages run again on the other node; one result each in JSON, JUnit and summary', () =>
    nodeGoesMidBatch('SIGKILL'));

  test('a node that stops answering mid-batch (SIGSTOP): the same, once the round trip to it goes unanswered', () =>
    nodeGoesMidBatch('SIGSTOP'));

  test('a node that hangs (SIGSTOP) while a session opens on it: the package runs again on the other node, never PACKAGE_TIMEOUT', () =>
    nodeHangsAt(['newPage'], 120_000));

  test('a node that hangs while a SCO is navigated to or runs on it, under a short --package-timeout-ms: browser_lost and run again, never PACKAGE_TIMEOUT', () =>
    nodeHangsAt(['goto', 'send', 'evaluateExpression', 'evaluateExpressionHandle'], 8_000));
});
