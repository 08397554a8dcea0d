/**
 * Issue 20: a course that calls the browser automation's WebSocket binding itself (from its frame, from
 * the player's window, through the raw CDP binding; connect, message and close types) reaches nothing,
 * and each call is listed like a refused `new WebSocket`: in scorm_get_network_requests and as a
 * network:blocked event.
 */
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { cpSync, writeFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { callTool, startServer, type StartedServer } from '../helpers/mcp-client.js';
import { FIXTURES_DIR } from '../helpers/paths.js';
import { allSessionEvents } from '../helpers/session-events.js';
import { tempDir } from '../helpers/temp.js';
import { until } from '../helpers/until.js';

interface Req {
  url: string;
  resourceType: string;
  blocked?: boolean;
  blocked_reason?: string;
}

let server: StartedServer;
let victim: Server;
const hits: string[] = [];
let port = 0;
before(async () => {
  server = await startServer();
  victim = createServer((req, res) => {
    hits.push(`${req.method ?? ''} ${req.url ?? ''}`);
    res.end('ok');
  });
  victim.on('upgrade', (req, socket) => {
    hits.push(`upgrade ${req.url ?? ''}`);
    socket.destroy();
  });
  await new Promise<void>((resolve) => victim.listen(0, '127.0.0.1', resolve));
  port = (victim.address() as AddressInfo).port;
});
after(async () => {
  await server.close();
  await new Promise((resolve) => victim.close(resolve));
});

test('direct calls of the WebSocket binding reach nothing and are listed like a refused WebSocket', async () => {
  const dir = tempDir('scorm-tester-ws-binding-');
  cpSync(join(FIXTURES_DIR, 'courses', 'websocket-binding-direct'), dir, { recursive: true });
  writeFileSync(join(dir, 'target.js'), `var WS_TARGET = 'ws://127.0.0.1:${port}/';\n`);
  const { session_id } = await callTool<{ session_id: string }>(server.client, 'scorm_open_course', {
    package_path: dir,
  });
  const target = `ws://127.0.0.1:${port}/`;
  const blocked = await until(async () => {
    const n = await callTool<{ requests: Req[] }>(server.client, 'scorm_get_network_requests', {
      session_id,
      options: { max_count: 500 },
    });
    const list = n.requests.filter((r) => r.blocked);
    return list.some((r) => r.url === `${target}plain`) && list.length >= 6 ? list : undefined;
  }, 'every binding call and the plain WebSocket listed');
  const direct = blocked
    .filter((r) => r.blocked_reason === 'automation_binding')
    .map((r) => `${r.resourceType} ${r.url}`)
    .sort();
  assert.deepEqual(direct, [
    'websocket websocket-binding:onClosePage',
    'websocket websocket-binding:onMessageFromPage',
    `websocket ${target}player-connect`,
    `websocket ${target}raw`,
    `websocket ${target}sco-connect`,
  ]);
  assert.ok(blocked.some((r) => r.url === `${target}plain` && r.blocked_reason === 'loopback_not_allowed'));
  const events = await allSessionEvents<{ type: string; payload?: { reason?: string } }>(
    server.client,
    session_id,
  );
  assert.equal(
    events.filter((e) => e.type === 'network:blocked' && e.payload?.reason === 'automation_binding').length,
    5,
  );
  // The plain WebSocket came last and was refused: nothing before it reached the local service either.
  assert.deepEqual(hits, []);
  await callTool(server.client, 'scorm_close_course', { session_id });
});
