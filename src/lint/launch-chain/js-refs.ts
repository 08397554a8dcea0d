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

/** Where a script, frame or page is loaded from a URL built at run time: the walk cannot follow it. */
export interface BuiltRef {
  how: string;
  line: number;
  column: number;
}

export interface PageScan {
  refs: PageRef[];
  built: BuiltRef[];
  /** An HTML page's `<base href>`, against which its relative URLs resolve. */
  base?: string;
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

/** The URL of an XHR wrapper: its first argument, or the `url` of its options object. */
const WRAPPED_URL = String.raw`(?:\{[^{}]*?\burl\s*:\s*)?${QUOTED_2}`;

interface JsPattern {
  /** Sticky: tried only where it can start (see word-index.ts). */
  re: RegExp;
  /**
   * The loading call without its literal URL: where it matches and `re` does not, the URL is built at
   * run time (only for what the launch-chain walk follows: scripts and pages).
   */
  head?: RegExp;
  kind: RefKind | 'src';
  how: string;
  /** The words every match contains, and how far before such a word a match starts. */
  words: readonly string[];
  before: readonly number[];
  /** An ES module specifier: only `./`, `../`, `/` and full URLs are URLs (bare names need an import map). */
  module?: boolean;
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

/** A loading call whose URL is its first argument or the value assigned: `head` then a literal. */
function loader(head: string, kind: RefKind, how: string, words: string[], before = [0]): JsPattern {
  return { ...pattern(head + QUOTED, kind, how, words, before), head: sticky(new RegExp(head)) };
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
  pattern(
    String.raw`(?:\$|\bjQuery)\.(?<fn>getJSON|get|post|ajax)\s*\(\s*${WRAPPED_URL}`,
    'request',
    '$.$<fn>()',
    ['getJSON', 'get', 'post', 'ajax'],
    ['$.'.length, 'jQuery.'.length],
  ),
  pattern(
    String.raw`\baxios(?<fn>\.(?:get|post|put|patch|delete|head|options|request))?\s*\(\s*${WRAPPED_URL}`,
    'request',
    'axios$<fn>()',
    ['axios'],
  ),
  loader(String.raw`\bgetScript\s*\(\s*`, 'script', '$.getScript()', ['getScript']),
  loader(String.raw`\bimport\s*\(\s*`, 'script', 'import()', ['import']),
  {
    ...pattern(String.raw`\bimport\s*${QUOTED}`, 'script', 'import', ['import']),
    module: true,
  },
  {
    ...pattern(
      String.raw`\b(?<kw>import|export)\b[^'"\`;()=]*?\bfrom\s*${QUOTED_2}`,
      'script',
      '$<kw> … from',
      ['import', 'export'],
    ),
    module: true,
  },
  loader(
    String.raw`(?<![\w$.])(?:window\.)?open\s*\(\s*`,
    'navigation',
    'window.open()',
    ['open'],
    ['window.'.length, 0],
  ),
  loader(String.raw`\blocation(?:\.href)?\s*=(?!=)\s*`, 'navigation', 'location =', ['location']),
  loader(String.raw`\blocation\.(?:assign|replace)\s*\(\s*`, 'navigation', 'location.assign()', ['location']),
  pattern(String.raw`\.src\s*=\s*${QUOTED}`, 'src', '.src =', ['src'], [1]),
];

/** Script loaders whose URLs are always built: a created script element, require.js. */
const BUILT_LOADERS: JsPattern[] = [
  pattern(
    String.raw`\bcreateElement\s*\(\s*(['"])script\1\s*\)`,
    'script',
    "document.createElement('script')",
    ['createElement'],
  ),
  pattern(String.raw`\b(?:require|requirejs)\s*\(\s*\[`, 'script', 'require([…])', ['require', 'requirejs']),
];

/** What the launch-chain walk follows. */
export const FOLLOWED_KINDS: ReadonlySet<RefKind> = new Set(['script', 'frame', 'navigation']);

const URL_SPECIFIER = /^(?:\.{0,2}\/|[a-z][a-z0-9+.-]*:)/i;

/** What a literal assigned to `.src` most likely is, from its extension. */
function srcKind(url: string): RefKind {
  const path = url.split(/[?#]/)[0] ?? '';
  if (/\.m?js$/i.test(path)) return 'script';
  if (/\.html?$/i.test(path)) return 'frame';
  if (/\.css$/i.test(path)) return 'stylesheet';
  return isFontUrl(url) ? 'font' : 'media';
}

/** What a piece of JavaScript loads: literal URLs, and where it builds them. */
export interface JsRefs {
  refs: PageRef[];
  built: BuiltRef[];
}

const WRITE_CALL = sticky(/\.write(?:ln)?\s*\(\s*(['"`])/);
const WRITTEN_SRC = /<(?<tag>script|i?frame)\b[^>]*?\ssrc\s*=\s*(?:\\?['"])?(?<url>(?:[^'"\s>\\]|\\\/)+)/gi;
/** How much of a written string is looked at: markup with a script tag is short. */
const MAX_WRITTEN = 4096;

/** `document.write("<script src=…>")`: the script and frame URLs of literal markup written into the page. */
function writtenRefs(code: string, words: WordIndex, position: (offset: number) => At, out: JsRefs): void {
  for (const m of matchesFrom(WRITE_CALL, code, startsBefore(words, ['write', 'writeln'], [1]))) {
    const quote = m[1];
    const from = m.index + m[0].length;
    let end = from;
    while (end < code.length && end - from < MAX_WRITTEN && code[end] !== quote) {
      end += code[end] === '\\' ? 2 : 1;
    }
    for (const w of code.slice(from, end).matchAll(WRITTEN_SRC)) {
      const raw = w.groups?.['url'] as string;
      const tag = (w.groups?.['tag'] as string).toLowerCase();
      const how = `document.write(<${tag} src>)`;
      const at = position(from + (w.index ?? 0) + w[0].length - raw.length);
      if (raw.includes('${')) out.built.push({ how, ...at });
      else
        out.refs.push({
          kind: tag === 'script' ? 'script' : 'frame',
          url: raw.replace(/\\\//g, '/'),
          how,
          ...at,
        });
    }
  }
}

/** Literal URLs in loading calls of a script, and where it builds them; positions relative to `at`. */
export function scanJsRefs(
  code: string,
  at: At = { line: 1, column: 1 },
  words: WordIndex = indexWords(code),
): JsRefs {
  const out: JsRefs = { refs: [], built: [] };
  const position = positionsIn(code, at);
  for (const { re, head, kind, how, words: anchors, before, module } of JS_PATTERNS) {
    const starts = startsBefore(words, anchors, before);
    const found = new Set<number>();
    for (const m of matchesFrom(re, code, starts)) {
      const url = m.groups?.['url'] as string;
      const name = how.replace(/\$<(\w+)>/g, (_, g: string) => m.groups?.[g] ?? '');
      found.add(m.index);
      const urlOffset = m.index + m[0].lastIndexOf(url);
      const refKind = kind === 'src' ? srcKind(url) : kind;
      if (url.includes('${') || (module && !URL_SPECIFIER.test(url))) {
        if (FOLLOWED_KINDS.has(refKind)) out.built.push({ how: name, ...position(urlOffset) });
        continue;
      }
      out.refs.push({ kind: refKind, url, how: name, ...position(urlOffset) });
    }
    if (!head) continue;
    for (const m of matchesFrom(head, code, starts)) {
      if (!found.has(m.index)) out.built.push({ how, ...position(m.index + m[0].length) });
    }
  }
  for (const { re, how, words: anchors, before } of BUILT_LOADERS) {
    for (const m of matchesFrom(re, code, startsBefore(words, anchors, before))) {
      out.built.push({ how, ...position(m.index) });
    }
  }
  writtenRefs(code, words, position, out);
  out.refs.sort((a, b) => a.line - b.line || a.column - b.column);
  out.built.sort((a, b) => a.line - b.line || a.column - b.column);
  return out;
}

/** Literal URLs in loading calls of a script; positions relative to `at` (where the code starts). */
export function scanJs(code: string, at: At = { line: 1, column: 1 }, words?: WordIndex): PageRef[] {
  return scanJsRefs(code, at, words).refs;
}

/** What a whole script file loads, and whether it hints at Initialize. */
export function scanScript(code: string, words: WordIndex = indexWords(code)): PageScan {
  return {
    ...scanJsRefs(code, { line: 1, column: 1 }, words),
    inlineScripts: 0,
    initializeHint: hasInitializeHint(code, words),
  };
}
