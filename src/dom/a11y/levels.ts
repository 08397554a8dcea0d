/** WCAG conformance levels as axe-core tags, and WCAG success criteria from axe's tags. */

export const A11Y_LEVELS = ['A', 'AA', 'AAA'] as const;
export type A11yLevel = (typeof A11Y_LEVELS)[number];

const TAGS_BY_LEVEL: Record<A11yLevel, readonly string[]> = {
  A: ['wcag2a', 'wcag21a', 'wcag22a'],
  AA: ['wcag2aa', 'wcag21aa', 'wcag22aa'],
  AAA: ['wcag2aaa', 'wcag21aaa', 'wcag22aaa'],
};

/**
 * The axe tags a level runs: a level includes the ones below it (AA = A + AA). Tags this axe-core does
 * not know (wcag22a in 4.14) are dropped in the page, where the engine's rule list is known.
 */
export function tagsFor(level: A11yLevel, includeBestPractices: boolean): string[] {
  const upTo = A11Y_LEVELS.slice(0, A11Y_LEVELS.indexOf(level) + 1);
  const tags = upTo.flatMap((l) => TAGS_BY_LEVEL[l]);
  return includeBestPractices ? [...tags, 'best-practice'] : tags;
}

/** "wcag111" -> "1.1.1", "wcag1412" -> "1.4.12"; level tags (wcag2aa) and others are not criteria. */
export function wcagCriteria(tags: readonly string[]): string[] {
  const out: string[] = [];
  for (const tag of tags) {
    const m = /^wcag(\d)(\d)(\d{1,2})$/.exec(tag);
    if (m) out.push(`${m[1]}.${m[2]}.${m[3]}`);
  }
  return out;
}
