/**
 * What a page, script or stylesheet loads or opens, with positions: the input of the launch-chain walk
 * and of the external-dependency rules. HTML is read with parse5; JavaScript (js-refs.ts) and CSS by
 * patterns that only match literal URLs in loading calls (`fetch('…')`, `window.open('…')`, `url(…)`),
 * so code that builds its URLs is not followed.
 */
import type { DefaultTreeAdapterTypes } from 'parse5';
import {
  attr,
  attrValueStart,
  forEachElement,
  htmlUnitCollector,
  scriptKind,
} from '../api-usage/html-units.js';
import type { SourceUnit } from '../api-usage/source-unit.js';
import {
  hasInitializeHint,
  positionsIn,
  scanJsRefs,
  type At,
  type PageRef,
  type PageScan,
  type RefKind,
} from './js-refs.js';
import { isFontUrl } from './urls.js';

export { scanJs, type PageRef, type PageScan, type RefKind } from './js-refs.js';

type Element = DefaultTreeAdapterTypes.Element;

const FONT_FACE = /@font-face\s*\{[^}]*\}/gi;
const CSS_IMPORT = /@import\s+(?:url\(\s*)?(['"]?)(?<url>[^'")\s;]+)\1/gi;
const CSS_URL = /url\(\s*(['"]?)(?<url>[^'")\s]+)\1\s*\)/gi;

/** `@import` and `url(…)` of a stylesheet (fonts inside @font-face or by extension, else media). */
export function scanCss(css: string, at: At = { line: 1, column: 1 }): PageRef[] {
  const refs: PageRef[] = [];
  const position = positionsIn(css, at);
  const faces: [number, number][] = [];
  for (let m = FONT_FACE.exec(css); m; m = FONT_FACE.exec(css)) faces.push([m.index, m.index + m[0].length]);
  FONT_FACE.lastIndex = 0;
  const imports = new Set<number>();
  for (let m = CSS_IMPORT.exec(css); m; m = CSS_IMPORT.exec(css)) {
    const url = m.groups?.url as string;
    const offset = m.index + m[0].lastIndexOf(url);
    imports.add(offset);
    refs.push({
      kind: isFontUrl(url) ? 'font' : 'stylesheet',
      url,
      how: '@import',
      ...position(offset),
    });
  }
  CSS_IMPORT.lastIndex = 0;
  for (let m = CSS_URL.exec(css); m; m = CSS_URL.exec(css)) {
    const url = m.groups?.url as string;
    const offset = m.index + m[0].lastIndexOf(url);
    if (imports.has(offset) || url.startsWith('data:')) continue;
    const inFace = faces.some(([from, to]) => m!.index >= from && m!.index < to);
    refs.push({
      kind: inFace || isFontUrl(url) ? 'font' : 'media',
      url,
      how: inFace ? '@font-face url()' : 'url()',
      ...position(offset),
    });
  }
  CSS_URL.lastIndex = 0;
  return refs;
}

const MEDIA_ATTRS: Record<string, string[]> = {
  img: ['src'],
  source: ['src'],
  audio: ['src'],
  video: ['src', 'poster'],
  track: ['src'],
  embed: ['src'],
  object: ['data'],
  input: ['src'],
};

function linkKind(el: Element, href: string): RefKind | undefined {
  const rel = (attr(el, 'rel') ?? '').toLowerCase().split(/\s+/);
  const as = (attr(el, 'as') ?? '').toLowerCase();
  if (rel.includes('stylesheet')) return isFontUrl(href) ? 'font' : 'stylesheet';
  if (rel.some((r) => r === 'preload' || r === 'prefetch' || r === 'modulepreload')) {
    if (rel.includes('modulepreload') || as === 'script') return 'script';
    if (as === 'style') return isFontUrl(href) ? 'font' : 'stylesheet';
    if (as === 'font') return 'font';
    return 'media';
  }
  if (rel.some((r) => r === 'icon' || r === 'apple-touch-icon')) return 'media';
  return undefined;
}

/** References of one element: what it loads (and where the value is written). */
function elementRefs(html: string, el: Element, scan: PageScan): void {
  const add = (kind: RefKind, name: string, how: string, value = attr(el, name)): void => {
    const loc = el.sourceCodeLocation?.attrs?.[name];
    if (value === undefined || value.trim() === '' || !loc) return;
    scan.refs.push({ kind, url: value.trim(), how, ...attrValueStart(html, loc) });
  };
  switch (el.tagName) {
    case 'script':
      if (attr(el, 'src') !== undefined) add('script', 'src', '<script src>');
      if (attr(el, 'data-main') !== undefined) {
        const loc = el.sourceCodeLocation?.attrs?.['data-main'];
        // require.js: the modules' URLs come from module names and its configuration.
        if (loc) scan.built.push({ how: '<script data-main> (require.js)', ...attrValueStart(html, loc) });
      }
      break;
    case 'base':
      scan.base ??= attr(el, 'href')?.trim() || undefined;
      break;
    case 'iframe':
    case 'frame':
      add('frame', 'src', `<${el.tagName} src>`);
      break;
    case 'link': {
      const kind = linkKind(el, attr(el, 'href') ?? '');
      if (kind) add(kind, 'href', `<link rel="${attr(el, 'rel') ?? ''}">`);
      break;
    }
    case 'a':
    case 'area':
      add('navigation', 'href', `<${el.tagName} href>`);
      break;
    case 'meta': {
      const content = attr(el, 'content') ?? '';
      const url = /^\s*\d+\s*[;,]\s*url\s*=\s*['"]?([^'"\s]+)/i.exec(content)?.[1];
      if ((attr(el, 'http-equiv') ?? '').toLowerCase() === 'refresh' && url) {
        add('navigation', 'content', '<meta http-equiv="refresh">', url);
      }
      break;
    }
    default: {
      const names = MEDIA_ATTRS[el.tagName];
      if (el.tagName === 'input' && (attr(el, 'type') ?? '').toLowerCase() !== 'image') break;
      for (const name of names ?? []) add('media', name, `<${el.tagName} ${name}>`);
      for (const name of ['srcset'].filter(() => names !== undefined)) {
        const first = attr(el, name)
          ?.trim()
          .split(/[\s,]+/)[0];
        if (first) add('media', name, `<${el.tagName} srcset>`, first);
      }
    }
  }
}

/** Every reference of an HTML document, and how many inline scripts and handlers it has. */
export function scanHtml(html: string): PageScan {
  return scanHtmlPage(html).scan;
}

/** scanHtml's answer and the page's script units (htmlUnits), from one parse of the page. */
export function scanHtmlPage(html: string): { scan: PageScan; units: SourceUnit[] } {
  const units = htmlUnitCollector(html);
  const scan: PageScan = { refs: [], built: [], inlineScripts: 0, initializeHint: hasInitializeHint(html) };
  const addJs = (code: string, at: At): void => {
    const found = scanJsRefs(code, at);
    scan.refs.push(...found.refs);
    scan.built.push(...found.built);
  };
  forEachElement(html, (el) => {
    units.visit(el);
    for (const a of el.attrs) {
      const loc = el.sourceCodeLocation?.attrs?.[a.name];
      if (!loc || a.value.trim() === '') continue;
      if (/^on[a-z]+$/i.test(a.name)) {
        scan.inlineScripts++;
        addJs(a.value, attrValueStart(html, loc));
      } else if (a.name === 'style') {
        scan.refs.push(...scanCss(a.value, attrValueStart(html, loc)));
      }
    }
    elementRefs(html, el, scan);
    const text = el.childNodes[0];
    if (!text || text.nodeName !== '#text' || !('value' in text) || !text.sourceCodeLocation) return;
    const at = { line: text.sourceCodeLocation.startLine, column: text.sourceCodeLocation.startCol };
    if (el.tagName === 'script' && attr(el, 'src') === undefined && scriptKind(el)) {
      scan.inlineScripts++;
      addJs(text.value, at);
    } else if (el.tagName === 'style') {
      scan.refs.push(...scanCss(text.value, at));
    }
  });
  scan.refs.sort((a, b) => a.line - b.line || a.column - b.column);
  scan.built.sort((a, b) => a.line - b.line || a.column - b.column);
  return { scan, units: units.units() };
}
