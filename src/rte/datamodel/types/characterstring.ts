import { reject, type Rejection, type ValueType } from '../value-type.js';

export function checkSpm(value: string, spm: number, what = 'the value'): Rejection | undefined {
  return value.length > spm
    ? reject('spm', `${what} has ${value.length} characters, more than the SPM of ${spm} an LMS must store`)
    : undefined;
}

/** SCORM 2004 characterstring with its smallest permitted maximum (SPM). */
export function characterstring(spm: number): ValueType {
  return {
    id: 'characterstring',
    spm,
    expected: `a characterstring of at most ${spm} characters (SPM)`,
    check: (value) => checkSpm(value, spm),
  };
}
