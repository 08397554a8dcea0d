/**
 * The API calls an action made, as its answer lists them: most are a SetValue or Commit that returned
 * "true" with error "0", so a call says its result only when it is not "true" and its error_code only
 * when it is not "0" (issue 22). scorm_debug_api_calls lists them whole.
 */
interface ListedChanges {
  api_calls?: unknown;
  before_action?: ListedChanges;
}

export function leaveOutSuccess<T extends object>(data: T): T {
  const changes = (data as { changes?: ListedChanges }).changes;
  if (!changes || typeof changes !== 'object') return data;
  return { ...data, changes: shorten(changes) };
}

function shorten(changes: ListedChanges): ListedChanges {
  const calls = Array.isArray(changes.api_calls)
    ? (changes.api_calls as Array<Record<string, unknown>>)
    : null;
  return {
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
}
