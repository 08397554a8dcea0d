/**
 * An action's answer without what goes without saying (issue 22): most API calls are a SetValue or
 * Commit that returned "true" with error "0", so a call says its result only when it is not "true" and
 * its error_code only when it is not "0"; a list of console errors, navigations or frames that stayed
 * empty is left out; the acted element says no empty class and no text that is its name.
 * scorm_debug_api_calls lists calls whole.
 */
interface ListedChanges {
  api_calls?: unknown;
  before_action?: ListedChanges;
  [list: string]: unknown;
}

const LEFT_OUT_WHEN_EMPTY = ['console_errors', 'navigation', 'frames_added', 'frames_removed'];

export function leaveOutDefaults<T extends object>(data: T): T {
  const { changes, element } = data as { changes?: ListedChanges; element?: Record<string, unknown> };
  return {
    ...data,
    ...(changes && typeof changes === 'object' ? { changes: shorten(changes) } : {}),
    ...(element && typeof element === 'object' ? { element: plainElement(element) } : {}),
  };
}

function shorten(changes: ListedChanges): ListedChanges {
  const calls = Array.isArray(changes.api_calls)
    ? (changes.api_calls as Array<Record<string, unknown>>)
    : null;
  const out: ListedChanges = {
    ...changes,
    ...(calls
      ? {
          api_calls: calls.map(({ result, error_code, ...call }) => ({
            ...call,
            ...(result === 'true' ? {} : { result }),
            ...(error_code === '0' ? {} : { error_code }),
          })),
        }
      : {}),
    ...(changes.before_action ? { before_action: shorten(changes.before_action) } : {}),
  };
  for (const list of LEFT_OUT_WHEN_EMPTY) {
    if (Array.isArray(out[list]) && (out[list] as unknown[]).length === 0) delete out[list];
  }
  return out;
}

function plainElement(element: Record<string, unknown>): Record<string, unknown> {
  const { className, textContent, ...rest } = element;
  return {
    ...rest,
    ...(className === '' ? {} : { className }),
    ...(textContent === element.name ? {} : { textContent }),
  };
}
