/**
 * Lexical checks for the XML Schema and SCORM data types used by the manifest vocabularies.
 * Values are whitespace-collapsed first, as a schema validator would for these types.
 */
import { collapse } from './walk.js';
import { didYouMean } from '../../core/did-you-mean.js';

const NCNAME = /^[\p{L}_][\p{L}\p{N}\p{Mn}\p{Mc}_.\-\u00B7]*$/u;

/** xs:ID / xs:NCName: a letter or underscore first, no colon or space. */
export function isXsId(value: string): boolean {
  return NCNAME.test(collapse(value));
}

export function isXsBoolean(value: string): boolean {
  return ['true', 'false', '1', '0'].includes(collapse(value));
}

const DECIMAL = /^[+-]?(\d+(\.\d*)?|\.\d+)$/;

/** The number when `value` is an xs:decimal, else null. */
export function parseDecimal(value: string): number | null {
  const v = collapse(value);
  return DECIMAL.test(v) ? Number(v) : null;
}

export function isDecimalIn(value: string, min: number, max: number): boolean {
  const n = parseDecimal(value);
  return n !== null && n >= min && n <= max;
}

export function isNonNegativeInteger(value: string): boolean {
  return /^\+?\d+$/.test(collapse(value));
}

const DURATION = /^-?P(?!$)(\d+Y)?(\d+M)?(\d+D)?(T(?!$)(\d+H)?(\d+M)?(\d+(\.\d+)?S)?)?$/;

/** xs:duration (e.g. PT1H30M, P5Y6M4DT12H30M58.55S). */
export function isXsDuration(value: string): boolean {
  return DURATION.test(collapse(value));
}

const DATETIME = /^-?\d{4,}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d+)?(Z|[+-]\d{2}:\d{2})?$/;

export function isXsDateTime(value: string): boolean {
  return DATETIME.test(collapse(value));
}

/** SCORM 1.2 CMITimespan: HHHH:MM:SS.SS (hours 2-4 digits, optional 1-2 digit fraction). */
export function isCmiTimespan(value: string): boolean {
  const m = /^(\d{2,4}):(\d{2}):(\d{2})(\.\d{1,2})?$/.exec(collapse(value));
  return m !== null && Number(m[2]) < 60 && Number(m[3]) < 60;
}

/** The vocabulary entry `value` most likely meant (its case or a typo apart), to suggest a fix. */
export function closestTerm(value: string, vocabulary: readonly string[]): string | undefined {
  return didYouMean(collapse(value), vocabulary);
}

/** "a, b or c" for messages. */
export function listTerms(vocabulary: readonly string[]): string {
  const quoted = vocabulary.map((t) => `"${t}"`);
  return quoted.length <= 1 ? quoted.join('') : `${quoted.slice(0, -1).join(', ')} or ${quoted.at(-1)}`;
}
