/**
 * What a course may reach: address classes, the decision per option, and the forwarding proxy used
 * with allow_network / allow_loopback, spoken to with raw HTTP and CONNECT like Chromium does.
 * There is no internet here: that a public host is forwarded can only be shown as a policy decision.
 */
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { request } from 'node:http';
import { connect } from 'node:net';
import { hostname } from 'node:os';
import { egressProxy } from '../../src/runtime/egress-proxy.js';
import {
  checkDestination,
  classifyAddress,
  NO_NETWORK,
  refusalForUrlHost,
  WEBRTC_DIRECT_URL,
  webRtcRefusals,
  type NetworkAccess,
} from '../../src/runtime/network-policy.js';
import { WEBRTC_MARKER, webRtcAttemptUrls } from '../../src/runtime/webrtc-guard.js';
import { startLoopbackVictim, VICTIM_ANSWER, type LoopbackVictim } from '../helpers/loopback-victim.js';

const PUBLIC_ONLY: NetworkAccess = { allowNetwork: true, allowLoopback: false };
const LOOPBACK_ONLY: NetworkAccess = { allowNetwork: false, allowLoopback: true };
const BOTH: NetworkAccess = { allowNetwork: true, allowLoopback: true };

let victim: LoopbackVictim;
before(async () => {
  victim = await startLoopbackVictim();
});
after(async () => {
  await victim.close();
});

test('address classes', () => {
  const cases: Array<[string, string]> = [
    ['127.0.0.1', 'loopback'],
    ['127.255.0.9', 'loopback'],
    ['::1', 'loopback'],
    ['0.0.0.0', 'loopback'],
    ['::', 'loopback'],
    ['::ffff:127.0.0.1', 'loopback'],
    ['::ffff:7f00:1', 'loopback'],
    ['10.1.2.3', 'private'],
    ['172.16.0.1', 'private'],
    ['172.31.255.255', 'private'],
    ['192.168.1.1', 'private'],
    ['100.64.0.1', 'private'],
    ['fd00::1', 'private'],
    ['::ffff:192.168.0.1', 'private'],
    ['169.254.169.254', 'link_local'],
    ['fe80::1', 'link_local'],
    ['224.0.0.1', 'reserved'],
    ['255.255.255.255', 'reserved'],
    ['0.1.2.3', 'reserved'],
    ['ff02::1', 'reserved'],
    ['8.8.8.8', 'public'],
    ['172.32.0.1', 'public'],
    ['2606:4700::1111', 'public'],
  ];
  for (const [ip, cls] of cases) assert.equal(classifyAddress(ip), cls, ip);
});

test('decisions: allow_network opens public only; allow_loopback opens loopback only; private never', async () => {
  const none: NetworkAccess = { allowNetwork: false, allowLoopback: false };
  assert.equal(refusalForUrlHost('example.org', none), 'network_not_allowed');
  assert.equal(refusalForUrlHost('localhost', none), 'loopback_not_allowed');
  assert.equal(refusalForUrlHost('[::1]', none), 'loopback_not_allowed');
  assert.equal(refusalForUrlHost('a.b.localhost', PUBLIC_ONLY), 'loopback_not_allowed');
  assert.equal(refusalForUrlHost('10.0.0.1', BOTH), 'private_address');
  assert.deepEqual(await checkDestination('8.8.8.8', PUBLIC_ONLY), { allowed: true, address: '8.8.8.8' });
  assert.equal((await checkDestination('8.8.8.8', LOOPBACK_ONLY)).allowed, false);
  assert.deepEqual(await checkDestination('[::1]', LOOPBACK_ONLY), { allowed: true, address: '::1' });
  const metadata = await checkDestination('169.254.169.254', BOTH);
  assert.equal(metadata.allowed, false);
  assert.equal(!metadata.allowed && metadata.reason, 'private_address');
  // A name is judged by what it resolves to: this machine's name usually leads to loopback.
  const own = await checkDestination(hostname(), PUBLIC_ONLY);
  if (own.address && /^127\./.test(own.address)) {
    assert.equal(own.allowed, false);
    assert.equal(!own.allowed && own.reason, 'loopback_not_allowed');
  }
  const missing = await checkDestination('no-such-host.invalid', PUBLIC_ONLY);
  assert.equal(!missing.allowed && missing.reason, 'unresolved');
});

/** A plain-HTTP proxy request: resolves with the status and body, or "destroyed". */
function viaProxy(proxyUrl: string, target: string): Promise<string> {
  const proxy = new URL(proxyUrl);
  return new Promise((resolve) => {
    const req = request(
      {
        host: proxy.hostname,
        port: proxy.port,
        path: target,
        headers: { Host: target.startsWith('/') ? proxy.host : new URL(target).host },
      },
      (res) => {
        let body = '';
        res.on('data', (c: Buffer) => (body += c.toString()));
        res.on('end', () => resolve(`${res.statusCode} ${body}`));
      },
    );
    req.on('error', () => resolve('destroyed'));
    req.end();
  });
}

