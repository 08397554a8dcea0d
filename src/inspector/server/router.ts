/**
 * Every request to the inspector, checked in this order: Host (403 unless a loopback name with our
 * port), token (the same bare 404 for a wrong or missing one as for anything else that does not
 * exist), then for POST the Origin (403 unless exactly our own) and the JSON content type (415).
 * Routes: see ../protocol.ts.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Logger } from '../../core/logger.js';
import type { SessionFeed } from '../feed/session-feed.js';
import { SseClient } from '../feed/sse.js';
import { ACTIONS_PATH, FEED_PATH, type ActionResponse, type SessionSummary } from '../protocol.js';
import { serveUiAsset, serveUntrustedFile, shellHtml } from './files.js';
import { forbidden, notFound, readJsonBody, sendHtml, sendJson } from './http.js';
import { loopbackHosts, originMatches, tokenMatches, UI_HEADERS } from './security.js';

/** What the router asks of the inspector behind it. */
export interface InspectorBackend {
  readonly title: string;
  sessions(): SessionSummary[];
  feed(id: string): SessionFeed | undefined;
  act(feed: SessionFeed, body: unknown): Promise<ActionResponse>;
  /** The folder a session's package content is served from, or null once it is gone. */
  contentRoot(feed: SessionFeed): string | null;
  /** The workspace a session's artifacts are in, when `path` (posix, decoded) is one of them. */
  artifactRoot(feed: SessionFeed, path: string): string | null;
  /** Tracks an open feed stream, so closing the inspector ends it. */
  track(client: SseClient): void;
}

export function createRouter(
  token: string,
  port: number,
  backend: InspectorBackend,
  logger: Logger,
): (req: IncomingMessage, res: ServerResponse) => Promise<void> {
  const hosts = loopbackHosts(port);
  return async (req, res) => {
    const host = (req.headers.host ?? '').toLowerCase();
    if (!hosts.has(host)) {
      logger.warn('INSPECTOR_REFUSED', { reason: 'host', host: req.headers.host ?? null });
      return forbidden(res);
    }
    const rawPath = (req.url ?? '/').split(/[?#]/)[0] ?? '/';
    const slash = rawPath.indexOf('/', 1);
    const first = slash > 0 ? rawPath.slice(1, slash) : rawPath.slice(1);
    if (!tokenMatches(first, token)) return notFound(res);
    const method = req.method ?? 'GET';
    if (method === 'POST') {
      if (!originMatches(req.headers.origin, host)) {
        logger.warn('INSPECTOR_REFUSED', { reason: 'origin', origin: req.headers.origin ?? null });
        return forbidden(res);
      }
      if (!/^application\/json\s*(;|$)/i.test(req.headers['content-type'] ?? '')) {
        return sendJson(res, 415, refusal('Send the action as JSON (Content-Type: application/json).'));
      }
    } else if (method !== 'GET' && method !== 'HEAD') {
      return notFound(res);
    }
    const rest = slash > 0 ? rawPath.slice(slash + 1) : null;
    if (rest === null) {
      // /TOKEN without its slash: the shell's relative URLs need it.
      const query = (req.url ?? '').slice(rawPath.length);
      res.writeHead(308, { ...UI_HEADERS, Location: `/${token}/${query}` });
      return void res.end();
    }
    return route(rest, method, req, res, backend);
  };
}

async function route(
  rest: string,
  method: string,
  req: IncomingMessage,
  res: ServerResponse,
  backend: InspectorBackend,
): Promise<void> {
  const head = method === 'HEAD';
  if (rest === '' && method !== 'POST') return sendHtml(res, shellHtml(backend.title), head);
  if (rest.startsWith('assets/') && method !== 'POST') {
    if (!(await serveUiAsset(rest.slice('assets/'.length), res, head))) notFound(res);
    return;
  }
  if (rest === 'api/sessions' && method !== 'POST') return sendJson(res, 200, backend.sessions());
  const match = /^api\/sessions\/([^/]+)\/([a-z]+)(?:\/(.*))?$/.exec(rest);
  if (!match) return notFound(res);
  const [, encodedId, part, tail] = match;
  const feed = backend.feed(decodeSegment(encodedId!));
  if (!feed) return notFound(res);
  if (part === ACTIONS_PATH && tail === undefined && method === 'POST') {
    const body = await readJsonBody(req);
    if (!body.ok) return sendJson(res, 400, refusal(`Not an inspector action: ${body.reason}.`));
    const response = await backend.act(feed, body.value);
    return sendJson(res, response.ok || response.error.code !== 'INVALID_ARGUMENT' ? 200 : 400, response);
  }
  if (method === 'POST') return notFound(res);
  if (part === FEED_PATH && tail === undefined) {
    const client = new SseClient(res, UI_HEADERS);
    backend.track(client);
    const unsubscribe = feed.subscribe(client);
    client.onClose(unsubscribe);
    return;
  }
  if (part === 'content' && tail) {
    const root = backend.contentRoot(feed);
    if (!root || !(await serveUntrustedFile(root, tail, res, head))) notFound(res);
    return;
  }
  if (part === 'artifacts' && tail) {
    const decoded = tail.split('/').map(decodeSegment).join('/');
    const root = backend.artifactRoot(feed, decoded);
    if (!root || !(await serveUntrustedFile(root, tail, res, head))) notFound(res);
    return;
  }
  notFound(res);
}

function decodeSegment(segment: string): string {
  try {
    return decodeURIComponent(segment);
  } catch {
    return '';
  }
}

function refusal(message: string): ActionResponse {
  return { ok: false, error: { code: 'INVALID_ARGUMENT', message } };
}
