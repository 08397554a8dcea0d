/**
 * Following a reloaded course: when the session on screen was replaced (scorm_reload_course), the page
 * shows the new one instead. No DOM here (unit-tested in Node).
 */
import { SESSION_PARAM, type SessionSummary } from '../protocol.js';

/** The session to show instead of `shown`, once its summary says it was replaced; else null. */
export function successorOf(session: SessionSummary | null, shown: string): string | null {
  const next = session?.id === shown ? session.replaced_by : undefined;
  return next && next !== shown ? next : null;
}

/** The page's address showing session `id`: the same path and other parameters, `?session=` changed. */
export function addressShowing(href: string, id: string): string {
  const url = new URL(href);
  url.searchParams.set(SESSION_PARAM, id);
  return `${url.pathname}${url.search}${url.hash}`;
}

/** The session a page without `?session=` shows: the only one not replaced by another, if there is one. */
export function onlyCurrentSession(sessions: SessionSummary[] | null): string | null {
  const current = sessions?.filter((s) => !s.replaced_by) ?? [];
  return current.length === 1 ? current[0]!.id : null;
}

export function followedNotice(from: string, to: string): string {
  return `Reloaded: now showing session ${to} (it replaced ${from}).`;
}
