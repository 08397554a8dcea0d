import { quote, reject, type ValueType } from '../value-type.js';

function integerType(id: string, min: number, max: number): ValueType {
  const expected = `a ${id} (whole number in [${min}, ${max}])`;
  return {
    id,
    expected,
    check(value) {
      if (!/^-?\d+$/.test(value)) return reject('format', `${quote(value)} is not a whole number`);
      const n = Number(value);
      if (n < min || n > max) return reject('range', `${value} is outside [${min}, ${max}]`);
      return undefined;
    },
  };
}

/** SCORM 1.2 CMIInteger: 0..65536. */
export const CMI_INTEGER = integerType('CMIInteger', 0, 65536);

/** SCORM 1.2 CMISInteger with the element's own range (e.g. audio -1..100). */
export function cmiSInteger(min: number, max: number): ValueType {
  return integerType('CMISInteger', min, max);
}
