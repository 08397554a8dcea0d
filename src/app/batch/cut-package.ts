/**
 * What a package cut by its per-package limit is: when one of its remote browsers went away or does not
 * answer a round trip now (a grid node that hung, whatever phase the package was in), the browser's loss,
 * run again elsewhere and never kept by --resume; otherwise the course's own PACKAGE_TIMEOUT.
 */
import { isRemoteBrowserLost } from '../../runtime/browser-endpoint.js';
import type { BrowserUse } from '../../runtime/lease-tracking.js';
import { packageTimeoutError, type BatchErrorKind } from './package-error.js';
import type { BatchError } from './report.js';

/** The lost reason of a remote browser of `leases` already found gone (no round trip), or null. */
export function knownLost(leases: ReadonlySet<BrowserUse>): string | null {
  for (const lease of leases)
    if (lease.isLost() && isRemoteBrowserLost(lease.lostReason)) return lease.lostReason;
  return null;
}

/** The lost reason of the first remote browser of `leases` that is gone (asked, bounded), or null. */
export async function lostBrowserOf(leases: ReadonlySet<BrowserUse>): Promise<string | null> {
  const known = knownLost(leases);
  if (known) return known;
  const remote = [...leases].filter((lease) => isRemoteBrowserLost(lease.lostReason));
  // A closed session's browser answered when it closed; only those still open are asked.
  const asked = await Promise.all(
    remote
      .filter((lease) => lease.isOpen())
      .map(async (lease) => ((await lease.browserGone()) ? lease : null)),
  );
  return asked.find((lease) => lease !== null)?.lostReason ?? null;
}

/** The error of a package cut by its limit whose browser was `lost` (see knownLost), or PACKAGE_TIMEOUT. */
export function cutError(lost: string | null, limitMs: number): BatchError & { kind: BatchErrorKind } {
  if (!lost) return packageTimeoutError(limitMs);
  return {
    code: 'BROWSER_CRASHED',
    message: `The package reached its per-package limit of ${limitMs} ms (--package-timeout-ms) while ${lost}: the browser's failure, not the course's.`,
    kind: 'browser_lost',
  };
}

/** Classifies a cut package; call it before the package is told to stop, while its sessions are open. */
export async function cutPackageError(
  leases: ReadonlySet<BrowserUse>,
  limitMs: number,
): Promise<BatchError & { kind: BatchErrorKind }> {
  return cutError(await lostBrowserOf(leases), limitMs);
}
