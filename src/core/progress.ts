/**
 * Progress and cancellation of long work, shared by the MCP tools (notifications/progress,
 * notifications/cancelled), the CLI (a line on stderr, SIGINT) and the domain code between them. The
 * domain takes both as optional parameters; nothing here knows about MCP.
 */
import { ScormTesterError } from './errors.js';

/** One progress report: steps done, the total when known, and what is happening now. */
export interface ProgressUpdate {
  done: number;
  total?: number;
  message?: string;
}

export type Progress = (update: ProgressUpdate) => void;

/** What a caller passes down to long work: a way to stop it and a place to report how far it got. */
export interface WorkControl {
  signal?: AbortSignal | undefined;
  progress?: Progress | undefined;
}

export function cancelledError(what: string): ScormTesterError {
  return new ScormTesterError(
    'CANCELLED',
    `${what} was cancelled by the client before it finished; nothing more was done. The session stays usable.`,
  );
}

export function isCancelled(error: unknown): boolean {
  return error instanceof ScormTesterError && error.code === 'CANCELLED';
}

/** Throws CANCELLED when the signal has fired: call it between steps, files, phases and cases. */
export function throwIfCancelled(signal: AbortSignal | undefined, what: string): void {
  if (signal?.aborted) throw cancelledError(what);
}

/** `promise`, or CANCELLED as soon as the signal fires (the work itself is left to its own bounds). */
export function untilCancelled<T>(
  promise: Promise<T>,
  signal: AbortSignal | undefined,
  what: string,
): Promise<T> {
  if (!signal) return promise;
  if (signal.aborted) {
    promise.catch(() => undefined);
    return Promise.reject(cancelledError(what));
  }
  return new Promise<T>((resolve, reject) => {
    const onAbort = (): void => reject(cancelledError(what));
    signal.addEventListener('abort', onAbort, { once: true });
    promise.then(
      (value) => {
        signal.removeEventListener('abort', onAbort);
        resolve(value);
      },
      (error: unknown) => {
        signal.removeEventListener('abort', onAbort);
        reject(error as Error);
      },
    );
  });
}

/** Waits `ms`, or ends early with CANCELLED when the signal fires. */
export function sleepUnlessCancelled(
  ms: number,
  signal: AbortSignal | undefined,
  what: string,
): Promise<void> {
  let timer: NodeJS.Timeout | undefined;
  const slept = new Promise<void>((resolve) => {
    timer = setTimeout(resolve, ms);
  });
  return untilCancelled(slept, signal, what).finally(() => clearTimeout(timer));
}
