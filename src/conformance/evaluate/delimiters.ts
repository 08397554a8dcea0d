/** Leading `{name=value}` delimiters of localized strings and interaction responses (README §4.3 step 3). */
import { sameLanguage } from './scalars.js';

export const DELIMITER_DEFAULTS: Readonly<Record<string, string>> = {
  lang: 'en',
  case_matters: 'false',
  order_matters: 'true',
};

const LEADING = /^\{(lang|case_matters|order_matters)=([^}]*)\}/;

export interface Delimited {
  delimiters: Record<string, string>;
  text: string;
}

export function splitDelimiters(value: string): Delimited {
  const delimiters: Record<string, string> = {};
  let text = value;
  for (let m = LEADING.exec(text); m; m = LEADING.exec(text)) {
    delimiters[m[1] ?? ''] = m[2] ?? '';
    text = text.slice(m[0].length);
  }
  return { delimiters, text };
}

function sameDelimiter(name: string, a: string, b: string): boolean {
  return name === 'lang' ? sameLanguage(a, b) : a === b;
}

/** Carried delimiters must equal the expected ones; omitted ones must be at their default on the expected side. */
export function delimitersAgree(returned: Delimited, expected: Delimited): boolean {
  for (const name of new Set([...Object.keys(returned.delimiters), ...Object.keys(expected.delimiters)])) {
    const fallback = DELIMITER_DEFAULTS[name] ?? '';
    const r = returned.delimiters[name];
    const e = expected.delimiters[name] ?? fallback;
    if (!sameDelimiter(name, r ?? fallback, e)) return false;
  }
  return true;
}
