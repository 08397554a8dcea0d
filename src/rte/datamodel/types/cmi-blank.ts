import { quote, reject, type ValueType } from '../value-type.js';

/** SCORM 1.2 CMIBlank: the empty string, used to clear a score. */
export const CMI_BLANK: ValueType = {
  id: 'CMIBlank',
  expected: 'an empty string (CMIBlank)',
  check: (value) => (value === '' ? undefined : reject('format', `${quote(value)} is not empty`)),
};
