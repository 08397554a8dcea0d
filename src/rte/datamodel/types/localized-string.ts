import type { Rejection, ValueType } from '../value-type.js';
import { checkSpm } from './characterstring.js';
import { checkLanguageCode } from './language.js';

const LANG_DELIMITER = /^\{lang=([^}]*)\}/;

/** Checks an optional leading `{lang=xx}` delimiter and the SPM of the text after it. */
export function checkLocalized(value: string, spm: number): Rejection | undefined {
  const m = LANG_DELIMITER.exec(value);
  if (m) {
    const bad = checkLanguageCode(m[1] ?? '');
    if (bad) return { kind: 'format', reason: `the {lang=} delimiter is malformed: ${bad.reason}` };
    return checkSpm(value.slice(m[0].length), spm, 'the text');
  }
  return checkSpm(value, spm);
}

/** SCORM 2004 localized_string_type: `{lang=<code>}` prefix (optional) + characterstring. */
export function localizedString(spm: number): ValueType {
  return {
    id: 'localized_string_type',
    spm,
    expected: `text of at most ${spm} characters, optionally prefixed with {lang=<code>} (e.g. "{lang=en}Hello")`,
    check: (value) => checkLocalized(value, spm),
  };
}
