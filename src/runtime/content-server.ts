/**
 * Loopback HTTP server for course content. Each session mounts its package root under an
 * unguessable token: http://127.0.0.1:<port>/<token>/c/<path> serves package files (read-only,
 * path-safe, no directory listing) and http://127.0.0.1:<port>/<token>/p/... serves our player page
 * and the scorm-again bundle, so the SCO frame and the player share one origin.
 */
import { randomBytes } from 'node:crypto';
import { promises as fsp, readFileSync } from 'node:fs';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import { fileURLToPath } from 'node:url';
import type { AddressInfo } from 'node:net';
import { resolve as resolvePath, sep } from 'node:path';
import { fail } from '../core/errors.js';
import { CONTENT_PREFIX } from './content-url.js';
import { contentTypeFor } from './mime.js';
import { pipeFile } from './stream-file.js';
import { openRegularFile } from '../core/regular-file.js';

export const PLAYER_PREFIX = 'p/';

/** One request the server answered for a mount. */
export interface ServedRequest {
  method: string;
  /** Package-relative path (decoded) for content, or `p/<asset>` for player assets. */
  path: string;
  status: number;
  timestamp: number;
  /** A service-worker script fetch, refused (service workers are blocked in every session). */
  serviceWorker?: true;
}

export interface Mount {
  readonly token: string;
  /** http://127.0.0.1:<port>/<token>/ */
  readonly baseUrl: string;
  readonly playerUrl: string;
  readonly root: string;
  /** URL of a package-relative path; a `?query` / `#fragment` on it is kept as written. */
  contentUrl(relativePath: string): string;
  /** Package-relative path for a URL under this mount's content prefix, or null. */
  relativePathOf(url: string): string | null;
  setPlayerHtml(html: string): void;
  /** Called for every answered request (content and player assets). */
  onRequest(listener: (r: ServedRequest) => void): () => void;
  unmount(): void;
}

interface MountState {
  root: string;
  realRoot: string;
  playerHtml: string;
  listeners: Set<(r: ServedRequest) => void>;
}

const engineCache = new Map<string, Buffer>();

/**
 * The scorm-again engines as classic scripts for the player, read once from node_modules. We serve the
 * package's modern (ES module) minified build, turned into a classic script that sets the same global as
 * its browser bundle: it is half the size and evaluates in about a third of the time (~30 ms instead of
 * ~80 ms for SCORM 2004), which is on the critical path of every course open.
 */
function engineBundle(name: 'scorm12.js' | 'scorm2004.js'): Buffer {
  let buf = engineCache.get(name);
  if (!buf) {
    const className = name === 'scorm12.js' ? 'Scorm12API' : 'Scorm2004API';
    // import.meta.resolve applies the "import" condition: the ES module build.
    const file = fileURLToPath(
      import.meta.resolve(name === 'scorm12.js' ? 'scorm-again/scorm12/min' : 'scorm-again/scorm2004/min'),
    );
    buf = Buffer.from(moduleToClassicScript(readFileSync(file, 'utf8'), className, file));
    engineCache.set(name, buf);
  }
  return buf;
}

/** `…export{X};` (a self-contained module) -> `(function(){…window.X=X;})();`. */
export function moduleToClassicScript(source: string, className: string, file: string): string {
  const exportStatement = `export{${className}};`;
  const at = source.lastIndexOf(exportStatement);
  if (at < 0 || /(^|[;}\s])import[\s{*]/.test(source.slice(0, 2000))) {
    throw new Error(
      `${file} is not the self-contained scorm-again module expected (no "${exportStatement}")`,
    );
  }
  const body =
    source.slice(0, at) + `window.${className}=${className};` + source.slice(at + exportStatement.length);
  return `(function(){${body.replace(/\n\/\/# sourceMappingURL=.*$/m, '').trimEnd()}\n})();`;
}

export class ContentServer {
  private readonly mounts = new Map<string, MountState>();

  /** The Host header values we answer: the names of the loopback address we listen on. */
  private readonly hosts: ReadonlySet<string>;

  private constructor(
    private readonly server: Server,
    readonly origin: string,
    port: number,
  ) {
    this.hosts = new Set([`127.0.0.1:${port}`, `localhost:${port}`]);
  }

  static async start(): Promise<ContentServer> {
    const server = createServer();
    await new Promise<void>((resolve, reject) => {
      server.once('error', reject);
      server.listen(0, '127.0.0.1', () => resolve());
    });
    const { port } = server.address() as AddressInfo;
    const instance = new ContentServer(server, `http://127.0.0.1:${port}`, port);
    server.on('request', (req, res) => {
      instance.handle(req, res).catch(() => {
        if (!res.headersSent) res.writeHead(500);
        res.end();
      });
    });
    // Idle keep-alive sockets must not keep the process alive.
    server.unref();
    return instance;
  }

