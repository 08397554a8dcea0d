import { quote, reject, type ValueType } from '../value-type.js';

/**
 * YYYY[-MM[-DD[Thh[:mm[:ss[.s[TZD]]]]]]] exactly as nested in the SCORM 2004 RTE: the time zone
 * designator may only follow fractional seconds.
 */
const TIME =
  /^(\d{4})(?:-(\d{2})(?:-(\d{2})(?:T(\d{2})(?::(\d{2})(?::(\d{2})(?:\.\d{1,2}(Z|[+-]\d{2}(?::?\d{2})?)?)?)?)?)?)?)?$/;

function daysIn(year: number, month: number): number {
  return new Date(Date.UTC(year, month, 0)).getUTCDate();
}

/** SCORM 2004 time (second,10,0): an ISO 8601 timestamp with a year in 1970..2038. */
export const TIME_SECOND: ValueType = {
  id: 'time (second,10,0)',
  expected:
    'an ISO 8601 timestamp YYYY[-MM[-DD[Thh[:mm[:ss[.s[TZD]]]]]]] with year 1970-2038, e.g. "2024-05-01T13:20:05.5" or "2024-05-01T13:20:05.00Z"',
  check(value) {
    const m = TIME.exec(value);
    if (!m) {
      const hint = /T\d{2}:\d{2}:\d{2}(Z|[+-])/.test(value)
        ? ' (a time zone may only follow fractional seconds, e.g. "12:00:00.0Z")'
        : '';
      return reject('format', `${quote(value)} is not a SCORM timestamp${hint}`);
    }
    const [, y, mo, d, h, mi, s, tz] = m;
    const year = Number(y);
    if (year < 1970 || year > 2038) return reject('range', `year ${y} is outside 1970-2038`);
    if (mo !== undefined && (Number(mo) < 1 || Number(mo) > 12))
      return reject('range', `month ${mo} is invalid`);
    if (d !== undefined && (Number(d) < 1 || Number(d) > daysIn(year, Number(mo)))) {
      return reject('range', `day ${d} does not exist in ${y}-${mo}`);
    }
    if (h !== undefined && Number(h) > 23) return reject('range', `hour ${h} is invalid`);
    if (mi !== undefined && Number(mi) > 59) return reject('range', `minute ${mi} is invalid`);
    if (s !== undefined && Number(s) > 59) return reject('range', `second ${s} is invalid`);
    if (tz !== undefined && tz !== 'Z') {
      const digits = tz.slice(1).replace(':', '');
      if (Number(digits.slice(0, 2)) > 23 || (digits.length > 2 && Number(digits.slice(2)) > 59)) {
        return reject('range', `time zone ${tz} is invalid`);
      }
    }
    return undefined;
  },
};
