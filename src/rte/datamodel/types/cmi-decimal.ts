import type { ValueType } from '../value-type.js';
import { checkDecimal, describeRange, type NumericRange } from './decimal.js';

/** SCORM 1.2 CMIDecimal: a number that may have a decimal point and a leading minus sign. */
export function cmiDecimal(range?: NumericRange): ValueType {
  return {
    id: 'CMIDecimal',
    expected: `a CMIDecimal${describeRange(range)}`,
    check: (value) => checkDecimal(value, 'CMIDecimal', range),
  };
}
