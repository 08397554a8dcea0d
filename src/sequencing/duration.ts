/** ISO 8601 durations (SCORM timeinterval, xs:duration) in milliseconds; null when not one. */
import { durationSeconds } from '../rte/strict/duration.js';

export function durationMs(text: string | null | undefined): number | null {
  if (!text) return null;
  const seconds = durationSeconds(text.trim());
  return seconds === undefined ? null : Math.round(seconds * 1000);
}
