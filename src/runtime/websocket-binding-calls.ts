/**
 * Direct calls of Playwright's WebSocket-routing binding (issue 20). `context.routeWebSocket` (see
 * network-recorder.ts) puts `__pwWebSocketBinding` in every frame, for its in-page WebSocket stand-in to
 * report sockets and their traffic; it reaches Node through the CDP binding `__playwright__binding__`,
 * which stays on the window (Playwright looks it up there on every call), so a course can call either.
 * Our own CDP session adds the same binding and so hears every call. A socket the stand-in reports
 * ("onCreate") is judged and listed by the route like any `new WebSocket`; its later traffic (messages
 * and closes of a socket reported before) is the stand-in's own. Anything else — a type the stand-in
 * never sends ("connect"), traffic for a socket never reported — is the course calling the binding
 * itself: listed as a refused WebSocket. None of them opens a connection (Playwright drops them).
 */
export const PLAYWRIGHT_BINDING = '__playwright__binding__';
const WEBSOCKET_BINDING = '__pwWebSocketBinding';
const STAND_IN_TRAFFIC = new Set([
  'onMessageFromPage',
  'onMessageFromServer',
  'onClosePage',
  'onCloseServer',
]);
/** Sockets remembered per page, at most (a course could report sockets without end). */
const MAX_KNOWN = 10_000;

export interface WebSocketBindingCall {
  type: string;
  id: string;
  url: string;
}

/** The WebSocket binding's call in a payload of `__playwright__binding__`; null for any other binding. */
export function webSocketBindingCall(payload: string): WebSocketBindingCall | null {
  let parsed: unknown;
  try {
    parsed = JSON.parse(payload);
  } catch {
    return null;
  }
  if (!isRecord(parsed) || parsed.name !== WEBSOCKET_BINDING) return null;
  const arg = Array.isArray(parsed.serializedArgs) ? (parsed.serializedArgs[0] as unknown) : undefined;
  const members = isRecord(arg) && Array.isArray(arg.o) ? (arg.o as unknown[]) : [];
  const field = (key: string): string => {
    for (const m of members) if (isRecord(m) && m.k === key && typeof m.v === 'string') return m.v;
    return '';
  };
  return { type: field('type'), id: field('id'), url: field('url') };
}

/** Tells the stand-in's own calls from the course's direct ones, per page. */
export class WebSocketBindingWatch {
  private readonly reported = new Set<string>();

  /** "route": judged by the route; "stand-in": its own traffic; "direct": the course's call, to list. */
  judge(call: WebSocketBindingCall): 'route' | 'stand-in' | 'direct' {
    if (call.type === 'onCreate') {
      if (this.reported.size < MAX_KNOWN) this.reported.add(call.id);
      return 'route';
    }
    return STAND_IN_TRAFFIC.has(call.type) && this.reported.has(call.id) ? 'stand-in' : 'direct';
  }
}

function isRecord(v: unknown): v is Record<string, unknown> {
  return v !== null && typeof v === 'object';
}
