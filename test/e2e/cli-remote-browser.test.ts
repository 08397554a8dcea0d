/**
 * `run` and `batch --browser-ws` against a stand-in grid node (a Playwright browser server the test starts
 * on loopback): the same records and verdicts as a local browser, the network policy holds through it
 * (the loopback-probe course against real local services), and an endpoint that cannot be used stops the
 * command before any course runs, saying which endpoint (masked) and what failed. No local Chromium can
 * start in the remote runs (SCORM_TESTER_CHROMIUM points nowhere), so they ran in the remote browser.
 */
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { execFile } from 'node:child_process';
import { quickCatalogue } from '../helpers/batch-catalogue.js';
import {
  ELSEWHERE,
  NO_LOCAL_CHROMIUM,
  startBrowserServer,
  type BrowserServer,
} from '../helpers/browser-server.js';
import { CLI } from '../helpers/cli.js';
import {
  probeCourse,
  startLoopbackVictim,
  VICTIM_ANSWER,
  type LoopbackVictim,
} from '../helpers/loopback-victim.js';
import { REPO_ROOT, SAMPLES_DIR } from '../helpers/paths.js';
import type { BatchReport } from '../../src/app/batch/report.js';
import { join } from 'node:path';

interface Result {
  status: number | null;
  stdout: string;
  stderr: string;
}

/** The CLI, asynchronously: the browser servers live in this process and must keep answering. */
function cliWith(env: Record<string, string>, ...args: string[]): Promise<Result> {
  return new Promise((resolve) => {
    const child = execFile(
      process.execPath,
      [CLI, ...args],
      { cwd: REPO_ROOT, env: { ...process.env, ...env }, maxBuffer: 64 * 1024 * 1024, timeout: 240_000 },
      (error, stdout, stderr) => resolve({ status: child.exitCode ?? (error ? -1 : 0), stdout, stderr }),
    );
  });
}

