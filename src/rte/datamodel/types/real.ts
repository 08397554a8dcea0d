import type { ValueType } from '../value-type.js';
import { checkDecimal, describeRange, type NumericRange } from './decimal.js';

/** SCORM 2004 real(10,7), optionally restricted to a range such as [-1, 1]. */
export function real107(range?: NumericRange): ValueType {
  return {
    id: 'real(10,7)',
    expected: `a real number${describeRange(range)} in plain decimal notation`,
    check: (value) => checkDecimal(value, 'real(10,7)', range),
  };
}
