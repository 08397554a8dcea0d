/** One network request as scorm_get_network_requests shows it: what every request would repeat is said once around the list. */
import { cutText, type StringView } from '../../../output/answer-budget.js';
import type { NetworkRequestView } from './network-requests.js';

export interface ShownRequest {
  id: number;
  at_ms: number;
  method?: string;
  url: string;
  resourceType: string;
  scope?: 'external';
  statusCode?: number;
  error?: string;
  blocked?: boolean;
  blocked_reason?: NetworkRequestView['blocked_reason'];
}

/** A package file's URL relative to content_base, time since the session's start, GET and the course's own scope left out. */
export function shownRequest(
  r: NetworkRequestView,
  around: { contentBase: string; startedAt: number; strings: StringView },
): ShownRequest {
  const url = r.url.startsWith(around.contentBase) ? r.url.slice(around.contentBase.length) : r.url;
  const shown: ShownRequest = {
    id: r.id,
    at_ms: Math.max(0, r.timestamp - around.startedAt),
    url: cutText(url, around.strings),
    resourceType: r.resourceType,
  };
  if (r.method !== 'GET') shown.method = r.method;
  if (r.scope === 'external') shown.scope = 'external';
  if (r.statusCode !== undefined) shown.statusCode = r.statusCode;
  if (r.error !== undefined) shown.error = cutText(r.error, around.strings);
  if (r.blocked) shown.blocked = true;
  if (r.blocked_reason !== undefined) shown.blocked_reason = r.blocked_reason;
  return shown;
}
