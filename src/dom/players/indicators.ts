/** Pure parsing of slide and progress indicators as course pages print them; used in the page and in Node. */

const SLIDE_WORDS =
  '(?:slide|page|screen|lesson|step|question|card|section|topic|folie|seite|diapositive|p\\.)';
const INDICATOR = new RegExp(
  `^\\s*(?:${SLIDE_WORDS}\\s*)?(\\d{1,4})\\s*(?:/|of|von|de|sur|из|\\|)\\s*(\\d{1,4})\\s*$`,
  'i',
);

/** "3 / 10", "Slide 3 of 10", "Page 3/10", "Lesson 3 of 10" -> { current: 3, total: 10 }; null otherwise. */
export function parseSlideIndicator(text: string): { current: number; total: number } | null {
  if (text.length > 40) return null;
  const m = INDICATOR.exec(text.replace(/\s+/g, ' '));
  if (!m) return null;
  const current = Number(m[1]);
  const total = Number(m[2]);
  if (!(current >= 1 && total >= 2 && current <= total)) return null;
  return { current, total };
}

const PERCENT = /^\s*(?:progress\s*:?\s*)?(\d{1,3}(?:\.\d+)?)\s*%\s*(?:complete(?:d)?|done|progress)?\s*$/i;

/** "40%", "40% complete", "Progress: 40 %" -> 40; null otherwise (and outside 0..100). */
export function parsePercent(text: string): number | null {
  if (text.length > 40) return null;
  const m = PERCENT.exec(text);
  if (!m) return null;
  const value = Number(m[1]);
  return value >= 0 && value <= 100 ? value : null;
}

/** A percentage from a value within [min, max], rounded to one decimal; null when the range is empty. */
export function percentOf(value: number, min: number, max: number): number | null {
  if (!Number.isFinite(value) || !Number.isFinite(min) || !Number.isFinite(max) || max <= min) return null;
  const clamped = Math.min(max, Math.max(min, value));
  return Math.round(((clamped - min) / (max - min)) * 1000) / 10;
}
