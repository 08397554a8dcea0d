/**
 * What Chromium's own console messages tell us: loads it refused outright (reported nowhere else),
 * navigations the sandbox blocked, and notes about our own player that are not the course's doing.
 */

/** What Playwright's `serviceWorkers: 'block'` prints when a page tries to register one. */
const SERVICE_WORKER_BLOCKED = 'Service Worker registration blocked by Playwright';

/** Chromium's note about the player's own sandbox attribute: not something the course did. */
export function isSandboxNote(text: string): boolean {
  return text.startsWith('An iframe which has both allow-scripts and allow-same-origin');
}

export type RefusedLoad = { kind: 'scheme_not_allowed'; url: string } | { kind: 'service_worker' };

/** A load the browser refused outright (a file: or other scheme, a service worker), or null. */
export function refusedLoad(text: string): RefusedLoad | null {
  const local = /^Not allowed to load local resource: (\S+)/.exec(text);
  const scheme = /^Fetch API cannot load (\S+)\. URL scheme "[^"]*" is not supported\.$/.exec(text);
  const url = local?.[1] ?? scheme?.[1];
  if (url) return { kind: 'scheme_not_allowed', url };
  return text === SERVICE_WORKER_BLOCKED ? { kind: 'service_worker' } : null;
}

export type BlockedNavigationText = { kind: 'top_window' } | { kind: 'target'; url: string | null };

/**
 * The sandbox's message for a blocked navigation: first that the top window was tried, then (a second
 * message) where to.
 */
export function blockedNavigation(text: string): BlockedNavigationText | null {
  if (text.startsWith('Unsafe attempt to initiate navigation')) return { kind: 'top_window' };
  const m = /permission to navigate the target frame to '([^']*)'/.exec(text);
  return m ? { kind: 'target', url: m[1] ?? null } : null;
}
