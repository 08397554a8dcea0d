import { reject, type ValueType } from '../value-type.js';

/** SCORM 1.2 CMIString255 / CMIString4096: any characters, hard maximum length. */
export function cmiString(max: 255 | 4096): ValueType {
  return {
    id: `CMIString${max}`,
    expected: `a string of at most ${max} characters`,
    check: (value) =>
      value.length > max
        ? reject('length', `the value has ${value.length} characters; CMIString${max} allows at most ${max}`)
        : undefined,
  };
}
