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

/** The request's JSON body; null when it is too large or not JSON. */
export async function readJsonBody(
  req: IncomingMessage,
): Promise<{ ok: true; value: unknown } | { ok: false; reason: string }> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of req) {
    size += (chunk as Buffer).length;
    if (size > MAX_BODY_BYTES)
      return { ok: false, reason: `the body is larger than ${MAX_BODY_BYTES} bytes` };
    chunks.push(chunk as Buffer);
  }
  try {
    return { ok: true, value: JSON.parse(Buffer.concat(chunks).toString('utf8')) as unknown };
  } catch {
    return { ok: false, reason: 'the body is not JSON' };
  }
}