/** A run's JSON without what differs from run to run: times, durations, the content server's port and token. */
function comparable(stdout: string, stderr: string): unknown {
  assert.ok(stdout.startsWith('{'), stderr);
  return JSON.parse(stdout, (key, value: unknown) => {
    if (/timestamp|_ts$|duration|_ms$/.test(key)) return undefined;
    if (typeof value !== 'string') return value;
    if (/^PT[\dHMS.]*$/.test(value)) return 'PT';
    return value.replace(/http:\/\/127\.0\.0\.1:\d+\/[^/]+\//g, 'CONTENT/');
  }) as unknown;
}

/** UDP datagrams that reached the local service. */
const udpHits = (): string[] => victim.hits.filter((h) => h.startsWith('udp '));

const SHORT = ['--settle-ms', '300', '--timeout-ms', '5000'];

let grid: BrowserServer;
let second: BrowserServer;
let victim: LoopbackVictim;
before(async () => {
  [grid, second, victim] = await Promise.all([
    startBrowserServer(),
    startBrowserServer(),
    startLoopbackVictim(),
  ]);
});
after(async () => {
  await Promise.all([grid?.close(), second?.close(), victim?.close()]);
});

describe('remote browsers', { concurrency: 1 }, () => {
  test('run --browser-ws gives the same record and verdict as a local browser', async () => {
    const course = join(SAMPLES_DIR, 'sample-course');
    const local = await cliWith({}, 'run', course, '--json', ...SHORT);
    const remote = await cliWith(
      NO_LOCAL_CHROMIUM,
      'run',
      course,
      '--json',
      ...SHORT,
      '--browser-ws',
      grid.wsEndpoint,
    );
    assert.equal(remote.status, local.status, remote.stderr);
    assert.deepEqual(comparable(remote.stdout, remote.stderr), comparable(local.stdout, local.stderr));
  });

  test('batch --browser-ws over two browser servers gives the same verdicts as a local batch, package for package', async () => {
    const root = quickCatalogue();
    const local = await cliWith({}, 'batch', root, '--json', '--jobs', '2', ...SHORT);
    const remote = await cliWith(
      NO_LOCAL_CHROMIUM,
      'batch',
      root,
      '--json',
      '--jobs',
      '2',
      ...SHORT,
      '--browser-ws',
      grid.wsEndpoint,
      '--browser-ws',
      second.wsEndpoint,
    );
    assert.equal(remote.status, local.status, remote.stderr);
    const verdicts = (r: Result): unknown =>
      (JSON.parse(r.stdout) as BatchReport).packages.map((p) => ({
        path: p.path,
        verdict: p.verdict,
        findings: p.findings,
        error: p.error?.code ?? null,
        scos: p.scos.map((s) => ({
          sco_id: s.sco_id,
          verdict: s.verdict,
          initialized: s.initialized,
          completion_status: s.completion_status,
          anomaly_types: s.anomaly_types,
        })),
      }));
    assert.deepEqual(verdicts(remote), verdicts(local));
    assert.ok((JSON.parse(remote.stdout) as BatchReport).packages.some((p) => p.verdict === 'pass'));
  });

  test('run --browser-ws: loopback closed by default, open with --allow-loopback; no UDP either way', async () => {
    const course = probeCourse(victim);
    const read = (r: Result): string[] => {
      const out = comparable(r.stdout, r.stderr) as { data_model: Record<string, string> | null };
      const saved = out.data_model?.['cmi.suspend_data'];
      return saved ? (JSON.parse(saved) as string[]) : ['the probe did not report'];
    };
    victim.hits.length = 0;
    const closed = await cliWith(
      NO_LOCAL_CHROMIUM,
      'run',
      course,
      '--json',
      '--settle-ms',
      '5000',
      '--browser-ws',
      grid.wsEndpoint,
    );
    assert.deepEqual(read(closed), [], closed.stderr);
    assert.deepEqual(victim.hits, [], 'nothing reached the local services, no UDP datagram either');
    const open = await cliWith(
      NO_LOCAL_CHROMIUM,
      'run',
      course,
      '--json',
      '--settle-ms',
      '5000',
      '--allow-loopback',
      '--browser-ws',
      grid.wsEndpoint,
    );
    assert.ok(
      read(open).includes(`fetch 127.0.0.1:${victim.port}: ${VICTIM_ANSWER}`),
      JSON.stringify(read(open)) + open.stderr,
    );
    assert.deepEqual(
      udpHits(),
      [],
      'WebRTC sends no UDP through the remote browser, even to an allowed loopback service',
    );
  });

  test('an endpoint that cannot be used stops run and batch before any course, naming it masked', async () => {
    const course = join(SAMPLES_DIR, 'sample-course');
    const secret = 'ws://bob:s3cret@127.0.0.1:1/0123456789abcdef0123?token=t0ken';
    for (const command of ['run', 'batch']) {
      const refused = await cliWith({}, command, course, '--browser-ws', secret);
      assert.equal(refused.status, 2, refused.stderr);
      assert.match(
        refused.stderr,
        /BROWSER_UNREACHABLE: The remote browser at ws:\/\/\*\*\*@127\.0\.0\.1:1\/\*\*\*\?token=\*\*\* cannot be reached: .*ECONNREFUSED/,
      );
      assert.ok(!/s3cret|t0ken|0123456789abcdef0123/.test(refused.stderr + refused.stdout), refused.stderr);
      assert.equal(refused.stdout, '');
    }
    const notWs = await cliWith({}, 'run', course, '--browser-ws', 'http://127.0.0.1:9222/');
    assert.equal(notWs.status, 2);
    assert.match(
      notWs.stderr,
      /--browser-ws: "http:\/\/127\.0\.0\.1:9222" is not a browser endpoint: give a ws:\/\/ or wss:\/\/ URL/,
    );
  });

  test('a browser server that lets WebRTC send UDP is refused with BROWSER_UNSUITABLE before any course runs', async () => {
    const leaky = await startBrowserServer({ webRtcUdp: true });
    try {
      const refused = await cliWith(
        NO_LOCAL_CHROMIUM,
        'run',
        join(SAMPLES_DIR, 'sample-course'),
        '--browser-ws',
        leaky.wsEndpoint,
      );
      assert.equal(refused.status, 2, refused.stderr);
      assert.match(
        refused.stderr,
        /BROWSER_UNSUITABLE: The remote browser at ws:\/\/127\.0\.0\.1:\d+\/\*\*\* offers WebRTC UDP candidates/,
      );
      assert.match(refused.stderr, /--webrtc-ip-handling-policy=disable_non_proxied_udp/);
    } finally {
      await leaky.close();
    }
  });

  test('a browser server that cannot reach our content server (its loopback is not ours) is refused with BROWSER_UNREACHABLE before any course runs', async () => {
    const elsewhere = await startBrowserServer({ extraArgs: ELSEWHERE });
    try {
      const refused = await cliWith(
        NO_LOCAL_CHROMIUM,
        'batch',
        join(SAMPLES_DIR, 'sample-course'),
        '--json',
        '--browser-ws',
        elsewhere.wsEndpoint,
      );
      assert.equal(refused.status, 2, refused.stderr);
      assert.match(
        refused.stderr,
        /BROWSER_UNREACHABLE: The remote browser at ws:\/\/127\.0\.0\.1:\d+\/\*\*\* cannot load our content server at http:\/\/127\.0\.0\.1:\d+ \(.*ERR_CONNECTION_REFUSED.*\)\. Courses are served on this machine's loopback only/,
      );
      assert.equal(refused.stdout, '');
    } finally {
      await elsewhere.close();
    }
  });
});
