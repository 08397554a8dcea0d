import { quote, reject, type Rejection, type ValueType } from '../value-type.js';
import { checkDecimal } from './decimal.js';

/** SCORM 1.2 CMIFeedback without a known interaction type: any string of at most 255 characters. */
export const CMI_FEEDBACK: ValueType = {
  id: 'CMIFeedback',
  expected: 'a response of at most 255 characters in the format of the interaction type',
  check: (value) =>
    value.length > 255
      ? reject('length', `the response has ${value.length} characters; at most 255`)
      : undefined,
};

// Single-character response identifiers are 0-9 / a-z in the RTE; upper case is tolerated.
const CHAR = '[0-9a-zA-Z]';
const CHAR_LIST = new RegExp(`^(\\{${CHAR}(,${CHAR})*\\}|${CHAR}(,${CHAR})*)$`);
const PAIR = `${CHAR}\\.${CHAR}`;
const PAIR_LIST = new RegExp(`^(\\{${PAIR}(,${PAIR})*\\}|${PAIR}(,${PAIR})*)$`);

const FORMATS: Record<string, { expected: string; check: (v: string) => boolean | Rejection | undefined }> = {
  'true-false': {
    expected: '"t", "f", "0" or "1" (first character significant)',
    check: (v) => /^[01tf]/.test(v),
  },
  choice: {
    expected: 'single characters separated by commas, e.g. "a" or "a,c" or "{a,c}"',
    check: (v) => CHAR_LIST.test(v),
  },
  sequencing: {
    expected: 'single characters separated by commas in order, e.g. "c,a,b"',
    check: (v) => CHAR_LIST.test(v),
  },
  matching: {
    expected: 'source.target pairs separated by commas, e.g. "1.a,2.c"',
    check: (v) => PAIR_LIST.test(v),
  },
  likert: { expected: 'a single character 0-9 or a-z', check: (v) => new RegExp(`^${CHAR}?$`).test(v) },
  numeric: { expected: 'a CMIDecimal', check: (v) => checkDecimal(v, 'CMIDecimal') ?? true },
  'fill-in': { expected: 'text of at most 255 characters', check: () => true },
  performance: { expected: 'text of at most 255 characters', check: () => true },
};

/** SCORM 1.2 response/pattern checked against the shape its interaction type requires. */
export function checkFeedback12(type: string, value: string): Rejection | undefined {
  const len = CMI_FEEDBACK.check(value);
  if (len) return len;
  const format = FORMATS[type];
  if (!format) return undefined;
  const r = format.check(value);
  if (r === true) return undefined;
  if (r === false || r === undefined) {
    return reject('format', `${quote(value)} is not a valid ${type} response: expected ${format.expected}`);
  }
  return r;
}

/** The format a SCORM 1.2 response of this type must have; undefined for unknown types. */
export function describeFeedback12(type: string): string | undefined {
  return FORMATS[type]?.expected;
}
