/** Opening a course: the package mounted, a browser context leased, the player and the SCO loaded. */
import { fail } from '../core/errors.js';
import { isCancelled, throwIfCancelled } from '../core/progress.js';
import { unknownNavigationOracle } from '../rte/adapter/navigation-oracle.js';
import type { LeasedContext } from './browser-pool.js';
import { sharedContentServer } from './content-server.js';
import { CourseRuntime } from './course-runtime.js';
import { DEFAULT_TIMEOUT_MS, OPEN_STEPS, type OpenCourseSpec } from './course-runtime-spec.js';
import { contextProxy, egressProxy } from './egress-proxy.js';
import { checkLaunchFile } from './launch-check.js';
import { playerHtml } from './player/player-page.js';
import { sharedContextPool } from './shared-context-pool.js';
import { resolveViewport } from './viewport.js';

/**
 * Opens a course: mounts the package, starts (or reuses) the browser, loads the player and the SCO.
 * Resolves once the SCO document has loaded; the SCO calls Initialize itself (see waitForCall).
 */
export async function openCourseRuntime(spec: OpenCourseSpec): Promise<CourseRuntime> {
  if (spec.scormVersion !== '1.2' && spec.scormVersion !== '2004') {
    fail('INVALID_ARGUMENT', `scormVersion must be "1.2" or "2004" (got "${String(spec.scormVersion)}").`);
  }
  if (spec.rte.version !== spec.scormVersion) {
    fail(
      'INVALID_ARGUMENT',
      `The RTE data is for SCORM ${spec.rte.version} but the course is SCORM ${spec.scormVersion}.`,
    );
  }
  const viewport = resolveViewport(spec.viewport);
  const { signal, progress } = spec.control ?? {};
  await checkLaunchFile(spec.packageRoot, spec.launchPath, spec.scoId);
  throwIfCancelled(signal, 'Opening the course');
  progress?.({ done: 0, total: OPEN_STEPS, message: 'starting the browser' });
  const server = spec.server ?? (await sharedContentServer());
  const pool = spec.pool ?? sharedContextPool();
  const egress = await egressProxy({
    allowNetwork: spec.allowNetwork === true,
    allowLoopback: spec.allowLoopback === true,
  });
  const mount = await server.mount(spec.packageRoot);
  const oracle = spec.navigationOracle ?? unknownNavigationOracle;
  mount.setPlayerHtml(
    playerHtml(
      {
        version: spec.scormVersion,
        scoId: spec.scoId,
        scoUrl: mount.contentUrl(spec.launchPath),
        settings: spec.rte.settings,
        values: spec.rte.values,
        nav: oracle.snapshot(spec.scoId),
        ...(spec.sharedData ? { sharedData: spec.sharedData } : {}),
        record: spec.recordCalls !== false,
      },
      spec.title,
    ),
  );
  const contextOptions = {
    viewport: { width: viewport.width, height: viewport.height },
    deviceScaleFactor: viewport.scale,
    isMobile: viewport.mobile,
    hasTouch: viewport.touch,
    serviceWorkers: 'block' as const,
    proxy: contextProxy(egress.url, server.origin),
    acceptDownloads: false,
  };
  let lease: LeasedContext;
  try {
    lease = await pool.newContext(contextOptions);
  } catch (err) {
    mount.unmount();
    throw err;
  }
  if (signal?.aborted) {
    mount.unmount();
    await lease.close();
    throwIfCancelled(signal, 'Opening the course');
  }
  const runtime = new CourseRuntime(spec, lease, mount, viewport, egress);
  try {
    await runtime.start(spec.openTimeoutMs ?? spec.timeoutMs ?? DEFAULT_TIMEOUT_MS);
  } catch (err) {
    // A SCO stuck in a loop while it loads would hold its renderer, and the save below, until each bound
    // ran out: its scripts are stopped first (what it set through the API is already recorded).
    if (isCancelled(err)) await runtime.stopScripts();
    if (isCancelled(err) && runtime.isOpen && runtime.log.launches > 0 && spec.onCancelledWhileLoading)
      await spec.onCancelledWhileLoading(runtime).catch(() => undefined);
    await runtime.close();
    throw err;
  }
  if (spec.warmSpare !== false) pool.warmSpare(contextOptions);
  return runtime;
}
