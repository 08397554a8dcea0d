/** The session events that tell an agent (and the inspector) what sequencing did. */
import type { EventLog } from '../event-log.js';
import type { SessionNavigator } from './navigator.js';
import type { SnInitResult } from './types.js';

/** `sequencing:started` now, then a `sequencing:request` for each request the navigator handles. */
export function announceSequencing(
  events: EventLog,
  navigator: SessionNavigator,
  result: SnInitResult,
  byOpen: boolean,
): void {
  events.push('sequencing:started', { how: result.how, restored: result.restored, by_open: byOpen });
  navigator.onRequest((e) =>
    events.push('sequencing:request', {
      request: e.request,
      source: e.source,
      outcome: e.outcome,
      message: e.message,
      ...(e.course_text ? { course_text: e.course_text } : {}),
      delivered: e.delivered?.activity_id ?? null,
    }),
  );
}
