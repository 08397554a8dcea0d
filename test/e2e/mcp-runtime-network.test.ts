/**
 * A hostile SCO reaches for services on this machine in every way a page can (fetch, XHR, images,
 * scripts, styles, CSS url(), prefetch, beacons, EventSource, WebSockets, frames, forms, popups,
 * WebRTC, file: and ftp: URLs, a service worker), against real local servers that record whatever
 * reaches them. Network off: nothing reaches them and every attempt is listed as blocked.
 * allow_network: the forwarding proxy still refuses loopback (names resolving to it included).
 * allow_loopback: the local service is reached, as the course's own local back end would be.
 * WebRTC sends no UDP in any session (STUN, TURN over UDP, checks to a forged peer candidate), from every
 * realm the course can make (webrtc.js); each peer connection's refused servers are listed as blocked.
 */
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { lookup } from 'node:dns/promises';
import { hostname } from 'node:os';
import {
  probeCourse,
  startLoopbackVictim,
  VICTIM_ANSWER,
  type LoopbackVictim,
} from '../helpers/loopback-victim.js';
import { callTool, startServer, type StartedServer } from '../helpers/mcp-client.js';
import { allSessionEvents } from '../helpers/session-events.js';
import { eventually } from '../helpers/until.js';

interface Req {
  url: string;
  resourceType: string;
  scope: 'content' | 'external';
  blocked?: boolean;
  blocked_reason?: string;
  statusCode?: number;
}

let server: StartedServer;
let victim: LoopbackVictim;
let hosts: string[];

before(async () => {
  server = await startServer();
  victim = await startLoopbackVictim();
  hosts = [...victim.hosts];
  // This machine's own name usually resolves to loopback (/etc/hosts): a DNS name, not a literal.
  const own = await lookup(hostname()).catch(() => null);
  if (own && /^127\./.test(own.address)) hosts.push(`${hostname()}:${victim.port}`);
});
after(async () => {
  await victim.close();
  await server.close();
});

async function runProbe(execution?: Record<string, boolean>): Promise<{ sessionId: string; read: string[] }> {
  const { session_id } = await callTool<{ session_id: string }>(server.client, 'scorm_session_open', {
    package_path: probeCourse(victim, hosts),
    new_attempt: true,
    ...(execution ? { execution } : {}),
  });
  await callTool(server.client, 'scorm_runtime_open', { session_id });
  await callTool(server.client, 'scorm_wait_for_api_call', {
    session_id,
    method: 'Commit',
    include_past: true,
    timeout_ms: 20_000,
  });
  const got = await callTool<{ result: string }>(server.client, 'scorm_api_call', {
    session_id,
    method: 'GetValue',
    args: ['cmi.suspend_data'],
  });
  const hung = await callTool<{ result: string }>(server.client, 'scorm_api_call', {
    session_id,
    method: 'GetValue',
    args: ['cmi.location'],
  });
  // Requests the browser kept pending past the probe's 5 s are not a leak (the servers' records say what
  // reached them), but they are worth seeing when this test is slow.
  if (hung.result) console.error(`loopback probe: gave up waiting for ${hung.result}`);
  // Stragglers (popups, beacons, frames) have had the probe's 2 s; give them a little more.
  await new Promise((r) => setTimeout(r, 500));
  return { sessionId: session_id, read: JSON.parse(got.result) as string[] };
}

async function networkOf(sessionId: string): Promise<{ requests: Req[]; allow_loopback: boolean }> {
  return callTool(server.client, 'scorm_get_network_requests', {
    session_id: sessionId,
    options: { max_count: 5000 },
  });
}

/** UDP datagrams that reached the local service: WebRTC's UDP is off in every session, whatever the options. */
function udpHits(): string[] {
  return victim.hits.filter((h) => h.startsWith('udp '));
}

/** The realms of webrtc.js, by the label address their STUN servers carry (127.0.1.<n>). */
const WEBRTC_REALMS: Array<[string, number]> = [
  ['the SCO window', 1],
  ['RTCPeerConnection.prototype.constructor', 2],
  ['a course-created about:blank iframe', 3],
  ['a popup reached synchronously', 4],
  ['a srcdoc iframe', 5],
];

async function close(sessionId: string): Promise<void> {
  await callTool(server.client, 'scorm_session_close', { session_id: sessionId });
}

