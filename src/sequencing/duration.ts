/** ISO 8601 durations (SCORM timeinterval, xs:duration) in milliseconds; null when not one. */
const DURATION =
  /^P(?:(\d+(?:\.\d+)?)Y)?(?:(\d+(?:\.\d+)?)M)?(?:(\d+(?:\.\d+)?)D)?(?:T(?:(\d+(?:\.\d+)?)H)?(?:(\d+(?:\.\d+)?)M)?(?:(\d+(?:\.\d+)?)S)?)?$/;

// Month and year lengths as the ADL conformance evaluator counts them.
const UNIT_MS = [31_536_000_000, 2_628_029_000, 86_400_000, 3_600_000, 60_000, 1_000];

export function durationMs(text: string | null | undefined): number | null {
  if (!text) return null;
  const m = DURATION.exec(text.trim());
  if (!m || text.trim() === 'P' || text.trim().endsWith('T')) return null;
  let ms = 0;
  for (let i = 0; i < UNIT_MS.length; i++) {
    const part = m[i + 1];
    if (part) ms += Number(part) * (UNIT_MS[i] as number);
  }
  return Math.round(ms);
}
