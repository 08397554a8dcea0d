import { quote, reject, type ValueType } from '../value-type.js';

const DURATION = /^P(?:\d+Y)?(?:\d+M)?(?:\d+D)?(?:T(?:\d+H)?(?:\d+M)?(?:\d+(?:\.\d{1,2})?S)?)?$/;

/** SCORM 2004 timeinterval (second,10,2): ISO 8601 duration P[yY][mM][dD][T[hH][mM][s[.s]S]]. */
export const TIMEINTERVAL: ValueType = {
  id: 'timeinterval (second,10,2)',
  expected:
    'an ISO 8601 duration such as "PT1H30M5.25S" or "P1DT2H" (at least one component, at most 2 decimals)',
  check(value) {
    const bad = (why: string) => reject('format', `${quote(value)} is not a SCORM duration: ${why}`);
    if (/^\d{1,4}:\d{2}:\d{2}/.test(value)) return bad('this is the SCORM 1.2 HH:MM:SS format');
    if (!DURATION.test(value)) return bad('expected P[nY][nM][nD][T[nH][nM][n[.nn]S]]');
    if (value === 'P' || value.endsWith('T'))
      return bad('it needs at least one number after P (and after T)');
    return undefined;
  },
};
