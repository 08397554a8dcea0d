import type { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { callTool } from './mcp-client.js';

export interface SessionEventView {
  id: number;
  type: string;
  time: number;
  payload?: Record<string, unknown>;
}

/** Every event of a session after `sinceEventId`, through as many pages as the answer budget needs. */
export async function allSessionEvents<E = SessionEventView>(
  client: Client,
  sessionId: string,
  sinceEventId = 0,
): Promise<E[]> {
  const out: E[] = [];
  let since = sinceEventId;
  for (;;) {
    const page = await callTool<{ events: E[]; latest_event_id: number; events_remaining: number }>(
      client,
      'scorm_session_events',
      { session_id: sessionId, since_event_id: since, max_events: 5000 },
    );
    out.push(...page.events);
    since = page.latest_event_id;
    if (page.events_remaining === 0) return out;
  }
}
