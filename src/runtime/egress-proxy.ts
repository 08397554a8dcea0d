/**
 * Where a course's requests go, other than our own content server. Every browser context sends all
 * its traffic through one of these loopback proxies, loopback destinations included (`<-loopback>`:
 * Chromium otherwise bypasses proxies for loopback, which let courses reach local services); only the
 * content server's exact host:port bypasses it.
 *
 * - No network access: a "blackhole" that closes every connection at once, so a request fails fast
 *   and is recorded as blocked from the browser's request-failed event. Intercepting every request
 *   instead costs a round trip to Node per request (about 90 ms on a cold course open).
 * - allow_network / allow_loopback: a small forwarding proxy (plain HTTP and CONNECT tunnels) that
 *   resolves each destination itself, refuses what the policy does not allow (see network-policy.ts),
 *   and connects to the address it checked, so a host name cannot rebind to loopback in between.
 */
import {
  request as httpRequest,
  createServer as createHttpServer,
  type IncomingHttpHeaders,
} from 'node:http';
import { connect, createServer, type Server } from 'node:net';
import type { Duplex } from 'node:stream';
import {
  bareHost,
  checkDestination,
  hasAnyNetwork,
  type NetworkAccess,
  type NetworkBlockReason,
} from './network-policy.js';

export interface EgressProxy {
  /** http://127.0.0.1:<port> */
  readonly url: string;
  /** Why this proxy refused host:port recently, or null (never, for the blackhole: it refuses all). */
  refusalOf(host: string, port: number): NetworkBlockReason | null;
}

/** Refusals remembered for the runtime's request-failed events, which follow within moments. */
const MAX_REMEMBERED_REFUSALS = 500;

const started = new Map<string, Promise<EgressProxy>>();

/** The proxy for this access policy (one per policy, started on first use, never keeps the process alive). */
export function egressProxy(access: NetworkAccess): Promise<EgressProxy> {
  const key = `${access.allowNetwork ? 'net' : ''}+${access.allowLoopback ? 'loopback' : ''}`;
  let proxy = started.get(key);
  if (!proxy) {
    proxy = startProxy(access).catch((err: unknown) => {
      started.delete(key);
      throw err;
    });
    started.set(key, proxy);
  }
  return proxy;
}

/**
 * Context proxy options: everything through `proxyUrl`, loopback included, except the content server
 * at `contentOrigin` (http://127.0.0.1:<port>).
 */
export function contextProxy(proxyUrl: string, contentOrigin: string): { server: string; bypass: string } {
  return { server: proxyUrl, bypass: `<-loopback>,${new URL(contentOrigin).host}` };
}

async function startProxy(access: NetworkAccess): Promise<EgressProxy> {
  const refusals = new Map<string, NetworkBlockReason>();
  const key = (host: string, port: number): string => `${bareHost(host).toLowerCase()}:${port}`;
  const refuse = (host: string, port: number, reason: NetworkBlockReason): void => {
    refusals.delete(key(host, port));
    refusals.set(key(host, port), reason);
    if (refusals.size > MAX_REMEMBERED_REFUSALS) refusals.delete(refusals.keys().next().value ?? '');
  };
  const server: Server = hasAnyNetwork(access)
    ? forwardingServer(access, refuse)
    : createServer((socket) => socket.destroy());
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => resolve());
  });
  server.unref();
  const address = server.address();
  if (!address || typeof address === 'string') throw new Error('no port for the egress proxy');
  return {
    url: `http://127.0.0.1:${address.port}`,
    refusalOf: (host, port) => refusals.get(key(host, port)) ?? null,
  };
}

type Refuse = (host: string, port: number, reason: NetworkBlockReason) => void;

function forwardingServer(access: NetworkAccess, refuse: Refuse): Server {
  const server = createHttpServer({ keepAliveTimeout: 5_000 });
  server.on('request', (req, res) => {
    void (async () => {
      let target: URL;
      try {
        target = new URL(req.url ?? '');
      } catch {
        res.writeHead(400).end('This is a forward proxy: absolute http:// URLs only.');
        return;
      }
      if (target.protocol !== 'http:') {
        res.writeHead(400).end('Only http:// is forwarded; https and wss use CONNECT.');
        return;
      }
      const port = Number(target.port || 80);
      const dest = await checkDestination(target.hostname, access);
      if (!dest.allowed) {
        if (dest.reason !== 'unresolved') refuse(target.hostname, port, dest.reason);
        req.socket.destroy();
        return;
      }
      const upstream = httpRequest({
        host: dest.address,
        port,
        method: req.method,
        path: target.pathname + target.search,
        headers: withoutProxyHeaders(req.headers),
        setHost: false,
      });
      upstream.on('response', (answer) => {
        res.writeHead(answer.statusCode ?? 502, answer.headers);
        answer.pipe(res);
      });
      upstream.on('error', () => {
        if (!res.headersSent) res.writeHead(502);
        res.end();
      });
      req.pipe(upstream);
    })().catch(() => req.socket.destroy());
  });
  server.on('connect', (req, socket: Duplex, head: Buffer) => {
    socket.on('error', () => undefined);
    void tunnel(req.url ?? '', socket, head, access, refuse).catch(() => socket.destroy());
  });
  // WebSockets go through CONNECT; an upgrade on a plain proxy request is not something we forward.
  server.on('upgrade', (_req, socket: Duplex) => socket.destroy());
  server.on('clientError', (_err, socket: Duplex) => socket.destroy());
  return server;
}

async function tunnel(
  authority: string,
  socket: Duplex,
  head: Buffer,
  access: NetworkAccess,
  refuse: Refuse,
): Promise<void> {
  const colon = authority.lastIndexOf(':');
  const host = colon > 0 ? authority.slice(0, colon) : authority;
  const port = colon > 0 ? Number(authority.slice(colon + 1)) : 443;
  if (!host || !Number.isInteger(port) || port <= 0 || port > 65535) {
    socket.destroy();
    return;
  }
  const dest = await checkDestination(host, access);
  if (!dest.allowed) {
    if (dest.reason !== 'unresolved') refuse(host, port, dest.reason);
    socket.destroy();
    return;
  }
  const upstream = connect(port, dest.address, () => {
    socket.write('HTTP/1.1 200 Connection Established\r\n\r\n');
    if (head.length > 0) upstream.write(head);
    upstream.pipe(socket);
    socket.pipe(upstream);
  });
  upstream.on('error', () => socket.destroy());
  socket.on('close', () => upstream.destroy());
}

function withoutProxyHeaders(headers: IncomingHttpHeaders): IncomingHttpHeaders {
  const out = { ...headers };
  delete out['proxy-connection'];
  delete out['proxy-authorization'];
  return out;
}
