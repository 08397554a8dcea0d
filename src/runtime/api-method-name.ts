/** The API method a tool means, in the runtime's version: either version's names are accepted ("GetValue" on a 1.2 course). */
import { fail } from '../core/errors.js';
import { API_METHODS } from './records.js';

/** `method` as this version names it; INVALID_SCORM_METHOD when it is no API method of either version. */
export function apiMethodName(version: '1.2' | '2004', method: unknown): string {
  const list = API_METHODS[version];
  if (typeof method === 'string' && list.includes(method)) return method;
  const canon = (m: string): string => (m === 'LMSFinish' ? 'Terminate' : m.replace(/^LMS/, ''));
  const found = typeof method === 'string' ? list.find((m) => canon(m) === canon(method)) : undefined;
  if (found) return found;
  fail(
    'INVALID_SCORM_METHOD',
    `"${String(method)}" is not a SCORM ${version} API method. Use one of: ${list.join(', ')}.`,
  );
}