  get mountCount(): number {
    return this.mounts.size;
  }

  async mount(root: string, playerHtml = ''): Promise<Mount> {
    const abs = resolvePath(root);
    let realRoot: string;
    try {
      realRoot = await fsp.realpath(abs);
      if (!(await fsp.stat(realRoot)).isDirectory()) throw new Error('not a directory');
    } catch {
      fail('PATH_RESOLUTION_ERROR', `Package root ${abs} is not a readable directory.`, { path: abs });
    }
    const token = randomBytes(18).toString('base64url');
    const state: MountState = { root: abs, realRoot, playerHtml, listeners: new Set() };
    this.mounts.set(token, state);
    const baseUrl = `${this.origin}/${token}/`;
    const contentBase = baseUrl + CONTENT_PREFIX;
    return {
      token,
      baseUrl,
      playerUrl: `${baseUrl}${PLAYER_PREFIX}player.html`,
      root: abs,
      contentUrl: (relativePath) => contentBase + encodeRelative(relativePath),
      relativePathOf: (url) => {
        if (!url.startsWith(contentBase)) return null;
        const path = url.slice(contentBase.length).split(/[?#]/)[0] ?? '';
        try {
          return decodeURIComponent(path);
        } catch {
          return path;
        }
      },
      setPlayerHtml: (html) => {
        state.playerHtml = html;
      },
      onRequest: (listener) => {
        state.listeners.add(listener);
        return () => state.listeners.delete(listener);
      },
      unmount: () => {
        this.mounts.delete(token);
      },
    };
  }

  async close(): Promise<void> {
    this.mounts.clear();
    this.server.closeAllConnections();
    await new Promise<void>((resolve) => this.server.close(() => resolve()));
  }

  private async handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const method = req.method ?? 'GET';
    // A page on another name that resolves to 127.0.0.1 (DNS rebinding) must not read our content.
    if (!this.hosts.has((req.headers.host ?? '').toLowerCase())) {
      res.writeHead(421, { 'Content-Type': 'text/plain' });
      res.end('Misdirected request: this server answers only for 127.0.0.1 and localhost on its own port.');
      return;
    }
    const rawPath = (req.url ?? '/').split(/[?#]/)[0] ?? '/';
    const slash = rawPath.indexOf('/', 1);
    const token = slash > 0 ? rawPath.slice(1, slash) : rawPath.slice(1);
    const state = this.mounts.get(token);
    if (!state) {
      // Unknown token: say nothing about what exists.
      res.writeHead(404, { 'Content-Type': 'text/plain' });
      res.end('Not found');
      return;
    }
    const rest = slash > 0 ? rawPath.slice(slash + 1) : '';
    const record = (path: string, status: number): void => {
      const r: ServedRequest = { method, path, status, timestamp: Date.now() };
      for (const l of state.listeners) l(r);
    };
    if (req.headers['service-worker'] !== undefined) {
      res.writeHead(403, { 'Content-Type': 'text/plain' });
      res.end('Service workers are blocked by SCORM Tester.');
      for (const l of state.listeners)
        l({ method, path: rest, status: 403, timestamp: Date.now(), serviceWorker: true });
      return;
    }
    if (method !== 'GET' && method !== 'HEAD') {
      res.writeHead(405, { Allow: 'GET, HEAD', 'Content-Type': 'text/plain' });
      res.end('This content server is read-only.');
      record(rest, 405);
      return;
    }
    if (rest.startsWith(PLAYER_PREFIX)) {
      this.servePlayerAsset(rest.slice(PLAYER_PREFIX.length), state, method, res);
      record(rest, res.statusCode);
      return;
    }
    if (!rest.startsWith(CONTENT_PREFIX)) {
      res.writeHead(404, { 'Content-Type': 'text/plain' });
      res.end('Not found');
      record(rest, 404);
      return;
    }
    const rel = safeRelative(rest.slice(CONTENT_PREFIX.length));
    if (rel === null) {
      res.writeHead(400, { 'Content-Type': 'text/plain' });
      res.end('Bad path');
      record(rest.slice(CONTENT_PREFIX.length), 400);
      return;
    }
    const status = await this.serveFile(state, rel, req, res, method);
    record(rel, status);
  }

  private servePlayerAsset(name: string, state: MountState, method: string, res: ServerResponse): void {
    let body: Buffer | string;
    let type: string;
    if (name === 'player.html') {
      body = state.playerHtml;
      type = 'text/html; charset=utf-8';
    } else if (name === 'scorm12.js' || name === 'scorm2004.js') {
      body = engineBundle(name);
      type = 'text/javascript; charset=utf-8';
    } else {
      res.writeHead(404, { 'Content-Type': 'text/plain' });
      res.end('Not found');
      return;
    }
    res.writeHead(200, {
      'Content-Type': type,
      'Content-Length': Buffer.byteLength(body),
      'Cache-Control': name === 'player.html' ? 'no-store' : 'max-age=3600',
    });
    res.end(method === 'HEAD' ? undefined : body);
  }

  private async serveFile(
    state: MountState,
    rel: string,
    req: IncomingMessage,
    res: ServerResponse,
    method: string,
  ): Promise<number> {
    const notFound = (): number => {
      res.writeHead(404, { 'Content-Type': 'text/plain' });
      res.end('Not found');
      return 404;
    };
    const candidate = resolvePath(state.root, rel);
    let real: string;
    try {
      real = await fsp.realpath(candidate);
    } catch {
      return notFound();
    }
    // A symlink inside the package must not lead outside it.
    if (real !== state.realRoot && !real.startsWith(state.realRoot + sep)) return notFound();
    // Opened without blocking and checked on the descriptor: a FIFO in the package never holds a thread.
    const opened = await openRegularFile(real).catch(() => null);
    if (!opened) return notFound();
    const { handle, stats: stat } = opened;
    let piped = false;
    try {
      const headers: Record<string, string | number> = {
        'Content-Type': contentTypeFor(rel),
        'Cache-Control': 'no-store',
        'Accept-Ranges': 'bytes',
        'Last-Modified': stat.mtime.toUTCString(),
      };
      let start = 0;
      let end = stat.size - 1;
      let status = 200;
      const range = req.headers.range;
      if (range && stat.size > 0) {
        const m = /^bytes=(\d*)-(\d*)$/.exec(range.trim());
        if (m && (m[1] !== '' || m[2] !== '')) {
          if (m[1] === '') {
            start = Math.max(0, stat.size - Number(m[2]));
          } else {
            start = Number(m[1]);
            if (m[2] !== '') end = Math.min(end, Number(m[2]));
          }
          if (start > end || start >= stat.size) {
            res.writeHead(416, { 'Content-Range': `bytes */${stat.size}` });
            res.end();
            return 416;
          }
          status = 206;
          headers['Content-Range'] = `bytes ${start}-${end}/${stat.size}`;
        }
      }
      headers['Content-Length'] = stat.size === 0 ? 0 : end - start + 1;
      res.writeHead(status, headers);
      if (method === 'HEAD' || stat.size === 0) {
        res.end();
        return status;
      }
      piped = true;
      await pipeFile(res, handle, { start, end });
      return status;
    } finally {
      if (!piped) await handle.close();
    }
  }
}

/** Decoded package-relative path, or null when it is not a plain path inside the package. */
export function safeRelative(encoded: string): string | null {
  if (encoded === '') return null;
  const parts: string[] = [];
  for (const seg of encoded.split('/')) {
    let s: string;
    try {
      s = decodeURIComponent(seg);
    } catch {
      return null;
    }
    if (s === '' || s === '.') continue;
    if (s === '..' || s.includes('\0') || s.includes('\\') || s.includes('/')) return null;
    parts.push(s);
  }
  return parts.length > 0 ? parts.join('/') : null;
}

/** Percent-encodes each path segment but keeps a trailing ?query / #fragment as written. */
export function encodeRelative(relativePath: string): string {
  const cut = relativePath.search(/[?#]/);
  const path = cut >= 0 ? relativePath.slice(0, cut) : relativePath;
  const tail = cut >= 0 ? relativePath.slice(cut) : '';
  const encoded = path
    .replace(/\\/g, '/')
    .split('/')
    .map((seg) => {
      try {
        // Already-encoded hrefs (e.g. "my%20page.html") must not be encoded twice.
        return encodeURIComponent(decodeURIComponent(seg));
      } catch {
        return encodeURIComponent(seg);
      }
    })
    .join('/');
  return encoded + tail;
}

let sharedServer: Promise<ContentServer> | null = null;

/** The process-wide content server, started on first use. */
export function sharedContentServer(): Promise<ContentServer> {
  if (!sharedServer) {
    sharedServer = ContentServer.start().catch((err: unknown) => {
      sharedServer = null;
      throw err;
    });
  }
  return sharedServer;
}