/** A CONNECT through the proxy: resolves with its first answer line, or "destroyed". */
function tunnelVia(proxyUrl: string, authority: string): Promise<string> {
  const proxy = new URL(proxyUrl);
  return new Promise((resolve) => {
    const socket = connect(Number(proxy.port), proxy.hostname, () =>
      socket.write(`CONNECT ${authority} HTTP/1.1\r\nHost: ${authority}\r\n\r\n`),
    );
    let got = '';
    socket.on('data', (c: Buffer) => {
      got += c.toString();
      if (got.includes('\r\n')) {
        resolve(got.split('\r\n')[0] ?? '');
        socket.destroy();
      }
    });
    socket.on('error', () => resolve('destroyed'));
    socket.on('close', () => resolve(got ? (got.split('\r\n')[0] ?? '') : 'destroyed'));
  });
}

test('allow_network proxy: loopback and private destinations are refused, by address or name', async () => {
  const proxy = await egressProxy(PUBLIC_ONLY);
  victim.hits.length = 0;
  const port = victim.port;
  for (const host of [
    `127.0.0.1:${port}`,
    `localhost:${port}`,
    `[::1]:${port}`,
    `0.0.0.0:${port}`,
    `${hostname()}:${port}`,
  ]) {
    assert.equal(await viaProxy(proxy.url, `http://${host}/x`), 'destroyed', host);
    assert.equal(await tunnelVia(proxy.url, host), 'destroyed', `CONNECT ${host}`);
  }
  assert.equal(proxy.refusalOf('127.0.0.1', port), 'loopback_not_allowed');
  assert.equal(proxy.refusalOf('[::1]', port), 'loopback_not_allowed');
  assert.equal(await viaProxy(proxy.url, 'http://10.0.0.1:80/'), 'destroyed');
  assert.equal(proxy.refusalOf('10.0.0.1', 80), 'private_address');
  assert.deepEqual(victim.hits, []);
  // Not a proxy request at all (a course pointing a request at the proxy's own port): refused.
  assert.match(await viaProxy(proxy.url, '/relative'), /^400 /);
});

test('allow_loopback proxy: a local service is reached over plain HTTP and CONNECT', async () => {
  const proxy = await egressProxy(LOOPBACK_ONLY);
  victim.hits.length = 0;
  assert.equal(await viaProxy(proxy.url, `http://127.0.0.1:${victim.port}/hello`), `200 ${VICTIM_ANSWER}`);
  assert.equal(await tunnelVia(proxy.url, `localhost:${victim.port}`), 'HTTP/1.1 200 Connection Established');
  assert.ok(victim.hits.includes(`GET 127.0.0.1:${victim.port}/hello`));
  assert.equal(proxy.refusalOf('127.0.0.1', victim.port), null);
  // Public hosts stay closed with allow_loopback alone.
  assert.equal(await viaProxy(proxy.url, 'http://8.8.8.8:80/'), 'destroyed');
  assert.equal(proxy.refusalOf('8.8.8.8', 80), 'network_not_allowed');
});

test('WebRTC: UDP is refused in every session; TURN over TCP/TLS is judged by its host', () => {
  for (const access of [NO_NETWORK, PUBLIC_ONLY, LOOPBACK_ONLY, BOTH]) {
    const udp = [
      'stun:127.0.0.1:3478',
      'STUN:stun.example.com',
      'turn:[::1]:3478',
      'turn:203.0.113.9?transport=udp',
    ];
    assert.deepEqual(
      webRtcRefusals(udp, access).map((r) => r.reason),
      udp.map(() => 'webrtc_not_allowed'),
      JSON.stringify(access),
    );
    assert.deepEqual(webRtcRefusals([], access), [{ url: WEBRTC_DIRECT_URL, reason: 'webrtc_not_allowed' }]);
    // Not an ICE URL at all: nothing the browser could proxy.
    assert.equal(webRtcRefusals(['http://127.0.0.1/'], access)[0]?.reason, 'webrtc_not_allowed');
  }
  const tcp = [
    'turn:127.0.0.1:3478?transport=tcp',
    'turns:[::1]:5349',
    'turn:turn.example.com?transport=tcp',
  ];
  const reasons = (access: NetworkAccess): Array<[string, string]> =>
    webRtcRefusals(tcp, access).map((r) => [r.url, r.reason]);
  assert.deepEqual(reasons(NO_NETWORK), [
    [tcp[0] ?? '', 'loopback_not_allowed'],
    [tcp[1] ?? '', 'loopback_not_allowed'],
    [tcp[2] ?? '', 'network_not_allowed'],
  ]);
  assert.deepEqual(reasons(PUBLIC_ONLY), [
    [tcp[0] ?? '', 'loopback_not_allowed'],
    [tcp[1] ?? '', 'loopback_not_allowed'],
  ]);
  assert.deepEqual(reasons(LOOPBACK_ONLY), [[tcp[2] ?? '', 'network_not_allowed']]);
  assert.deepEqual(reasons(BOTH), []);
});

test('WebRTC: the report from the page is parsed defensively', () => {
  assert.equal(webRtcAttemptUrls('hello'), null);
  assert.deepEqual(webRtcAttemptUrls(`${WEBRTC_MARKER}["stun:a",1,null,"turn:b"]`), ['stun:a', 'turn:b']);
  assert.deepEqual(webRtcAttemptUrls(`${WEBRTC_MARKER}{"not":"a list"}`), []);
  assert.deepEqual(webRtcAttemptUrls(`${WEBRTC_MARKER}not json`), []);
  const many = webRtcAttemptUrls(`${WEBRTC_MARKER}${JSON.stringify(Array(100).fill('x'.repeat(5000)))}`);
  assert.equal(many?.length, 32);
  assert.equal(many?.[0]?.length, 2048);
});
