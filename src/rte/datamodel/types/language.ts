import { quote, reject, type Rejection, type ValueType } from '../value-type.js';
import { checkSpm } from './characterstring.js';
import { ISO_639_1, ISO_639_2 } from './iso639-codes.js';

/** Primary subtag, then subtags of 1-8 letters/digits separated by '-'. */
const SHAPE = /^([A-Za-z]{1,3})((?:-[A-Za-z0-9]{1,8})*)$/;

/**
 * A language code as SCORM 2004 defines it (RFC 1766 style): an ISO 639-1 or ISO 639-2 code, or
 * `i` / `x` followed by a subtag, then optional subtags (`en`, `en-US`, `fra`, `x-klingon`).
 */
export function checkLanguageCode(code: string): Rejection | undefined {
  const m = SHAPE.exec(code);
  const bad = (why: string) =>
    reject('format', `${quote(code)} is not a language code such as "en", "en-US" or "fra": ${why}`);
  if (!m) return bad('expected letters, then optional "-" subtags of 1-8 letters or digits');
  const primary = (m[1] ?? '').toLowerCase();
  const subtags = m[2] ?? '';
  if (primary === 'i' || primary === 'x')
    return subtags === '' ? bad(`"${primary}" needs a subtag`) : undefined;
  const known =
    primary.length === 2
      ? ISO_639_1.has(primary)
      : primary.length === 3 && (ISO_639_2.has(primary) || (primary >= 'qaa' && primary <= 'qtz'));
  return known ? undefined : bad(`"${m[1]}" is not an ISO 639-1 or ISO 639-2 language code`);
}

/** SCORM 2004 language_type (SPM 250); the empty string means "no preference". */
export const LANGUAGE_TYPE: ValueType = {
  id: 'language_type',
  expected: 'a language code such as "en" or "en-US", or an empty string',
  check: (value) => (value === '' ? undefined : (checkSpm(value, 250) ?? checkLanguageCode(value))),
};
