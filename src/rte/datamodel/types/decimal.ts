import { quote, reject, type Rejection } from '../value-type.js';

/** Plain decimal notation: optional minus, digits, optional fraction. No exponent, no plus sign. */
const DECIMAL = /^-?(?:\d+(?:\.\d*)?|\.\d+)$/;

export interface NumericRange {
  min?: number;
  max?: number;
}

function rangeText(range: NumericRange): string {
  return `[${range.min ?? '-inf'}, ${range.max ?? 'inf'}]`;
}

export function describeRange(range: NumericRange | undefined): string {
  if (!range || (range.min === undefined && range.max === undefined)) return '';
  return ` in ${rangeText(range)}`;
}

/** Checks decimal notation and an inclusive range; `typeName` names the type in the reason. */
export function checkDecimal(value: string, typeName: string, range?: NumericRange): Rejection | undefined {
  if (!DECIMAL.test(value)) {
    return reject(
      'format',
      `${quote(value)} is not a ${typeName} (plain decimal notation such as "0.75" or "-3")`,
    );
  }
  const n = Number(value);
  if ((range?.min !== undefined && n < range.min) || (range?.max !== undefined && n > range.max)) {
    return reject('range', `${value} is outside ${rangeText(range ?? {})}`);
  }
  return undefined;
}
