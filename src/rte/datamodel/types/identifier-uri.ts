import { quote, reject, type Rejection, type ValueType } from '../value-type.js';
import { checkSpm } from './characterstring.js';

/** RFC 3986 characters plus non-ASCII (IRIs); '%' is checked separately, '[' ']' below. */
const URI_CHARS = /^[A-Za-z0-9\-._~:/?#[\]@!$&'()*+,;=%\u00A0-\uFFFF]+$/;
/** '[' and ']' are only allowed around an IPv6 host: `scheme://[::1]/...`. */
const IP_LITERAL = /^[A-Za-z][A-Za-z0-9+.-]*:\/\/(?:[^/?#@]*@)?\[[0-9A-Fa-f:.vV]+\]/;
const BAD_PERCENT = /%(?![0-9A-Fa-f]{2})/;
const URN = /^urn:[A-Za-z0-9][A-Za-z0-9-]{0,31}:\S+$/i;

export function checkUriIdentifier(value: string, spm: number): Rejection | undefined {
  if (value === '') return reject('format', 'an identifier cannot be empty');
  if (/\s/.test(value)) return reject('format', `${quote(value)} contains white space; identifiers are URIs`);
  if (!URI_CHARS.test(value)) {
    return reject('format', `${quote(value)} contains characters not allowed in a URI (percent-encode them)`);
  }
  const brackets = value.replace(IP_LITERAL, '');
  if (brackets.includes('[') || brackets.includes(']')) {
    return reject(
      'format',
      `${quote(value)} contains "[" or "]", which a URI allows only around an IPv6 host`,
    );
  }
  if (BAD_PERCENT.test(value)) return reject('format', `${quote(value)} has a '%' that is not a %XX escape`);
  if (/^urn:/i.test(value) && !URN.test(value)) {
    return reject('format', `${quote(value)} is not a valid URN (urn:<namespace>:<specific-string>)`);
  }
  return checkSpm(value, spm, 'the identifier');
}

function identifierType(id: string, spm: number): ValueType {
  return {
    id,
    spm,
    expected: `an identifier in URI syntax without spaces, at most ${spm} characters (e.g. "q1" or "urn:acme:obj-1")`,
    check: (value) => checkUriIdentifier(value, spm),
  };
}

/** SCORM 2004 long_identifier_type (URI, SPM 4000). */
export const LONG_IDENTIFIER = identifierType('long_identifier_type', 4000);
/** SCORM 2004 short_identifier_type (URI, SPM 250). */
export const SHORT_IDENTIFIER = identifierType('short_identifier_type', 250);
