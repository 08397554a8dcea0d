/**
 * The pool every session of this process opens its course in: the local Chromium, or the remote browsers
 * configured with useRemoteBrowsers (--browser-ws, SCORM_TESTER_BROWSER_WS).
 */
import { sharedBrowserPool } from './browser-pool.js';
import { remoteBrowserEndpoints } from './browser-endpoint.js';
import { SpreadBrowserPool, type ContextPool } from './spread-browser-pool.js';

let remote: { key: string; pool: SpreadBrowserPool } | null = null;

export function sharedContextPool(): ContextPool {
  return sharedRemotePool() ?? sharedBrowserPool();
}

/** The remote browsers' pool, or null when none is configured. */
export function sharedRemotePool(): SpreadBrowserPool | null {
  const endpoints = remoteBrowserEndpoints();
  if (endpoints.length === 0) return null;
  const key = endpoints.join('\n');
  if (!remote || remote.key !== key) remote = { key, pool: new SpreadBrowserPool(endpoints) };
  return remote.pool;
}

/** Closes the local browser and disconnects from the remote ones; no new session opens afterwards. */
export async function shutdownSharedPools(): Promise<void> {
  await Promise.all([remote?.pool.shutdown(), sharedBrowserPool().shutdown()]);
}
