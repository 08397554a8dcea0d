/**
 * The MCP server with SCORM_TESTER_BROWSER_WS: sessions open in the remote browser (a Playwright browser
 * server the test starts on loopback; no local Chromium can start), the loopback-probe course is shut out
 * of this machine's services through it as through a local browser, and an endpoint that cannot be
 * reached fails the open with BROWSER_UNREACHABLE naming it masked; listed before one that answers, it is
 * passed over and the session opens on the other.
 */
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { execFile } from 'node:child_process';
import { join } from 'node:path';
import { NO_LOCAL_CHROMIUM, startBrowserServer, type BrowserServer } from '../helpers/browser-server.js';
import { probeCourse, startLoopbackVictim, type LoopbackVictim } from '../helpers/loopback-victim.js';
import {
  callTool,
  callToolError,
  openSessionRuntime,
  SERVER_ENTRY,
  startServer,
  type StartedServer,
} from '../helpers/mcp-client.js';
import { REPO_ROOT, SAMPLES_DIR } from '../helpers/paths.js';
import { eventually } from '../helpers/until.js';

interface Req {
  url: string;
  resourceType: string;
  blocked?: boolean;
  blocked_reason?: string;
}

let grid: BrowserServer;
let victim: LoopbackVictim;
let server: StartedServer;
before(async () => {
  [grid, victim] = await Promise.all([startBrowserServer(), startLoopbackVictim()]);
  server = await startServer({ SCORM_TESTER_BROWSER_WS: grid.wsEndpoint, ...NO_LOCAL_CHROMIUM });
});
after(async () => {
  await server?.close();
  await Promise.all([grid?.close(), victim?.close()]);
});

