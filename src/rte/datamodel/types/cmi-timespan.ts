import { quote, reject, type ValueType } from '../value-type.js';

const TIMESPAN = /^(\d{2,4}):([0-5]\d):([0-5]\d(?:\.\d{1,2})?)$/;

/** SCORM 1.2 CMITimespan: HHHH:MM:SS.SS, hours 2-4 digits, optional 1-2 digit fraction. */
export const CMI_TIMESPAN: ValueType = {
  id: 'CMITimespan',
  expected: 'a CMITimespan "HHHH:MM:SS.SS" (2-4 hour digits, e.g. "00:12:30" or "0001:02:03.5")',
  check: (value) =>
    TIMESPAN.test(value) ? undefined : reject('format', `${quote(value)} is not a CMITimespan`),
};

/** Seconds in a CMITimespan; undefined when it is not one. */
export function timespanSeconds(value: string): number | undefined {
  const m = TIMESPAN.exec(value.trim());
  return m ? Number(m[1]) * 3600 + Number(m[2]) * 60 + Number(m[3]) : undefined;
}

/** A CMITimespan for a number of seconds: 4 hour digits, hundredths only when there are some. */
export function formatTimespan(totalSeconds: number): string {
  const cents = Math.round(totalSeconds * 100);
  const h = Math.min(Math.floor(cents / 360_000), 9999);
  const m = Math.floor((cents % 360_000) / 6_000);
  const s = Math.floor((cents % 6_000) / 100);
  const hundredths = cents % 100;
  const two = (n: number): string => String(n).padStart(2, '0');
  return `${String(h).padStart(4, '0')}:${two(m)}:${two(s)}${hundredths ? `.${two(hundredths)}` : ''}`;
}
