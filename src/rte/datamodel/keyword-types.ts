import { quote, reject, type ValueType } from './value-type.js';

/** Values the LMS returns for keyword elements; the SCO never sets them. */
export const CHILDREN_LIST: ValueType = {
  id: 'characterstring',
  expected: 'a comma-separated list of element names (returned by the LMS)',
  check: (value) =>
    /^[a-z_]+(,[a-z_]+)*$/.test(value) ? undefined : reject('format', `${quote(value)} is not a list`),
};

export const COUNT: ValueType = {
  id: 'integer',
  expected: 'a non-negative integer (returned by the LMS)',
  check: (value) => (/^\d+$/.test(value) ? undefined : reject('format', `${quote(value)} is not a count`)),
};

export function versionString(version: string): ValueType {
  return {
    id: 'characterstring',
    expected: JSON.stringify(version),
    check: (value) =>
      value === version ? undefined : reject('vocabulary', `expected ${JSON.stringify(version)}`),
  };
}