describe('MCP on a remote browser', { concurrency: 1 }, () => {
  test('the MCP server with SCORM_TESTER_BROWSER_WS opens a course through it', async () => {
    const sessionId = await openSessionRuntime(server.client, join(SAMPLES_DIR, 'sample-course'), {
      new_attempt: true,
    });
    const call = await callTool<{ call: { method: string; result: string } | null }>(
      server.client,
      'scorm_wait_for_api_call',
      { session_id: sessionId, method: 'Initialize', include_past: true, timeout_ms: 20_000 },
    );
    assert.equal(call.call?.result, 'true', JSON.stringify(call));
    await callTool(server.client, 'scorm_session_close', { session_id: sessionId });
  });

  test('network off through the remote browser: no loopback request or UDP reaches a local service; each is recorded as blocked', async () => {
    victim.hits.length = 0;
    const sessionId = await openSessionRuntime(server.client, probeCourse(victim), { new_attempt: true });
    await callTool(server.client, 'scorm_wait_for_api_call', {
      session_id: sessionId,
      method: 'Commit',
      include_past: true,
      timeout_ms: 20_000,
    });
    const got = await callTool<{ result: string }>(server.client, 'scorm_api_call', {
      session_id: sessionId,
      method: 'GetValue',
      args: ['cmi.suspend_data'],
    });
    assert.deepEqual(JSON.parse(got.result), [], 'the course read nothing');
    assert.deepEqual(victim.hits, [], 'nothing reached the local services, no UDP datagram either');
    const primary = `127.0.0.1:${victim.port}`;
    await eventually(async () => {
      const { requests } = await callTool<{ requests: Req[] }>(server.client, 'scorm_get_network_requests', {
        session_id: sessionId,
        options: { max_count: 5000 },
      });
      const blocked = requests.filter((r) => r.blocked);
      const seen = JSON.stringify(blocked.map((r) => [r.resourceType, r.url, r.blocked_reason]));
      for (const [type, url, reason] of [
        ['fetch', `http://${primary}/fetch`, 'loopback_not_allowed'],
        ['websocket', `ws://${primary}/ws`, 'loopback_not_allowed'],
        ['webrtc', `stun:${primary}`, 'webrtc_not_allowed'],
        ['serviceworker', null, 'service_worker'],
      ] as const)
        assert.ok(
          blocked.some(
            (r) => r.resourceType === type && (url === null || r.url === url) && r.blocked_reason === reason,
          ),
          `${type} ${url ?? ''} blocked as ${reason}: ${seen}`,
        );
    });
    await callTool(server.client, 'scorm_session_close', { session_id: sessionId });
  });

  test('an endpoint that cannot be reached, listed first: sessions open on the one that answers', async () => {
    const spread = await startServer({
      SCORM_TESTER_BROWSER_WS: `ws://127.0.0.1:1/,${grid.wsEndpoint}`,
      ...NO_LOCAL_CHROMIUM,
    });
    try {
      for (let i = 0; i < 2; i++) {
        const sessionId = await openSessionRuntime(spread.client, join(SAMPLES_DIR, 'sample-course'), {
          new_attempt: true,
        });
        const call = await callTool<{ call: { result: string } | null }>(
          spread.client,
          'scorm_wait_for_api_call',
          {
            session_id: sessionId,
            method: 'Initialize',
            include_past: true,
            timeout_ms: 20_000,
          },
        );
        assert.equal(call.call?.result, 'true', JSON.stringify(call));
        await callTool(spread.client, 'scorm_session_close', { session_id: sessionId });
      }
    } finally {
      await spread.close();
    }
  });

  test('an endpoint that cannot be reached fails the open with BROWSER_UNREACHABLE, masked', async () => {
    const unreachable = await startServer({
      SCORM_TESTER_BROWSER_WS: 'ws://bob:s3cret@127.0.0.1:1/?token=t0ken',
      ...NO_LOCAL_CHROMIUM,
    });
    try {
      const { session_id } = await callTool<{ session_id: string }>(
        unreachable.client,
        'scorm_session_open',
        {
          package_path: join(SAMPLES_DIR, 'sample-course'),
        },
      );
      const failure = await callToolError(unreachable.client, 'scorm_runtime_open', { session_id });
      assert.equal(failure.error_code, 'BROWSER_UNREACHABLE', failure.message);
      assert.match(
        failure.message,
        /The remote browser at ws:\/\/\*\*\*@127\.0\.0\.1:1\?token=\*\*\* cannot be reached/,
      );
      assert.ok(!/s3cret|t0ken/.test(JSON.stringify(failure.data)), failure.message);
    } finally {
      await unreachable.close();
    }
  });

  test('a remote browser that lets WebRTC send UDP fails the open with BROWSER_UNSUITABLE', async () => {
    const leaky = await startBrowserServer({ webRtcUdp: true });
    const refusing = await startServer({ SCORM_TESTER_BROWSER_WS: leaky.wsEndpoint, ...NO_LOCAL_CHROMIUM });
    try {
      const { session_id } = await callTool<{ session_id: string }>(refusing.client, 'scorm_session_open', {
        package_path: join(SAMPLES_DIR, 'sample-course'),
      });
      const failure = await callToolError(refusing.client, 'scorm_runtime_open', { session_id });
      assert.equal(failure.error_code, 'BROWSER_UNSUITABLE', failure.message);
      assert.match(failure.message, /offers WebRTC UDP candidates/);
    } finally {
      await refusing.close();
      await leaky.close();
    }
  });

  test('a SCORM_TESTER_BROWSER_WS that is not ws:// or wss:// stops the server at start (exit 2), masked', async () => {
    const { status, stderr } = await new Promise<{ status: number | null; stderr: string }>((resolve) => {
      const child = execFile(
        process.execPath,
        [SERVER_ENTRY],
        {
          cwd: REPO_ROOT,
          env: {
            ...process.env,
            SCORM_TESTER_BROWSER_WS: 'ws://127.0.0.1:3000/, https://bob:s3cret@grid.example/',
          },
          timeout: 30_000,
        },
        (_error, _stdout, err) => resolve({ status: child.exitCode, stderr: err }),
      );
      child.stdin?.end();
    });
    assert.equal(status, 2, stderr);
    assert.match(
      stderr,
      /SCORM_TESTER_BROWSER_WS: "https:\/\/\*\*\*@grid\.example" is not a browser endpoint/,
    );
    assert.ok(!stderr.includes('s3cret'), stderr);
  });
});
