/**
 * A wait with a time limit that never throws: the caller decides what a late answer means. The project's
 * one time-limit primitive: every bounded wait (page calls, DevTools commands, file-system operations)
 * builds on it rather than racing its own timer.
 */
export const TIMEOUT = Symbol('timeout');
export const CANCELLED = Symbol('cancelled');

/** `promise`'s value, or TIMEOUT when it has not settled within `ms`, or CANCELLED when `signal` fires (the promise itself goes on). */
export function within<T>(promise: Promise<T>, ms: number): Promise<T | typeof TIMEOUT>;
export function within<T>(
  promise: Promise<T>,
  ms: number,
  signal: AbortSignal | undefined,
): Promise<T | typeof TIMEOUT | typeof CANCELLED>;
export function within<T>(
  promise: Promise<T>,
  ms: number,
  signal?: AbortSignal,
): Promise<T | typeof TIMEOUT | typeof CANCELLED> {
  let timer: NodeJS.Timeout | undefined;
  let onAbort: (() => void) | undefined;
  const timeout = new Promise<typeof TIMEOUT | typeof CANCELLED>((resolve) => {
    timer = setTimeout(() => resolve(TIMEOUT), ms);
    if (!signal) return;
    onAbort = () => resolve(CANCELLED);
    if (signal.aborted) onAbort();
    else signal.addEventListener('abort', onAbort, { once: true });
  });
  return Promise.race([promise, timeout]).finally(() => {
    clearTimeout(timer);
    if (onAbort) signal?.removeEventListener('abort', onAbort);
  });
}
