/**
 * Checks a runtime's data model against expected values (scorm_validate_data_model_state) and, for each
 * mismatch, says why using the call log: never set, set to something else, or a SetValue the engine
 * rejected (with its error code).
 */
import { lookupElement } from '../../rte/datamodel/index.js';
import { canonicalMethod, type ApiCallRecord, type DataChange } from '../records.js';
import { formatRecorded, isFailedCall, quote } from './call-outcome.js';
import { readElement, type Snapshot, type Version } from './select-elements.js';

export type ExpectedValue = string | number | boolean | null;

export type IssueReason = 'unknown_element' | 'never_set' | 'rejected' | 'different_value' | 'missing';

export interface StateIssue {
  element: string;
  expected: ExpectedValue;
  /** The stored value; null when the element has none (missing, out of range, unknown). */
  actual: string | null;
  reason: IssueReason;
  hint: string;
  /** The last SetValue call for this element, if any. */
  last_set_call?: { index: number; value: string; result: string; error_code: string };
}

export interface StateValidation {
  valid: boolean;
  total_elements: number;
  matches: number;
  issues: StateIssue[];
  matched_elements: string[];
}

export interface StateInput {
  version: Version;
  snapshot: Snapshot;
  changes: readonly DataChange[];
  calls: readonly ApiCallRecord[];
  expected: Readonly<Record<string, ExpectedValue>>;
}

/**
 * string: exact; number: numeric equality ("85.0" matches 85); boolean: "true"/"false";
 * null: the element has no value (absent or empty).
 */
export function valueMatches(expected: ExpectedValue, actual: string | null): boolean {
  if (expected === null) return actual === null || actual === '';
  if (actual === null) return false;
  if (typeof expected === 'number') return actual.trim() !== '' && Number(actual) === expected;
  if (typeof expected === 'boolean') return actual === String(expected);
  return actual === expected;
}

export function validateState(input: StateInput): StateValidation {
  const { version, snapshot, expected } = input;
  const wanted = new Set(Object.keys(expected));
  const lastSet = new Map<string, ApiCallRecord>();
  let initialized = false;
  for (const call of input.calls) {
    const method = canonicalMethod(call.method);
    if (method === 'Initialize' && call.result === 'true') initialized = true;
    const element = call.args[0];
    if (method === 'SetValue' && typeof element === 'string' && wanted.has(element))
      lastSet.set(element, call);
  }
  const lastChange = new Map<string, DataChange>();
  for (const change of input.changes) if (wanted.has(change.element)) lastChange.set(change.element, change);

  const issues: StateIssue[] = [];
  const matched: string[] = [];
  for (const [element, want] of Object.entries(expected)) {
    const read = readElement(version, snapshot, element);
    const actual = 'value' in read ? read.value : null;
    if (valueMatches(want, actual)) {
      matched.push(element);
      continue;
    }
    const set = lastSet.get(element);
    const issue = explain({
      version,
      element,
      expected: want,
      actual,
      readError: 'error' in read ? read.error.message : null,
      known: Boolean(lookupElement(version, element)) || actual !== null,
      set,
      change: lastChange.get(element),
      initialized,
    });
    if (set) {
      issue.last_set_call = {
        index: set.index,
        value: formatRecorded(set.args[1], 200),
        result: typeof set.result === 'string' ? set.result : formatRecorded(set.result),
        error_code: set.errorCode,
      };
    }
    issues.push(issue);
  }
  return {
    valid: issues.length === 0,
    total_elements: wanted.size,
    matches: matched.length,
    issues,
    matched_elements: matched,
  };
}

interface Facts {
  version: Version;
  element: string;
  expected: ExpectedValue;
  actual: string | null;
  readError: string | null;
  known: boolean;
  set: ApiCallRecord | undefined;
  change: DataChange | undefined;
  initialized: boolean;
}

function explain(f: Facts): StateIssue {
  const base = { element: f.element, expected: f.expected, actual: f.actual };
  const setName = f.version === '1.2' ? 'LMSSetValue' : 'SetValue';
  const want = describeExpected(f.expected);
  if (!f.known)
    return { ...base, reason: 'unknown_element', hint: f.readError ?? `${f.element} is unknown.` };

  if (f.set && isFailedCall(f.set)) {
    const info = lookupElement(f.version, f.element);
    const valueHelp = info && f.set.errorCode === '406' ? ` Expected value: ${info.type.expected}.` : '';
    return {
      ...base,
      reason: 'rejected',
      hint:
        `The last ${setName} of it (call #${f.set.index}, its value in \`last_set_call.value\`) was ` +
        `rejected with error ${f.set.errorCode} (${f.set.errorString}).${valueHelp}` +
        (f.actual === null ? '' : ' The stored value is in `actual`.'),
    };
  }
  if (f.change) {
    const by =
      f.change.source === 'internal'
        ? `the run-time itself (not ${setName})`
        : `${setName}${f.set ? ` (call #${f.set.index})` : ''}`;
    return {
      ...base,
      reason: 'different_value',
      hint: `Last set by ${by} (to the value in \`actual\`); expected ${want}.${numericNote(f)} Check the course logic that sets it.`,
    };
  }
  if (f.set) {
    return {
      ...base,
      reason: 'different_value',
      hint: `${setName} (call #${f.set.index}) stored the value in \`last_set_call.value\`, which left ${
        f.actual === null ? 'no value' : 'the value in `actual`'
      }; expected ${want}.${numericNote(f)}`,
    };
  }
  if (f.actual === null) {
    return {
      ...base,
      reason: 'missing',
      hint: `${f.readError ?? `${f.element} has no value.`} The course never set it - check if ${setName} was called.`,
    };
  }
  const info = lookupElement(f.version, f.element);
  if (info?.access === 'ro') {
    return {
      ...base,
      reason: 'never_set',
      hint: `${f.element} is read-only: the SCO cannot set it; its value (in \`actual\`) comes from the LMS (launch data or the manifest).`,
    };
  }
  if (!f.initialized) {
    return {
      ...base,
      reason: 'never_set',
      hint: `Element was never set - the course never called ${f.version === '1.2' ? 'LMSInitialize' : 'Initialize'} successfully, so no ${setName} could work. Check that it finds the API.`,
    };
  }
  const initial = f.actual !== '' ? ' (it still has its initial value, in `actual`)' : '';
  return {
    ...base,
    reason: 'never_set',
    hint: `Element was never set - check if ${setName} was called${initial}.`,
  };
}

function describeExpected(expected: ExpectedValue): string {
  if (expected === null) return 'no value';
  return typeof expected === 'string' ? quote(expected) : String(expected);
}

function numericNote(f: Facts): string {
  return typeof f.expected === 'number' &&
    f.actual !== null &&
    (f.actual.trim() === '' || Number.isNaN(Number(f.actual)))
    ? ' (the stored value is not a number)'
    : '';
}
