/**
 * Talking to the inspector as a browser would, without one: `scorm-tester inspect` as a child process,
 * raw HTTP requests (node:http, so Host and Origin can be anything), and a feed reader that parses the
 * server-sent events.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { request as httpRequest, type IncomingMessage } from 'node:http';
import type { FeedMessage } from '../../src/inspector/protocol.js';
import { CLI } from './cli.js';
import { REPO_ROOT } from './paths.js';
import { tempDir } from './temp.js';

export interface InspectProcess {
  url: string;
  child: ChildProcess;
  stdout: () => string;
  stderr: () => string;
  /** Sends SIGTERM and resolves with the exit code. */
  stop: () => Promise<number | null>;
}

/** Starts `scorm-tester inspect <args>` and resolves once it printed its URL. */
export function startInspect(...args: string[]): Promise<InspectProcess> {
  const child = spawn(process.execPath, [CLI, 'inspect', ...args], {
    cwd: REPO_ROOT,
    env: {
      ...process.env,
      SCORM_TESTER_SESSIONS_DIR: tempDir('scorm-tester-inspect-sessions-'),
      SCORM_TESTER_DATA_DIR: tempDir('scorm-tester-inspect-data-'),
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let out = '';
  let err = '';
  child.stderr.on('data', (c: Buffer) => (err += c.toString()));
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => {
      child.kill('SIGKILL');
      reject(new Error(`inspect printed no URL in 60 s; stderr: ${err}`));
    }, 60_000);
    void exited.then((code) => {
      clearTimeout(timer);
      reject(new Error(`inspect exited (${code}) before printing its URL; stderr: ${err}`));
    });
    child.stdout.on('data', (c: Buffer) => {
      out += c.toString();
      const m = /^Inspector: (\S+)$/m.exec(out);
      if (!m) return;
      clearTimeout(timer);
      resolve({
        url: m[1]!,
        child,
        stdout: () => out,
        stderr: () => err,
        stop: async () => {
          child.kill('SIGTERM');
          return exited;
        },
      });
    });
  });
}

export interface RawResponse {
  status: number;
  headers: IncomingMessage['headers'];
  body: string;
}

/** One HTTP request with exactly the method, path and headers given (no normalisation of the path). */
export function rawRequest(
  base: string,
  path: string,
  options: { method?: string; headers?: Record<string, string>; body?: string } = {},
): Promise<RawResponse> {
  const { hostname, port } = new URL(base);
  return new Promise((resolve, reject) => {
    const req = httpRequest(
      { hostname, port, path, method: options.method ?? 'GET', headers: options.headers ?? {} },
      (res) => {
        let body = '';
        res.setEncoding('utf8');
        res.on('data', (c: string) => (body += c));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body }));
      },
    );
    req.on('error', reject);
    req.end(options.body);
  });
}

/** The inspector's origin and its token path (`/TOKEN/`), from its URL. */
export function splitUrl(url: string): { origin: string; base: string } {
  const u = new URL(url);
  return { origin: u.origin, base: u.pathname };
}

/** POSTs an action as the UI does (same origin, JSON). */
export async function postAction(url: string, sessionId: string, action: unknown): Promise<RawResponse> {
  const { origin, base } = splitUrl(url);
  return rawRequest(url, `${base}api/sessions/${encodeURIComponent(sessionId)}/actions`, {
    method: 'POST',
    headers: { Origin: origin, 'Content-Type': 'application/json' },
    body: JSON.stringify(action),
  });
}

export interface FeedReader {
  messages: FeedMessage[];
  /** The first message (already received or coming) of this kind that passes `match`. */
  next<K extends FeedMessage['kind']>(
    kind: K,
    match?: (m: Extract<FeedMessage, { kind: K }>) => boolean,
    timeoutMs?: number,
  ): Promise<Extract<FeedMessage, { kind: K }>>;
  close(): void;
}

/** Opens a session's feed and collects its messages. */
export function openFeed(url: string, sessionId: string): Promise<FeedReader> {
  const { base } = splitUrl(url);
  const { hostname, port } = new URL(url);
  const messages: FeedMessage[] = [];
  const waiters = new Set<() => void>();
  return new Promise((resolve, reject) => {
    const req = httpRequest(
      { hostname, port, path: `${base}api/sessions/${encodeURIComponent(sessionId)}/feed` },
      (res) => {
        if (res.statusCode !== 200) {
          reject(new Error(`feed answered ${res.statusCode}`));
          return;
        }
        let buffer = '';
        res.setEncoding('utf8');
        res.on('data', (chunk: string) => {
          buffer += chunk;
          let end;
          while ((end = buffer.indexOf('\n\n')) >= 0) {
            const block = buffer.slice(0, end);
            buffer = buffer.slice(end + 2);
            const data = block
              .split('\n')
              .filter((l) => l.startsWith('data: '))
              .map((l) => l.slice(6))
              .join('\n');
            if (data) messages.push(JSON.parse(data) as FeedMessage);
          }
          for (const w of [...waiters]) w();
        });
        resolve({
          messages,
          next: (kind, match = () => true, timeoutMs = 20_000) =>
            new Promise((resolveNext, rejectNext) => {
              type M = Extract<FeedMessage, { kind: typeof kind }>;
              const find = (): M | undefined =>
                messages.find((m): m is M => m.kind === kind && match(m as M));
              const found = find();
              if (found) return resolveNext(found);
              const timer = setTimeout(() => {
                waiters.delete(check);
                rejectNext(
                  new Error(
                    `no '${kind}' message in ${timeoutMs} ms; got ${messages.map((m) => m.kind).join(', ')}`,
                  ),
                );
              }, timeoutMs);
              const check = (): void => {
                const m = find();
                if (!m) return;
                clearTimeout(timer);
                waiters.delete(check);
                resolveNext(m);
              };
              waiters.add(check);
            }),
          close: () => req.destroy(),
        });
      },
    );
    req.on('error', reject);
    req.end();
  });
}
