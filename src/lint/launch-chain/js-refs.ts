/**
 * What a script loads or opens: literal URLs in loading calls (`fetch('…')`, `window.open('…')`,
 * `x.src = '…'`), with positions, so code that builds its URLs is not followed. Kept apart from the HTML
 * and CSS scanners (page-refs.ts) so the syntax worker can scan the package's scripts without loading
 * an HTML parser.
 */
import { fileLocation } from '../api-usage/source-unit.js';
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

const INITIALIZE_HINT = /\b(?:LMS)?Initialize\s*\(|(['"])(?:LMS)?Initialize\1/;

export function hasInitializeHint(text: string): boolean {
  return text.includes('Initialize') && INITIALIZE_HINT.test(text);
}

export interface At {
  line: number;
  column: number;
}

export function position(text: string, offset: number, at: At): At {
  return fileLocation(
    { code: text, line: at.line, column: at.column, module: false, handler: false },
    offset,
  );
}

const QUOTED = String.raw`(['"\`])(?<url>[^'"\`\s]+)\1(?!\s*\+)`;
const QUOTED_2 = QUOTED.replace(/\\1/g, '\\2');

interface JsPattern {
  re: RegExp;
  kind: RefKind | 'src';
  how: string;
  /** Every match contains one of these: a text without any of them is not searched (most library code). */
  needs: readonly string[];
}

const JS_PATTERNS: JsPattern[] = [
  {
    re: new RegExp(String.raw`\bfetch\s*\(\s*${QUOTED}`, 'g'),
    kind: 'request',
    how: 'fetch()',
    needs: ['fetch'],
  },
  {
    re: new RegExp(String.raw`\.open\s*\(\s*(['"])[A-Za-z]+\1\s*,\s*${QUOTED_2}`, 'g'),
    kind: 'request',
    how: 'XMLHttpRequest.open()',
    needs: ['.open'],
  },
  {
    re: new RegExp(
      String.raw`\bnew\s+(?<ctor>WebSocket|EventSource|Worker|SharedWorker)\s*\(\s*${QUOTED_2}`,
      'g',
    ),
    kind: 'request',
    how: 'new $<ctor>()',
    needs: ['WebSocket', 'EventSource', 'Worker'],
  },
  {
    re: new RegExp(String.raw`\b(?<fn>sendBeacon|importScripts)\s*\(\s*${QUOTED_2}`, 'g'),
    kind: 'request',
    how: '$<fn>()',
    needs: ['sendBeacon', 'importScripts'],
  },
  {
    re: new RegExp(String.raw`\bgetScript\s*\(\s*${QUOTED}`, 'g'),
    kind: 'script',
    how: '$.getScript()',
    needs: ['getScript'],
  },
  {
    re: new RegExp(String.raw`\bimport\s*\(\s*${QUOTED}`, 'g'),
    kind: 'script',
    how: 'import()',
    needs: ['import'],
  },
  {
    re: new RegExp(String.raw`(?<![\w$.])(?:window\.)?open\s*\(\s*${QUOTED}`, 'g'),
    kind: 'navigation',
    how: 'window.open()',
    needs: ['open'],
  },
  {
    re: new RegExp(String.raw`\blocation(?:\.href)?\s*=\s*${QUOTED}`, 'g'),
    kind: 'navigation',
    how: 'location =',
    needs: ['location'],
  },
  {
    re: new RegExp(String.raw`\blocation\.(?:assign|replace)\s*\(\s*${QUOTED}`, 'g'),
    kind: 'navigation',
    how: 'location.assign()',
    needs: ['location.'],
  },
  { re: new RegExp(String.raw`\.src\s*=\s*${QUOTED}`, 'g'), kind: 'src', how: '.src =', needs: ['.src'] },
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
export function scanJs(code: string, at: At = { line: 1, column: 1 }): PageRef[] {
  const refs: PageRef[] = [];
  for (const { re, kind, how, needs } of JS_PATTERNS) {
    // A substring search is many times faster than the pattern, and most files have none of the words.
    if (!needs.some((word) => code.includes(word))) continue;
    re.lastIndex = 0;
    for (let m = re.exec(code); m; m = re.exec(code)) {
      const url = m.groups?.url as string;
      if (url.includes('${')) continue;
      const urlOffset = m.index + m[0].lastIndexOf(url);
      const name = how.replace(/\$<(\w+)>/g, (_, g: string) => m?.groups?.[g] ?? '');
      refs.push({
        kind: kind === 'src' ? srcKind(url) : kind,
        url,
        how: name,
        ...position(code, urlOffset, at),
      });
    }
  }
  return refs.sort((a, b) => a.line - b.line || a.column - b.column);
}

/** What a whole script file loads, and whether it hints at Initialize. */
export function scanScript(code: string): PageScan {
  return { refs: scanJs(code), inlineScripts: 0, initializeHint: hasInitializeHint(code) };
}
