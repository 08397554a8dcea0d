/**
 * Why a package could not be judged, as a batch result: the project's error code and message, and what
 * kind of failure it was (not a package, a hang, a crashed browser page), so a catalogue's report can be
 * sorted by cause. A hang cut by the batch's own per-package limit is PACKAGE_TIMEOUT.
 */
import { isScormTesterError } from '../../core/errors.js';
import type { BatchError } from './report.js';

export type BatchErrorKind = 'not_a_package' | 'timeout' | 'crash' | 'other';

const NOT_A_PACKAGE = new Set([
  'PATH_RESOLUTION_ERROR',
  'PACKAGE_EMPTY',
  'MANIFEST_NOT_FOUND',
  'MANIFEST_NOT_AT_ROOT',
]);

export function errorKind(code: string): BatchErrorKind {
  if (NOT_A_PACKAGE.has(code) || code.startsWith('ZIP_')) return 'not_a_package';
  if (code === 'COURSE_TIMEOUT' || code === 'PACKAGE_TIMEOUT') return 'timeout';
  if (code === 'BROWSER_CRASHED') return 'crash';
  return 'other';
}

export function batchError(error: unknown): BatchError & { kind: BatchErrorKind } {
  if (isScormTesterError(error))
    return { code: error.code, message: error.message, kind: errorKind(error.code) };
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