test('network off: no loopback request of any kind reaches a local service; each is recorded as blocked', async () => {
  victim.hits.length = 0;
  const before = await callTool<{ session_id: string }>(server.client, 'scorm_open_course', {
    package_path: probeCourse(victim, hosts),
    new_attempt: true,
  });
  await callTool(server.client, 'scorm_session_close', { session_id: before.session_id });
  victim.hits.length = 0;

  const { sessionId, read } = await runProbe();
  assert.deepEqual(read, [], 'the course read nothing');
  assert.deepEqual(victim.hits, [], 'nothing reached the local services, no UDP datagram either');

  // The browser reports some attempts (popups, beacons, peer connections) a moment after the page made them.
  await eventually(async () => {
    const { requests } = await networkOf(sessionId);
    const blocked = requests.filter((r) => r.blocked);
    const loopback = blocked.filter((r) => r.blocked_reason === 'loopback_not_allowed');
    assert.ok(
      requests.filter((r) => r.scope === 'content').every((r) => !r.blocked),
      'the course itself is served',
    );
    // Without network access nothing is resolved: a name leading to loopback is blocked as any name is.
    for (const host of hosts.filter((h) => !victim.hosts.includes(h)))
      assert.ok(
        blocked.some((r) => r.url === `http://${host}/fetch`),
        `fetch to ${host} blocked`,
      );
    for (const host of victim.hosts) {
      for (const type of ['fetch', 'image']) {
        assert.ok(
          loopback.some(
            (r) =>
              r.url === `http://${host}/${type === 'fetch' ? 'fetch' : 'img'}` && r.resourceType === type,
          ),
          `${type} to ${host} blocked as loopback (${JSON.stringify(blocked.map((r) => r.url))})`,
        );
      }
    }
    const primary = `127.0.0.1:${victim.port}`;
    const kinds: Array<[string, string]> = [
      ['xhr', `http://${primary}/xhr`],
      ['script', `http://${primary}/script.js`],
      ['stylesheet', `http://${primary}/style.css`],
      ['image', `http://${primary}/css-url.png`],
      ['ping', `http://${primary}/beacon`],
      ['eventsource', `http://${primary}/events`],
      ['websocket', `ws://${primary}/ws`],
      ['document', `http://${primary}/iframe`],
      ['document', `http://${primary}/form`],
      ['document', `http://${primary}/popup`],
    ];
    for (const [type, url] of kinds) {
      assert.ok(
        loopback.some((r) => r.url === url && r.resourceType === type),
        `${type} ${url} blocked (${JSON.stringify(blocked.map((r) => [r.resourceType, r.url]))})`,
      );
    }
    const webrtc = blocked.filter((r) => r.resourceType === 'webrtc');
    const seen = JSON.stringify(webrtc.map((r) => [r.url, r.blocked_reason]));
    for (const [realm, label] of WEBRTC_REALMS)
      assert.ok(
        webrtc.some(
          (r) =>
            r.url === `stun:127.0.1.${label}:${victim.port}` && r.blocked_reason === 'webrtc_not_allowed',
        ),
        `WebRTC from ${realm} recorded as blocked (${seen})`,
      );
    for (const [url, reason] of [
      [`stun:${primary}`, 'webrtc_not_allowed'],
      [`turn:${primary}`, 'webrtc_not_allowed'],
      [`turn:${primary}?transport=tcp`, 'loopback_not_allowed'],
      ['webrtc:peer-to-peer', 'webrtc_not_allowed'],
    ])
      assert.ok(
        webrtc.some((r) => r.url === url && r.blocked_reason === reason),
        `${url} blocked (${reason}): ${seen}`,
      );
    const schemes = blocked.filter((r) => r.blocked_reason === 'scheme_not_allowed').map((r) => r.url);
    for (const url of ['file:///etc/hostname', 'file:///etc/passwd', `ftp://${primary}/ftp`])
      assert.ok(schemes.includes(url), `${url} blocked (${JSON.stringify(schemes)})`);
    assert.ok(
      blocked.some((r) => r.blocked_reason === 'service_worker' && r.resourceType === 'serviceworker'),
      'service worker registration recorded as blocked',
    );
  });
  const events = {
    events: await allSessionEvents<{ type: string; payload?: { reason?: string } }>(server.client, sessionId),
  };
  assert.ok(
    events.events.some((e) => e.type === 'network:blocked' && e.payload?.reason === 'loopback_not_allowed'),
  );
  await close(sessionId);
});

test('allow_network: the forwarding proxy still refuses loopback, by address and by name', async () => {
  victim.hits.length = 0;
  const { sessionId, read } = await runProbe({ allow_network: true });
  assert.deepEqual(read, []);
  assert.deepEqual(victim.hits, []);
  const { requests } = await networkOf(sessionId);
  const loopback = requests.filter((r) => r.blocked && r.blocked_reason === 'loopback_not_allowed');
  for (const host of hosts) {
    assert.ok(
      loopback.some((r) => r.url === `http://${host}/fetch`),
      `fetch to ${host} refused (${JSON.stringify(requests.map((r) => [r.url, r.blocked_reason]))})`,
    );
  }
  assert.ok(loopback.some((r) => r.resourceType === 'websocket'));
  await close(sessionId);
});

test('allow_loopback: the local service is reached and answers, as a local back end would', async () => {
  victim.hits.length = 0;
  const { sessionId, read } = await runProbe({ allow_loopback: true });
  assert.ok(
    read.includes(`fetch 127.0.0.1:${victim.port}: ${VICTIM_ANSWER}`),
    `the course read the local answer (${JSON.stringify(read)})`,
  );
  assert.ok(victim.hits.some((h) => h === `GET 127.0.0.1:${victim.port}/fetch`));
  assert.ok(
    victim.hits.some((h) => h.startsWith('upgrade ')),
    'the WebSocket reached the service',
  );
  assert.deepEqual(udpHits(), [], 'WebRTC sends no UDP, even to an allowed loopback service');
  const network = await networkOf(sessionId);
  assert.equal(network.allow_loopback, true);
  assert.ok(
    network.requests.some(
      (r) => r.url === `stun:127.0.0.1:${victim.port}` && r.blocked_reason === 'webrtc_not_allowed',
    ),
  );
  // Other schemes and service workers stay closed whatever the options.
  assert.ok(read.every((r) => !r.startsWith('file:') && !r.startsWith('service worker')));
  await close(sessionId);
});
