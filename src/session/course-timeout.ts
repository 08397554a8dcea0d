/** Budget for each page interaction (a hung course fails after this); SCORM_TESTER_COURSE_TIMEOUT_MS overrides. */
export function courseTimeoutMs(): number | undefined {
  const value = Number(process.env.SCORM_TESTER_COURSE_TIMEOUT_MS);
  return Number.isFinite(value) && value >= 1000 ? value : undefined;
}
