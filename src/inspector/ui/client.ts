/** The UI's requests to its server: every URL is under the page's own /TOKEN/ path. */
import { ACTIONS_PATH, FEED_PATH } from '../protocol.js';
import type { ActionResponse, InspectorAction, SessionSummary } from '../protocol.js';

/** '/TOKEN/' from the page's path '/TOKEN/…'. */
export function basePath(pathname: string): string {
  const token = pathname.split('/')[1];
  return token ? `/${token}/` : '/';
}

const BASE = basePath(location.pathname);

export function sessionUrl(sessionId: string, rest: string): string {
  return `${BASE}api/sessions/${encodeURIComponent(sessionId)}/${rest}`;
}

export const feedUrl = (sessionId: string): string => sessionUrl(sessionId, FEED_PATH);

/**
 * An artifact's URL as the server gives it: absolute, relative to /TOKEN/ ('api/sessions/ID/artifacts/…'),
 * or only the part under the session's artifacts/.
 */
export function artifactUrl(sessionId: string, url: string): string {
  if (url.startsWith('/')) return url;
  return url.startsWith('api/') ? `${BASE}${url}` : sessionUrl(sessionId, `artifacts/${url}`);
}

export async function listSessions(): Promise<SessionSummary[]> {
  const response = await fetch(`${BASE}api/sessions`, { headers: { accept: 'application/json' } });
  if (!response.ok) throw new Error(`the inspector answered ${response.status} for its session list`);
  return (await response.json()) as SessionSummary[];
}

export async function postAction(sessionId: string, action: InspectorAction): Promise<ActionResponse> {
  try {
    const response = await fetch(sessionUrl(sessionId, ACTIONS_PATH), {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(action),
    });
    const text = await response.text();
    try {
      return JSON.parse(text) as ActionResponse;
    } catch {
      return { ok: false, error: { code: `HTTP_${response.status}`, message: text.slice(0, 300) } };
    }
  } catch (err) {
    return { ok: false, error: { code: 'NETWORK', message: (err as Error).message } };
  }
}
