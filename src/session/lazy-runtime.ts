/**
 * The browser runtime is loaded on first use: playwright-core takes hundreds of milliseconds to import,
 * and validation-only use (and MCP start-up) must not pay for it.
 */
type RuntimeModule = typeof import('../runtime/open-course-runtime.js');

let loading: Promise<RuntimeModule> | null = null;

export function loadRuntime(): Promise<RuntimeModule> {
  return (loading ??= import('../runtime/open-course-runtime.js'));
}

export function runtimeLoaded(): boolean {
  return loading !== null;
}

/** Closes the shared browser and content server, only if a runtime was ever loaded (never imports playwright-core otherwise). */
export async function shutdownRuntimeIfLoaded(): Promise<void> {
  if (!runtimeLoaded()) return;
  const { shutdownSharedPools } = await import('../runtime/shared-context-pool.js');
  const { sharedContentServer } = await import('../runtime/content-server.js');
  await shutdownSharedPools().catch(() => undefined);
  await (await sharedContentServer()).close().catch(() => undefined);
}
