/** A runtime's network log as scorm_get_network_requests reports it: the course's requests, blocked ones marked. */
import type { BlockedRequest, NetworkEntry } from '../../../runtime/records.js';

export interface NetworkRequestView {
  id: number;
  timestamp: number;
  method: string;
  url: string;
  resourceType: string;
  /** 'content': a file of the package; 'external': anything else. */
  scope: 'content' | 'external';
  statusCode?: number;
  error?: string;
  blocked?: boolean;
  /** Why it was blocked: network access is off, or it tried to navigate the top window away. */
  blocked_reason?: BlockedRequest['reason'];
}

export interface NetworkQuery {
  resourceTypes?: readonly string[];
  sinceTs?: number;
  maxCount?: number;
  /** Default true. */
  includeBlocked?: boolean;
}

export const DEFAULT_MAX_REQUESTS = 100;
/** Blocked requests the browser never reported as requests (e.g. WebSockets) get ids from here on. */
export const BLOCKED_ONLY_ID_BASE = 1_000_000;

/** Oldest first; the first max_count that pass the filters, with the number that passed. */
export function queryNetwork(
  requests: readonly NetworkEntry[],
  blocked: readonly BlockedRequest[],
  query: NetworkQuery = {},
): { requests: NetworkRequestView[]; total: number } {
  // Both logs are in request order, so the n-th block of a URL belongs to its n-th blocked request.
  const pending = new Map<string, BlockedRequest[]>();
  blocked.forEach((b) => {
    // A service-worker registration is recorded with the URL of the page that tried it: no request of its own.
    const key = b.resourceType === 'serviceworker' ? `serviceworker ${b.url}` : b.url;
    const list = pending.get(key) ?? [];
    list.push(b);
    pending.set(key, list);
  });
  const views: NetworkRequestView[] = [];
  for (const r of requests) {
    const queue = pending.get(r.url);
    const block = queue && queue.length > 0 ? queue.shift() : undefined;
    if (r.scope === 'player') continue;
    const view: NetworkRequestView = {
      id: r.id,
      timestamp: r.timestamp,
      method: r.method,
      url: r.url,
      resourceType: r.resourceType,
      scope: r.scope,
    };
    if (r.statusCode !== undefined) view.statusCode = r.statusCode;
    if (r.error !== undefined) view.error = r.error;
    if (block || r.blocked) view.blocked = true;
    if (block) view.blocked_reason = block.reason;
    views.push(view);
  }
  let extra = 0;
  for (const list of pending.values()) {
    for (const b of list) {
      views.push({
        id: BLOCKED_ONLY_ID_BASE + extra++,
        timestamp: b.timestamp,
        method: b.method,
        url: b.url,
        resourceType: b.resourceType,
        scope: 'external',
        blocked: true,
        blocked_reason: b.reason,
      });
    }
  }
  const types = query.resourceTypes && query.resourceTypes.length > 0 ? new Set(query.resourceTypes) : null;
  const matching = views
    .filter(
      (v) =>
        (query.sinceTs === undefined || v.timestamp > query.sinceTs) &&
        (!types || types.has(v.resourceType)) &&
        (query.includeBlocked !== false || !v.blocked),
    )
    .sort((a, b) => a.timestamp - b.timestamp || a.id - b.id);
  return { requests: matching.slice(0, query.maxCount ?? DEFAULT_MAX_REQUESTS), total: matching.length };
}
