/** The API log's filter: by method, by element (substring of the first argument) and errors only. */
import { isFailedCall } from '../../runtime/data-model/call-outcome.js';
import { canonicalMethod, type ApiCallRecord } from '../../runtime/records.js';

export interface CallFilter {
  /** A canonical method name (SCORM 2004's; matches the 1.2 name too), or '' for all. */
  method: string;
  element: string;
  errorsOnly: boolean;
}

export const NO_FILTER: CallFilter = { method: '', element: '', errorsOnly: false };

/** A call that failed (the error queries report an earlier failure, they do not fail), or an engine fault. */
export function isErrorCall(call: ApiCallRecord): boolean {
  return isFailedCall(call) || call.exception !== undefined;
}

export function matchesCall(call: ApiCallRecord, filter: CallFilter): boolean {
  if (filter.method && canonicalMethod(call.method) !== filter.method) return false;
  if (filter.errorsOnly && !isErrorCall(call)) return false;
  if (filter.element) {
    const first = call.args[0];
    if (typeof first !== 'string' || !first.toLowerCase().includes(filter.element.toLowerCase()))
      return false;
  }
  return true;
}

export interface FilteredCalls {
  source: readonly ApiCallRecord[];
  filter: CallFilter;
  scanned: number;
  /** Positions in `source` of the matching calls. */
  matches: number[];
}

/**
 * The matching calls. When `previous` was computed for the same list (appended to since) and the same
 * filter, only the new calls are looked at.
 */
export function filterCalls(
  calls: readonly ApiCallRecord[],
  filter: CallFilter,
  previous?: FilteredCalls,
): FilteredCalls {
  const reuse =
    previous !== undefined &&
    previous.source === calls &&
    previous.filter === filter &&
    previous.scanned <= calls.length;
  const matches = reuse ? previous.matches : [];
  const unfiltered = filter.method === '' && filter.element === '' && !filter.errorsOnly;
  for (let i = reuse ? previous.scanned : 0; i < calls.length; i++) {
    if (unfiltered || matchesCall(calls[i]!, filter)) matches.push(i);
  }
  return { source: calls, filter, scanned: calls.length, matches };
}
