/**
 * The choices of a question or scenario drawn as numbered buttons ("1 This is the correct choice…", "2 …",
 * "3 …", listed one after another) are answers, not ways on, even when a word of a choice's sentence reads
 * as "next": rise-3's scenario blocks had their first choice taken for the lesson's Next, and the journey
 * played each scenario round by round (choice, CONTINUE, CONTINUE, the next scene's same choices) while
 * the lesson, already complete, listed its link to the next lesson below.
 */

interface NamedControl {
  role?: string;
  name?: string;
}

const NUMBERED = /^\s*(\d+)[.)]?\s+\S/u;

const numberOf = (c: NamedControl | undefined): number | null => {
  if (c?.role !== 'button') return null;
  const m = NUMBERED.exec(c.name ?? '');
  return m ? Number(m[1]) : null;
};

/** Whether `c` is one of two or more buttons listed in a row and numbered 1, 2, 3… by their names. */
export function numberedChoice<C extends NamedControl>(controls: C[], c: C): boolean {
  const at = controls.indexOf(c);
  const n = numberOf(c);
  if (at < 0 || n === null) return false;
  let first = at;
  while (first > 0 && numberOf(controls[first - 1]) === numberOf(controls[first])! - 1) first--;
  let last = at;
  while (last + 1 < controls.length && numberOf(controls[last + 1]) === numberOf(controls[last])! + 1) last++;
  return numberOf(controls[first]) === 1 && last > first;
}
