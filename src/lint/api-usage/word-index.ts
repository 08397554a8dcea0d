import { API_METHOD_NAMES } from './api-methods.js';

/**
 * One pass over a script that finds where the words our text patterns start with stand, so each pattern
 * is tried only there instead of searched for over megabytes of library code, once per pattern.
 *
 * A "word" is a maximal run of the characters `\w` matches (ASCII letters, digits, `_`): every pattern
 * that uses it begins with `\bword`, `.word` or a quote before `word`, and needs a non-word character or
 * a specific one after it, so each of its matches starts at a fixed distance before an occurrence of the
 * word as a whole run. Trying the pattern (sticky) at those positions, in order, finds exactly the
 * matches a global search finds.
 */

/** Every word a pattern of the API lint or of the launch-chain scanner is anchored on. */
const WORDS: readonly string[] = [
  // Launch-chain references (js-refs.ts).
  'fetch',
  'open',
  'new',
  'sendBeacon',
  'importScripts',
  'getScript',
  'getJSON',
  'get',
  'post',
  'ajax',
  'axios',
  'import',
  'export',
  'location',
  'src',
  'write',
  'writeln',
  'createElement',
  'require',
  'requirejs',
  // API calls and Initialize hints, frame access and API discovery (prefilter.ts).
  ...API_METHOD_NAMES,
  'parent',
  'top',
  'opener',
  'API',
  'API_1484_11',
];

const INDEXED = new Set(WORDS);

/** Where each word stands, ascending; words that do not occur are absent. */
export type WordIndex = ReadonlyMap<string, readonly number[]>;

// Longest first, though `\b` on both sides already makes each match a whole run.
const WORD_RUN = new RegExp(
  String.raw`\b(?:${[...WORDS].sort((a, b) => b.length - a.length).join('|')})\b`,
  'g',
);

export function indexWords(text: string): WordIndex {
  const found = new Map<string, number[]>();
  WORD_RUN.lastIndex = 0;
  for (let m = WORD_RUN.exec(text); m; m = WORD_RUN.exec(text)) {
    const at = found.get(m[0]);
    if (at) at.push(m.index);
    else found.set(m[0], [m.index]);
  }
  return found;
}

/**
 * Where a pattern may start, given the word it is anchored on and how far before the word it starts
 * (several distances for optional prefixes such as `window.`), ascending and without duplicates.
 */
export function startsBefore(
  index: WordIndex,
  words: readonly string[],
  distances: readonly number[],
): number[] {
  const starts: number[] = [];
  for (const word of words) {
    if (!INDEXED.has(word)) throw new Error(`"${word}" is not an indexed word`);
    for (const at of index.get(word) ?? []) {
      for (const distance of distances) if (at - distance >= 0) starts.push(at - distance);
    }
  }
  starts.sort((a, b) => a - b);
  return starts.filter((s, i) => i === 0 || s !== starts[i - 1]);
}

/** A global pattern as a sticky one, to be tried at chosen positions. */
export function sticky(re: RegExp): RegExp {
  return new RegExp(re.source, re.flags.replace('g', '') + 'y');
}

/** The matches a global search of the pattern finds, when every match starts at one of `starts`. */
export function matchesFrom(stickyRe: RegExp, text: string, starts: readonly number[]): RegExpExecArray[] {
  const matches: RegExpExecArray[] = [];
  let end = 0;
  for (const start of starts) {
    if (start < end) continue;
    stickyRe.lastIndex = start;
    const m = stickyRe.exec(text);
    if (!m) continue;
    matches.push(m);
    end = start + m[0].length;
  }
  return matches;
}

/** Whether the pattern matches at any of `starts`. */
export function matchesAtAny(stickyRe: RegExp, text: string, starts: readonly number[]): boolean {
  for (const start of starts) {
    stickyRe.lastIndex = start;
    if (stickyRe.test(text)) return true;
  }
  return false;
}
