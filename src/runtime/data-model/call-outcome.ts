/** How to read a recorded API call: did it fail, and how to show its values in a message. */
import { canonicalMethod, type ApiCallRecord, type RecordedValue } from '../records.js';

/** These report on the error state instead of changing it; their own recorded code is the previous call's. */
const ERROR_QUERIES = new Set(['GetLastError', 'GetErrorString', 'GetDiagnostic']);

/** A call failed when it returned "false" or left a non-zero error code (error queries never fail). */
export function isFailedCall(rec: ApiCallRecord): boolean {
  if (ERROR_QUERIES.has(canonicalMethod(rec.method))) return false;
  return rec.result === 'false' || (rec.errorCode !== '0' && rec.errorCode !== '');
}

/** A recorded argument or result as it would read in source code, shortened for messages. */
export function formatRecorded(value: RecordedValue | undefined, max = 60): string {
  if (value === undefined) return 'undefined';
  if (typeof value === 'string') return quote(value, max);
  if (value === null || typeof value !== 'object') return String(value);
  switch (value.$type) {
    case 'undefined':
      return 'undefined';
    case 'number':
    case 'bigint':
    case 'symbol':
      return value.value;
    case 'function':
      return `function ${value.name || '(anonymous)'}`;
    case 'string':
      return `${quote(value.head, max)} (${value.length} characters)`;
    default:
      return value.json ?? value.string ?? `[${value.$type}]`;
  }
}

export function quote(text: string, max = 60): string {
  return JSON.stringify(text.length > max ? `${text.slice(0, max - 3)}...` : text);
}
