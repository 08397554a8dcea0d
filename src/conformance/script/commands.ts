/** One `commands.*` line -> one step (README §3.4, §3.6). */
import type { Dictionary } from './dictionary.js';
import { expandGetElement, expandSetTarget } from './elements.js';
import { javaSplit } from './split.js';
import type { Step } from './types.js';

/**
 * Expected values are dictionary tokens; for GET only, a key whose value is empty keeps its name.
 */
function expectedToken(token: string, dict: Dictionary, method: string): string {
  const value = dict.lookup(token);
  return method === 'GET' && value === '' && dict.has(token) ? token : value;
}

/** Field 1 is the parameter, the last is the error code, the last field in between the expected value. */
function middle(fields: string[]): { expectedToken: string | undefined; error: string } {
  if (fields.length < 3) return { expectedToken: undefined, error: '' };
  const between = fields.slice(2, -1);
  return { expectedToken: between[between.length - 1], error: fields[fields.length - 1] ?? '' };
}

/** undefined when ADL's parser skips the line (unknown method). */
export function parseCommand(source: string, index: number, dict: Dictionary): Step | undefined {
  const fields = javaSplit(source, '->');
  const method = fields[0] ?? '';
  const arg = fields[1] ?? '';
  const m = middle(fields);
  const expected = m.expectedToken === undefined ? '' : expectedToken(m.expectedToken, dict, method);
  switch (method) {
    case 'I':
    case 'C':
      return { method, source, index, arg, expected, error: m.error };
    case 'T':
      return { method, source, index, expected: '', error: '' };
    case 'GET': {
      const target = expandGetElement(arg, dict);
      return {
        method,
        source,
        index,
        element: target.element,
        expected,
        error: m.error,
        ...(target.interactionType === undefined ? {} : { interactionType: target.interactionType }),
      };
    }
    case 'SET': {
      const target = expandSetTarget(arg, dict);
      return {
        method,
        source,
        index,
        element: target.element,
        value: target.value,
        expected,
        error: m.error,
      };
    }
    case 'GLE':
      return { method, source, index, arg: '', expected: fields[2] ?? '', error: fields[3] ?? '' };
    case 'GES':
    case 'GeDi':
      return { method, source, index, arg, expected: fields[2] ?? '', error: fields[3] ?? '' };
    case 'COI':
      return { method, source, index, ids: arg === '' ? [] : arg.split(',') };
    default:
      return undefined;
  }
}
