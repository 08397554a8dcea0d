/**
 * The `_count` changes a successful SetValue implies: writing a field of member n of a collection
 * (RTE 4.1.1 / 1.2 3.4.3: members are created in order, so n is at most `_count`) leaves the collection
 * with at least n + 1 members. The record shows this change as the engine's own, so the integrity check
 * still compares every `_count` with the engine: a member added without the API shows as a mismatch.
 * Pure and free of course-reachable prototypes (it runs in the player's realm), so it is tested in Node.
 */

/** Collections a SetValue can add members to, by the name of their last segment (SCORM 1.2 and 2004). */
const GROWABLE: Readonly<Record<string, true>> = {
  __proto__: null,
  objectives: true,
  interactions: true,
  correct_responses: true,
  comments_from_learner: true,
} as unknown as Readonly<Record<string, true>>;

function isDigits(s: string, from: number, to: number): boolean {
  if (to <= from) return false;
  // A leading zero ("01") names no member: the engine refuses it, so it implies nothing.
  if (to - from > 1 && s[from] === '0') return false;
  for (let i = from; i < to; i++) {
    const c = s[i] as string;
    if (c < '0' || c > '9') return false;
  }
  return true;
}

/**
 * For a SetValue of `element` that succeeded: each collection it writes into whose `_count` (as `counts`
 * shows it; absent: none shown yet) is below the member's index + 1, as [countElement, shown, implied]
 * triples flattened into one list, outermost first. `counts` is not changed.
 */
export function impliedCounts(element: string, counts: Readonly<Record<string, string>>): (string | null)[] {
  const out: (string | null)[] = [];
  if (element[0] !== 'c' || element[1] !== 'm' || element[2] !== 'i' || element[3] !== '.') return out;
  let segStart = 0;
  let prevStart = 0;
  for (let i = 0; i <= element.length; i++) {
    if (i < element.length && element[i] !== '.') continue;
    // element[segStart..i) is a segment; element[prevStart..segStart-1) the one before it.
    if (i < element.length && segStart > 0 && isDigits(element, segStart, i)) {
      let name = '';
      for (let k = prevStart; k < segStart - 1; k++) name += element[k];
      if (GROWABLE[name] === true) {
        let prefix = '';
        for (let k = 0; k < segStart - 1; k++) prefix += element[k];
        const countElement = prefix + '._count';
        const shown = countElement in counts ? (counts[countElement] as string) : null;
        let index = 0;
        for (let k = segStart; k < i; k++) index = index * 10 + +(element[k] as string);
        const shownNumber = shown === null ? 0 : +shown;
        if (shown === null || !(shownNumber >= index + 1)) {
          out[out.length] = countElement;
          out[out.length] = shown;
          out[out.length] = '' + (index + 1);
        }
      }
    }
    prevStart = segStart;
    segStart = i + 1;
  }
  return out;
}
