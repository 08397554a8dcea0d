import { quote, reject, type ValueType } from '../value-type.js';

const TIME = /^([01]\d|2[0-3]):[0-5]\d:[0-5]\d(?:\.\d{1,2})?$/;

/** SCORM 1.2 CMITime: a time of day, HH:MM:SS with optional 1-2 digit fraction. */
export const CMI_TIME: ValueType = {
  id: 'CMITime',
  expected: 'a CMITime "HH:MM:SS" or "HH:MM:SS.SS" (24-hour clock, e.g. "14:05:09")',
  check: (value) => (TIME.test(value) ? undefined : reject('format', `${quote(value)} is not a CMITime`)),
};
