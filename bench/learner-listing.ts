/**
 * The element list's further pages merged into its first (pure): each control once by ref, each question
 * once by selector and text. adapt-2's second page lists again the four questions of the first, and the
 * journey, taking the repeated options for another question's, pressed no Submit under its third question
 * (score 50 where its first choices are worth 75).
 */

interface Listing {
  interactive_elements?: unknown[];
  assessments?: unknown[];
}

const refOf = (c: unknown): string | null => {
  const ref = (c as { ref?: unknown } | null)?.ref;
  return typeof ref === 'string' ? ref : null;
};
const questionOf = (a: unknown): string => {
  const q = (a ?? {}) as { selector?: unknown; question?: unknown };
  return `${String(q.selector ?? '')}|${String(q.question ?? '')}`;
};

function once<T>(items: T[], keyOf: (item: T) => string | null): T[] {
  const seen = new Set<string>();
  return items.filter((item) => {
    const key = keyOf(item);
    if (key === null) return true;
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}

/** `first` with the controls and questions of `more` it does not list yet (first is changed and returned). */
export function mergeListing<L extends Listing>(first: L, more: Listing | undefined): L {
  first.interactive_elements = once(
    [...(first.interactive_elements ?? []), ...(more?.interactive_elements ?? [])],
    refOf,
  );
  first.assessments = once([...(first.assessments ?? []), ...(more?.assessments ?? [])], questionOf);
  return first;
}
