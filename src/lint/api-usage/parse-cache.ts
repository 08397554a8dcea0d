import type { ParseResult } from './parse-unit.js';
import type { SourceUnit } from './source-unit.js';

/**
 * Several rules parse the same small script on their own (the API analysis, the page-order rule, the
 * wrapper rule, the dependency checks): eXeLearning's 56 kB SCORM wrapper was parsed three times, a
 * pipwerks or ADL wrapper three or four. A tree depends only on the code and how it is parsed (callers
 * add the unit's place themselves, and none changes a tree), so one is shared by code. Only small
 * units are kept, and only so many characters of them in all (least recently used go first): a syntax
 * tree takes ~15–20 times its source in memory, and the bundles that dominate peak RSS are never kept.
 */
const MAX_UNIT_CHARS = 64 * 1024;
const MAX_TOTAL_CHARS = 512 * 1024;

const trees = new Map<string, ParseResult>();
let totalChars = 0;

function keyOf(unit: SourceUnit): string {
  return (unit.module ? 'm' : unit.handler ? 'h' : 's') + unit.code;
}

/** The kept parse of code like the unit's, if any (then it becomes the most recently used). */
export function keptParse(unit: SourceUnit): ParseResult | undefined {
  if (unit.code.length > MAX_UNIT_CHARS) return undefined;
  const key = keyOf(unit);
  const found = trees.get(key);
  if (found) {
    trees.delete(key);
    trees.set(key, found);
  }
  return found;
}

export function keepParse(unit: SourceUnit, result: ParseResult): void {
  if (unit.code.length > MAX_UNIT_CHARS) return;
  const key = keyOf(unit);
  if (trees.has(key)) return;
  trees.set(key, result);
  totalChars += unit.code.length;
  for (const [oldest] of trees) {
    if (totalChars <= MAX_TOTAL_CHARS) break;
    trees.delete(oldest);
    totalChars -= oldest.length - 1;
  }
}

/** Lets every kept tree go (at the end of a validation). */
export function forgetParses(): void {
  trees.clear();
  totalChars = 0;
}
