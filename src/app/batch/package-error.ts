/**
 * Why a package could not be judged, as a batch result: the project's error code and message, and what
 * kind of failure it was (not a package, a hang, a crashed browser page, a remote browser that went away
 * or could not be reached), so a catalogue's report can be sorted by cause. A hang cut by the batch's own
 * per-package limit is PACKAGE_TIMEOUT.
 */
import { isScormTesterError } from '../../core/errors.js';
import { isRemoteBrowserLost } from '../../runtime/browser-endpoint.js';
import type { BatchError } from './report.js';

export type BatchErrorKind = 'not_a_package' | 'timeout' | 'crash' | 'browser_lost' | 'other';

const NOT_A_PACKAGE = new Set([
  'PATH_RESOLUTION_ERROR',
  'PACKAGE_EMPTY',
  'MANIFEST_NOT_FOUND',
  'MANIFEST_NOT_AT_ROOT',
]);

/**
 * A remote browser that disconnected (its node died) or that no endpoint could replace is the browser's
 * failure, `browser_lost`; a local browser or page that died under the course is a `crash`.
 */
export function errorKind(code: string, message = ''): BatchErrorKind {
  if (NOT_A_PACKAGE.has(code) || code.startsWith('ZIP_')) return 'not_a_package';
  if (code === 'COURSE_TIMEOUT' || code === 'PACKAGE_TIMEOUT') return 'timeout';
  if (code === 'BROWSER_UNREACHABLE') return 'browser_lost';
  if (code === 'BROWSER_CRASHED') return isRemoteBrowserLost(message) ? 'browser_lost' : 'crash';
  return 'other';
}

export function batchError(error: unknown): BatchError & { kind: BatchErrorKind } {
  if (isScormTesterError(error))
    return { code: error.code, message: error.message, kind: errorKind(error.code, error.message) };
  const message = error instanceof Error ? error.message : String(error);
  return { code: 'INTERNAL_ERROR', message, kind: 'other' };
}

export function packageTimeoutError(limitMs: number): BatchError & { kind: BatchErrorKind } {
  return {
    code: 'PACKAGE_TIMEOUT',
    message: `The package did not finish within the per-package limit of ${limitMs} ms (--package-timeout-ms); the batch went on without it.`,
    kind: 'timeout',
  };
}

/**
 * A crash's message in a batch: the runtime's own ("close this runtime…") speaks to an MCP client, which a
 * batch user is not. Says what happened, that the package was run again on a new browser, and what to do.
 */
export function batchCrashError(error: BatchError, runs: number): BatchError {
  if (error.code !== 'BROWSER_CRASHED' || error.kind !== 'crash') return error;
  const cause = /page is gone: (.*?)\.(?: Close this runtime|$)/.exec(error.message)?.[1];
  const again = runs > 1 ? `, and again when the batch ran it a second time on a new browser` : '';
  return {
    ...error,
    message:
      `The browser page crashed while this package ran${cause ? ` (${cause})` : ''}${again}; the batch went on without it. ` +
      'Run the package alone (scorm-tester run <path>, --item for one SCO) to see whether the course crashes the page ' +
      '(memory, an endless loop), or check the machine when other packages crashed too.',
  };
}
