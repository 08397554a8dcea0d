/**
 * "Did you mean": the candidate a misspelt name, value or identifier most likely meant. A candidate
 * that differs only in case is the best; otherwise the one fewest edits away, and only when the edits are
 * few for the word's length, so an unrelated name is never suggested.
 */

/** Levenshtein distance (insertions, deletions, substitutions). */
export function editDistance(a: string, b: string): number {
  const prev = Array.from({ length: b.length + 1 }, (_, i) => i);
  for (let i = 1; i <= a.length; i++) {
    let diag = prev[0] as number;
    prev[0] = i;
    for (let j = 1; j <= b.length; j++) {
      const up = prev[j] as number;
      prev[j] = Math.min(up + 1, (prev[j - 1] as number) + 1, diag + (a[i - 1] === b[j - 1] ? 0 : 1));
      diag = up;
    }
  }
  return prev[b.length] as number;
}

export interface DidYouMeanOptions {
  /** Among equally close candidates, these come first (e.g. the resources no item uses yet). */
  preferred?: ReadonlySet<string>;
  /** The most edits a suggestion may be away; by default a third of the word, at least 1, at most 3. */
  maxEdits?: number;
}

/** Values longer than this are not compared: they are no misspelt names. */
const MAX_COMPARED = 200;

export function didYouMean(
  value: string,
  candidates: Iterable<string>,
  options: DidYouMeanOptions = {},
): string | undefined {
  if (value.length > MAX_COMPARED) return undefined;
  const lower = value.toLowerCase();
  const limit = options.maxEdits ?? Math.min(3, Math.max(1, Math.floor(value.length / 3)));
  let best: { candidate: string; score: number } | undefined;
  for (const candidate of candidates) {
    if (candidate === value || candidate.length > MAX_COMPARED) continue;
    const edits = candidate.toLowerCase() === lower ? 0 : editDistance(lower, candidate.toLowerCase());
    if (edits > limit) continue;
    // Same edits: a preferred candidate first (half an edit better), then the first listed.
    const score = edits - (options.preferred?.has(candidate) ? 0.5 : 0);
    if (!best || score < best.score) best = { candidate, score };
  }
  return best?.candidate;
}
