/** The player control object's answer to a Runtime.callFunctionOn: JSON text (see player/wire.ts), or the exception it threw. */

export interface CallFunctionOnResult {
  result: { value?: unknown };
  exceptionDetails?: { text: string; exception?: { description?: string } };
}

/** The decoded answer; an Error carrying the page's description when the call threw. */
export function controlAnswer<T>(res: CallFunctionOnResult): T {
  if (res.exceptionDetails) {
    throw new Error(res.exceptionDetails.exception?.description ?? res.exceptionDetails.text);
  }
  const text = res.result.value;
  return (typeof text === 'string' ? JSON.parse(text) : undefined) as T;
}

/** What the player reported it could not undo (the STOP payload: a JSON string), at most 300 characters. */
export function tamperedDetail(payload: string): string {
  try {
    const parsed = JSON.parse(payload) as unknown;
    if (typeof parsed === 'string') return parsed.slice(0, 300);
  } catch {
    // Keep the general reason.
  }
  return 'its realm';
}
