/**
 * What a script loads or opens: literal URLs in loading calls (`fetch('…')`, `window.open('…')`,
 * `x.src = '…'`), with positions, so code that builds its URLs is not followed. Kept apart from the HTML
 * and CSS scanners (page-refs.ts) so the syntax worker can scan the package's scripts without loading
 * an HTML parser.
 */
import { fileLocation } from '../api-usage/source-unit.js';
import {
  indexWords,
  matchesAtAny,
  matchesFrom,
  startsBefore,
  sticky,
  type WordIndex,
} from '../api-usage/word-index.js';
import { isFontUrl } from './urls.js';

/** media: images, audio, video, embeds. request: fetch/XHR/WebSocket/EventSource/beacon/workers. */
export type RefKind = 'script' | 'frame' | 'navigation' | 'stylesheet' | 'font' | 'media' | 'request';

export interface PageRef {
  kind: RefKind;
  url: string;
  /** How it is loaded, e.g. `<script src>`, `fetch()`, `@font-face url()`. */
  how: string;
  line: number;
  column: number;
}

export interface PageScan {
  refs: PageRef[];
  /** Inline scripts and event-handler attributes. */
  inlineScripts: number;
  /**
   * The text calls something named Initialize/LMSInitialize (any receiver, e.g. minified `e.Initialize(t)`)
   * or names it in a string (dynamic calls): weaker than a recognised API call, enough not to claim that
   * Initialize is never called.
   */
  initializeHint: boolean;
}

// Starts at the word or at the quote just before it.
const INITIALIZE_HINT = sticky(/\b(?:LMS)?Initialize\s*\(|(['"])(?:LMS)?Initialize\1/);

export function hasInitializeHint(text: string, words: WordIndex = indexWords(text)): boolean {
  return matchesAtAny(INITIALIZE_HINT, text, startsBefore(words, ['Initialize', 'LMSInitialize'], [1, 0]));
}

export interface At {
  line: number;
  column: number;
}

/** Maps offsets in `text` to file positions (`at`: where the text starts); its lines are found once. */
export function positionsIn(text: string, at: At): (offset: number) => At {
  const unit = { code: text, line: at.line, column: at.column, module: false, handler: false };
  return (offset) => fileLocation(unit, offset);
}

const QUOTED = String.raw`(['"\`])(?<url>[^'"\`\s]+)\1(?!\s*\+)`;
const QUOTED_2 = QUOTED.replace(/\\1/g, '\\2');

interface JsPattern {
  /** Sticky: tried only where it can start (see word-index.ts). */
  re: RegExp;
  kind: RefKind | 'src';
  how: string;
  /** The words every match contains, and how far before such a word a match starts. */
  words: readonly string[];
  before: readonly number[];
}

function pattern(
  source: string,
  kind: RefKind | 'src',
  how: string,
  words: string[],
  before = [0],
): JsPattern {
  return { re: sticky(new RegExp(source)), kind, how, words, before };
}

const JS_PATTERNS: JsPattern[] = [
  pattern(String.raw`\bfetch\s*\(\s*${QUOTED}`, 'request', 'fetch()', ['fetch']),
  pattern(
    String.raw`\.open\s*\(\s*(['"])[A-Za-z]+\1\s*,\s*${QUOTED_2}`,
    'request',
    'XMLHttpRequest.open()',
    ['open'],
    [1],
  ),
  pattern(
    String.raw`\bnew\s+(?<ctor>WebSocket|EventSource|Worker|SharedWorker)\s*\(\s*${QUOTED_2}`,
    'request',
    'new $<ctor>()',
    ['new'],
  ),
  pattern(String.raw`\b(?<fn>sendBeacon|importScripts)\s*\(\s*${QUOTED_2}`, 'request', '$<fn>()', [
    'sendBeacon',
    'importScripts',
  ]),
  pattern(String.raw`\bgetScript\s*\(\s*${QUOTED}`, 'script', '$.getScript()', ['getScript']),
  pattern(String.raw`\bimport\s*\(\s*${QUOTED}`, 'script', 'import()', ['import']),
  pattern(
    String.raw`(?<![\w$.])(?:window\.)?open\s*\(\s*${QUOTED}`,
    'navigation',
    'window.open()',
    ['open'],
    ['window.'.length, 0],
  ),
  pattern(String.raw`\blocation(?:\.href)?\s*=\s*${QUOTED}`, 'navigation', 'location =', ['location']),
  pattern(String.raw`\blocation\.(?:assign|replace)\s*\(\s*${QUOTED}`, 'navigation', 'location.assign()', [
    'location',
  ]),
  pattern(String.raw`\.src\s*=\s*${QUOTED}`, 'src', '.src =', ['src'], [1]),
];

/** What a literal assigned to `.src` most likely is, from its extension. */
function srcKind(url: string): RefKind {
  const path = url.split(/[?#]/)[0] ?? '';
  if (/\.m?js$/i.test(path)) return 'script';
  if (/\.html?$/i.test(path)) return 'frame';
  if (/\.css$/i.test(path)) return 'stylesheet';
  return isFontUrl(url) ? 'font' : 'media';
}

/** Literal URLs in loading calls of a script; positions relative to `at` (where the code starts). */
export function scanJs(
  code: string,
  at: At = { line: 1, column: 1 },
  words: WordIndex = indexWords(code),
): PageRef[] {
  const refs: PageRef[] = [];
  const position = positionsIn(code, at);
  for (const { re, kind, how, words: anchors, before } of JS_PATTERNS) {
    for (const m of matchesFrom(re, code, startsBefore(words, anchors, before))) {
      const url = m.groups?.url as string;
      if (url.includes('${')) continue;
      const urlOffset = m.index + m[0].lastIndexOf(url);
      const name = how.replace(/\$<(\w+)>/g, (_, g: string) => m.groups?.[g] ?? '');
      refs.push({
        kind: kind === 'src' ? srcKind(url) : kind,
        url,
        how: name,
        ...position(urlOffset),
      });
    }
  }
  return refs.sort((a, b) => a.line - b.line || a.column - b.column);
}

/** What a whole script file loads, and whether it hints at Initialize. */
export function scanScript(code: string, words: WordIndex = indexWords(code)): PageScan {
  return {
    refs: scanJs(code, { line: 1, column: 1 }, words),
    inlineScripts: 0,
    initializeHint: hasInitializeHint(code, words),
  };
}
