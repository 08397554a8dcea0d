import { createSocket, type Socket as UdpSocket } from 'node:dgram';
import { cpSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { FIXTURES_DIR } from './paths.js';
import { tempDir } from './temp.js';

/** Local services a hostile course reaches for; they record everything that reaches them. */
export interface LoopbackVictim {
  port: number;
  /** host:port forms that all lead to these services (when this machine has the address). */
  hosts: string[];
  /** One line per TCP connection, HTTP request, upgrade or UDP datagram received. */
  hits: string[];
  close(): Promise<void>;
}

const ANSWER = 'secret from a local service';

function victimServer(hits: string[]): Server {
  const server = createServer((req, res) => {
    hits.push(`${req.method} ${req.headers.host}${req.url}`);
    res.writeHead(200, { 'Access-Control-Allow-Origin': '*', 'Content-Type': 'text/plain' });
    res.end(ANSWER);
  });
  server.on('connection', (socket) => hits.push(`tcp ${socket.localAddress}`));
  server.on('upgrade', (req, socket) => {
    hits.push(`upgrade ${req.headers.host}${req.url}`);
    socket.destroy();
  });
  return server;
}

function listen(server: Server, port: number, host: string): Promise<boolean> {
  return new Promise((resolve) => {
    server.once('error', () => resolve(false));
    server.listen(port, host, () => resolve(true));
  });
}

/** HTTP (and WebSocket upgrade) on 127.0.0.1:<port>, the same port on 127.0.0.2 and [::1], UDP on 127.0.0.1. */
export async function startLoopbackVictim(): Promise<LoopbackVictim> {
  const hits: string[] = [];
  const primary = victimServer(hits);
  await listen(primary, 0, '127.0.0.1');
  const { port } = primary.address() as AddressInfo;
  const servers = [primary];
  const hosts = [`127.0.0.1:${port}`, `localhost:${port}`, `0.0.0.0:${port}`, `probe.localhost:${port}`];
  for (const [address, host] of [
    ['127.0.0.2', `127.0.0.2:${port}`],
    ['::1', `[::1]:${port}`],
  ] as const) {
    const extra = victimServer(hits);
    if (await listen(extra, port, address)) {
      servers.push(extra);
      hosts.push(host);
    }
  }
  const udp: UdpSocket = createSocket('udp4');
  udp.on('message', (_msg, from) => hits.push(`udp from ${from.address}:${from.port}`));
  await new Promise<void>((resolve) => udp.bind(port, '127.0.0.1', () => resolve()));
  return {
    port,
    hosts,
    hits,
    close: async () => {
      udp.close();
      for (const s of servers) {
        s.closeAllConnections();
        await new Promise<void>((resolve) => s.close(() => resolve()));
      }
    },
  };
}

export const VICTIM_ANSWER = ANSWER;

/**
 * A temp copy of the loopback-probe course, told where the local services are: it tries every kind of
 * request against `hosts` and the victim's primary address, and saves what it read in cmi.suspend_data.
 */
export function probeCourse(victim: LoopbackVictim, hosts: readonly string[] = victim.hosts): string {
  const dir = tempDir('scorm-tester-loopback-probe-');
  cpSync(join(FIXTURES_DIR, 'courses', 'loopback-probe'), dir, { recursive: true });
  const primary = `127.0.0.1:${victim.port}`;
  writeFileSync(join(dir, 'targets.js'), `window.PROBE_TARGETS = ${JSON.stringify({ hosts, primary })};`);
  return dir;
}
