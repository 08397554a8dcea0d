import { ScormTesterError } from '../core/errors.js';
import { TIMEOUT, within } from '../core/within.js';

/**
 * How long one file-system operation on a user-given path may take. A path inside a kernel file system
 * or on a stuck network mount can leave an operation unanswered for minutes; the caller gets a clear error
 * instead. (The operation itself cannot be cancelled: it may finish later in libuv's thread pool.)
 */
export const OUTPUT_FS_TIMEOUT_MS = 5_000;

export async function bounded<T>(
  operation: Promise<T>,
  what: string,
  ms: number = OUTPUT_FS_TIMEOUT_MS,
): Promise<T> {
  const out = await within(operation, ms);
  if (out !== TIMEOUT) return out;
  throw new ScormTesterError(
    'OUTPUT_WRITE_FAILED',
    `${what} did not answer within ${ms} ms: the path is on a file system that does not respond (a kernel or network file system?). Choose a path on a local disk.`,
  );
}
