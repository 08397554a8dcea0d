/**
 * Recording WebRTC attempts. Enforcement is not here: the browser is launched with WebRTC's UDP off
 * (chromiumArgs), which no page can undo. This init script only tells the runtime that a frame created
 * an RTCPeerConnection and with which ICE servers, so the attempt is listed as blocked. It runs in every
 * frame and popup before their own scripts (course-created about:blank frames included); a course can
 * still hide an attempt from the record (e.g. by replacing console.debug first in a realm the script
 * missed), never make it work.
 */

export const WEBRTC_MARKER = 'SCORM Tester: RTCPeerConnection ';

/** At most this many ICE server URLs are reported per peer connection, each cut to MAX_URL_LENGTH. */
export const MAX_REPORTED_URLS = 32;
export const MAX_URL_LENGTH = 2048;

/** Runs in the page (serialized by Playwright's addInitScript): self-contained, no imports. */
export function webRtcGuard(options: { marker: string; maxUrls: number; maxLength: number }): void {
  const w = window as unknown as Record<string, unknown>;
  const original = w.RTCPeerConnection;
  if (typeof original !== 'function') return;
  const report = console.debug.bind(console);
  const stringify = JSON.stringify;
  const construct = Reflect.construct;

  function iceUrls(config: unknown): string[] {
    const urls: string[] = [];
    try {
      const servers = (config as { iceServers?: unknown } | null | undefined)?.iceServers;
      if (!Array.isArray(servers)) return urls;
      for (const server of servers) {
        const value = (server as { urls?: unknown } | null)?.urls;
        for (const url of Array.isArray(value) ? value : [value]) {
          if (urls.length >= options.maxUrls) return urls;
          if (typeof url === 'string') urls.push(url.slice(0, options.maxLength));
        }
      }
    } catch {
      // A hostile getter: report what was read so far.
    }
    return urls;
  }

  const guarded = new Proxy(original as new (...args: unknown[]) => object, {
    construct(target, args, newTarget) {
      report(options.marker + stringify(iceUrls(args[0])));
      return construct(target, args, newTarget) as object;
    },
  });
  const define = (owner: object, name: string): void => {
    try {
      Object.defineProperty(owner, name, { value: guarded, writable: true, configurable: true });
    } catch {
      // Not configurable: nothing to record through, the browser still keeps UDP off.
    }
  };
  define(w, 'RTCPeerConnection');
  if (w.webkitRTCPeerConnection === original) define(w, 'webkitRTCPeerConnection');
  const proto = (original as { prototype?: object }).prototype;
  if (proto) define(proto, 'constructor');
}

/** The ICE server URLs reported in a console message of webRtcGuard, or null when it is not one. */
export function webRtcAttemptUrls(text: string): string[] | null {
  if (!text.startsWith(WEBRTC_MARKER)) return null;
  try {
    const parsed: unknown = JSON.parse(text.slice(WEBRTC_MARKER.length));
    if (!Array.isArray(parsed)) return [];
    return parsed
      .filter((u): u is string => typeof u === 'string')
      .slice(0, MAX_REPORTED_URLS)
      .map((u) => u.slice(0, MAX_URL_LENGTH));
  } catch {
    return [];
  }
}
