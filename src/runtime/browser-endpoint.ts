/**
 * Remote browser endpoints (`--browser-ws`, SCORM_TESTER_BROWSER_WS): checking them, naming them without
 * their secrets, and the process-wide list the shared pool connects to. No playwright-core here: the MCP
 * server reads its configuration at start-up without loading the browser runtime.
 */
import { fail } from '../core/errors.js';

const WS_URL_IN_TEXT = /wss?:\/\/[^\s"'<>]+/gi;

/**
 * The endpoint as it may be shown: user and password, every path segment and every query value become
 * `***`; the scheme, host, port and query keys stay, so the endpoint is recognisable. Every segment, not
 * only token-like ones: a grid may put a short secret of any shape in its path (launchServer's is a
 * random id), and these names end up in CI logs.
 */
export function maskEndpoint(endpoint: string): string {
  let url: URL;
  try {
    url = new URL(endpoint);
  } catch {
    return '<not a URL>';
  }
  const userinfo = url.username || url.password ? '***@' : '';
  const path = url.pathname
    .split('/')
    .map((segment) => (segment === '' ? segment : '***'))
    .join('/');
  const query = [...url.searchParams.keys()].map((key) => `${encodeURIComponent(key)}=***`).join('&');
  return `${url.protocol}//${userinfo}${url.host}${path === '/' ? '' : path}${query ? `?${query}` : ''}`;
}

/** `text` with every ws:// or wss:// URL in it masked (Playwright's errors quote the endpoint whole). */
export function maskEndpointsIn(text: string): string {
  return text.replace(WS_URL_IN_TEXT, (url) => maskEndpoint(url));
}

/**
 * The endpoints named by `values` (each may hold several, comma-separated), in order, each once.
 * Anything that is not a ws:// or wss:// URL with a host is INVALID_ARGUMENT naming `source` and the
 * endpoint (masked).
 */
export function parseBrowserEndpoints(values: readonly string[], source: string): string[] {
  const out: string[] = [];
  for (const value of values) {
    for (const raw of value.split(',')) {
      const endpoint = raw.trim();
      if (endpoint === '') continue;
      let url: URL | null = null;
      try {
        url = new URL(endpoint);
      } catch {
        url = null;
      }
      if (!url || (url.protocol !== 'ws:' && url.protocol !== 'wss:') || url.hostname === '') {
        fail(
          'INVALID_ARGUMENT',
          `${source}: "${maskEndpoint(endpoint)}" is not a browser endpoint: give a ws:// or wss:// URL ` +
            '(a Playwright browser server, e.g. ws://127.0.0.1:3000/)',
          { source, endpoint: maskEndpoint(endpoint) },
        );
      }
      if (!out.includes(endpoint)) out.push(endpoint);
    }
  }
  return out;
}

/** Why a session's browser went: a remote browser (`shown` masked) that disconnected, died or hung. */
export function remoteBrowserLost(shown: string): string {
  return `the remote browser at ${shown} disconnected or stopped answering`;
}

/**
 * Whether `message` says a session ended because its remote browser went away (remoteBrowserLost): the
 * browser's failure, not the course's, so the batch runs the package again elsewhere.
 */
export function isRemoteBrowserLost(message: string): boolean {
  return /the remote browser at \S+ disconnected/.test(message);
}

let configured: readonly string[] = [];

/** The remote browsers every later session of this process uses (none: a local Chromium is launched). */
export function useRemoteBrowsers(endpoints: readonly string[]): void {
  configured = [...endpoints];
}

export function remoteBrowserEndpoints(): readonly string[] {
  return configured;
}
