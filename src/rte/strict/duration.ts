/**
 * SCORM 2004 timeinterval arithmetic. A month counts 2,628,029 s and a year 31,536,000 s, the
 * conversion ADL's conformance suite uses (an ISO 8601 duration has no fixed month length).
 */
const DURATION = /^P(?:(\d+)Y)?(?:(\d+)M)?(?:(\d+)D)?(?:T(?:(\d+)H)?(?:(\d+)M)?(?:(\d+(?:\.\d+)?)S)?)?$/;

/** Seconds in a duration (fractions floored to hundredths); undefined when it is not a duration. */
export function durationSeconds(value: string): number | undefined {
  const m = DURATION.exec(value);
  if (!m || value === 'P' || value.endsWith('T')) return undefined;
  const n = (i: number) => Number(m[i] ?? 0);
  const seconds = Math.floor(n(6) * 100) / 100;
  return n(1) * 31_536_000 + n(2) * 2_628_029 + n(3) * 86_400 + n(4) * 3_600 + n(5) * 60 + seconds;
}

/** `PT<h>H<m>M<s>S` for a number of seconds. */
export function formatDuration(totalSeconds: number): string {
  const cents = Math.round(totalSeconds * 100);
  const h = Math.floor(cents / 360_000);
  const m = Math.floor((cents % 360_000) / 6_000);
  const s = (cents % 6_000) / 100;
  return `PT${h}H${m}M${s}S`;
}
