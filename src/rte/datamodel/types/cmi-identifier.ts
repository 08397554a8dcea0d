import { quote, reject, type ValueType } from '../value-type.js';

const UNPRINTABLE_OR_SPACE = /[\s\p{Cc}]/u;

/** SCORM 1.2 CMIIdentifier: 1..255 characters, no white space or unprintable characters. */
export const CMI_IDENTIFIER: ValueType = {
  id: 'CMIIdentifier',
  expected: 'a CMIIdentifier (1 to 255 characters, no spaces)',
  check(value) {
    if (value === '') return reject('format', 'an identifier cannot be empty');
    if (value.length > 255)
      return reject('length', `the identifier has ${value.length} characters; at most 255`);
    if (UNPRINTABLE_OR_SPACE.test(value)) {
      return reject('format', `${quote(value)} contains white space or an unprintable character`);
    }
    return undefined;
  },
};
