/** The inspector's HTTP plumbing: listening on loopback, and the few kinds of answer it gives. */
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { fail } from '../../core/errors.js';
import { UI_HEADERS } from './security.js';

/** Listens on 127.0.0.1 (`port` 0: a free port chosen by the system). */
export async function listenOnLoopback(
  port: number,
  handler: (req: IncomingMessage, res: ServerResponse) => Promise<void>,
): Promise<{ server: Server; port: number }> {
  const server = createServer((req, res) => {
    handler(req, res).catch(() => {
      if (!res.headersSent) res.writeHead(500, UI_HEADERS);
      res.end();
    });
  });
  try {
    await new Promise<void>((resolve, reject) => {
      server.once('error', reject);
      server.listen(port, '127.0.0.1', () => resolve());
    });
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    fail(
      'INSPECTOR_START_FAILED',
      code === 'EADDRINUSE'
        ? `Port ${port} on 127.0.0.1 is already in use; choose another port, or leave it out to get a free one.`
        : `The inspector could not listen on 127.0.0.1:${port} (${(error as Error).message}).`,
      { port },
    );
  }
  return { server, port: (server.address() as AddressInfo).port };
}

const NOT_FOUND = Buffer.from('Not found');
const FORBIDDEN = Buffer.from('Forbidden');

/** The one answer for anything that does not exist, or whose token is wrong: identical bytes every time. */
export function notFound(res: ServerResponse): void {
  res.writeHead(404, {
    ...UI_HEADERS,
    'Content-Type': 'text/plain; charset=utf-8',
    'Content-Length': NOT_FOUND.length,
  });
  res.end(NOT_FOUND);
}

export function forbidden(res: ServerResponse): void {
  res.writeHead(403, {
    ...UI_HEADERS,
    'Content-Type': 'text/plain; charset=utf-8',
    'Content-Length': FORBIDDEN.length,
  });
  res.end(FORBIDDEN);
}

export function sendJson(res: ServerResponse, status: number, value: unknown): void {
  const body = Buffer.from(JSON.stringify(value));
  res.writeHead(status, {
    ...UI_HEADERS,
    'Content-Type': 'application/json; charset=utf-8',
    'Content-Length': body.length,
  });
  res.end(body);
}

export function sendHtml(res: ServerResponse, html: string, head: boolean): void {
  const body = Buffer.from(html);
  res.writeHead(200, {
    ...UI_HEADERS,
    'Content-Type': 'text/html; charset=utf-8',
    'Content-Length': body.length,
  });
  res.end(head ? undefined : body);
}

export const MAX_BODY_BYTES = 256 * 1024;

/** Past this much, an oversized body is no longer drained but its connection is cut. */
const MAX_DRAINED_BYTES = 64 * MAX_BODY_BYTES;

/**
 * The request's JSON body, or why not (too large, not JSON). An oversized body is read to its end and
 * dropped rather than cut off: closing the connection while the client still writes makes its system
 * discard our answer (ECONNRESET) before the client reads it.
 */
export function readJsonBody(
  req: IncomingMessage,
): Promise<{ ok: true; value: unknown } | { ok: false; reason: string }> {
  return new Promise((resolve) => {
    const chunks: Buffer[] = [];
    let size = 0;
    req.on('data', (chunk: Buffer) => {
      size += chunk.length;
      if (size <= MAX_BODY_BYTES) chunks.push(chunk);
      else if (size > MAX_DRAINED_BYTES) req.destroy();
      else chunks.length = 0;
    });
    req.on('error', () => resolve({ ok: false, reason: 'the body could not be read' }));
    req.on('end', () => {
      if (size > MAX_BODY_BYTES) {
        resolve({ ok: false, reason: `the body is larger than ${MAX_BODY_BYTES} bytes` });
        return;
      }
      try {
        resolve({ ok: true, value: JSON.parse(Buffer.concat(chunks).toString('utf8')) as unknown });
      } catch {
        resolve({ ok: false, reason: 'the body is not JSON' });
      }
    });
  });
}
