/**
 * Mirrors runtime activity into the session's event log. The SCO starts calling the API while the runtime
 * opens, so what was recorded before we could subscribe is replayed first, in order.
 */
import { courseText } from '../core/course-text.js';
import type { CourseRuntime } from '../runtime/course-runtime.js';
import type {
  ApiCallRecord,
  BlockedRequest,
  ConsoleEntry,
  DialogEntry,
  IntegrityEvent,
  NavigationBlocked,
} from '../runtime/records.js';
import type { EventLog } from './event-log.js';

/** `onConsole` sees every console entry (the session's observer); errors also go to the event log. */
export function mirrorRuntimeEvents(
  runtime: CourseRuntime,
  events: EventLog,
  onConsole: (entry: ConsoleEntry) => void,
): void {
  const log = runtime.log;
  const apiCall = (call: ApiCallRecord): void => {
    events.push('debug:api_call', {
      index: call.index,
      method: call.method,
      args: call.args,
      result: call.result,
      error_code: call.errorCode,
      sco_id: call.scoId,
      source: call.source,
    });
  };
  const consoleEntry = (entry: ConsoleEntry): void => {
    onConsole(entry);
    if (entry.type === 'error' || entry.source === 'pageerror') {
      events.push('error', { kind: 'console', text: entry.text, url: entry.url, line: entry.line });
    }
  };
  const blocked = (r: BlockedRequest): void =>
    void events.push('network:blocked', { url: r.url, reason: r.reason });
  // A dialog's text is the course's words: an event carries it as course text, never as a message.
  const dialog = (d: DialogEntry): void =>
    void events.push('dialog', {
      type: d.type,
      accepted: d.accepted,
      course_text: { message: courseText(d.message) },
    });
  const navBlocked = (n: NavigationBlocked): void =>
    void events.push('navigation:blocked', { url: n.url, message: n.message });
  const integrity = (i: IntegrityEvent): void =>
    void events.push('error', { kind: 'player_integrity', integrity: i.kind, detail: i.detail });

  if (log.currentUrl) events.push('navigation:completed', { url: log.currentUrl, sco_id: log.currentScoId });
  log.calls.forEach(apiCall);
  log.consoleMessages.forEach(consoleEntry);
  log.blockedRequests.forEach(blocked);
  log.dialogs.forEach(dialog);
  log.navigationBlocked.forEach(navBlocked);
  log.integrity.forEach(integrity);

  runtime.on('api_call', apiCall);
  runtime.on('console', consoleEntry);
  runtime.on('request_blocked', blocked);
  runtime.on('dialog', dialog);
  runtime.on('navigation_blocked', navBlocked);
  runtime.on('frame_load', (f) => events.push('navigation:completed', { url: f.url, sco_id: f.scoId }));
  runtime.on('nav_request', (n) => events.push('navigation:request', { ...n }));
  runtime.on('integrity', integrity);
  runtime.on('crashed', (c) => events.push('error', { kind: 'browser_crashed', message: c.reason }));
  runtime.on('script_terminated', (s) =>
    events.push('error', { kind: 'script_terminated', reason: s.reason, operation: s.operation }),
  );
}
