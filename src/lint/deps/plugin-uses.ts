/**
 * Where a page or script embeds content that only a browser plug-in can run (Flash, Java applets,
 * Silverlight). No current browser loads NPAPI/ActiveX plug-ins (Chromium dropped NPAPI in 2015, Flash
 * reached its end of life on 2020-12-31), so such content shows nothing. Only what embeds the content
 * counts: a media library that mentions a plug-in type as a fallback, or a plug-in file no page
 * embeds, does not.
 */
import type { DefaultTreeAdapterTypes } from 'parse5';
import { attr, forEachElement } from '../api-usage/html-units.js';
import {
  PLUGIN_FILE_PARAMS,
  pluginOfClassId,
  pluginOfFile,
  pluginOfType,
  type Plugin,
} from '../../core/plugins.js';
import { positionsIn, type At } from '../launch-chain/js-refs.js';

type Element = DefaultTreeAdapterTypes.Element;

export interface PluginUse extends At {
  plugin: Plugin;
  /** How the page embeds it, e.g. `<object type>` or `swfobject.embedSWF()`. */
  how: string;
  /** The plug-in file it names (as written), when it names one. */
  url?: string;
}

const FILE_PARAMS = new Set(PLUGIN_FILE_PARAMS);

function paramFile(object: Element): string | undefined {
  for (const child of object.childNodes) {
    if (!('tagName' in child) || child.tagName !== 'param') continue;
    const name = (attr(child, 'name') ?? '').trim().toLowerCase();
    const value = attr(child, 'value')?.trim();
    if (FILE_PARAMS.has(name) && value && pluginOfFile(value)) return value;
  }
  return undefined;
}

/** A fallback inside `<video>`/`<audio>`, or inside an embedding already counted, is never shown. */
function isInert(el: Element, counted: Set<Element>): boolean {
  for (let p = el.parentNode; p && 'tagName' in p; p = p.parentNode) {
    if (p.tagName === 'video' || p.tagName === 'audio' || counted.has(p)) return true;
  }
  return false;
}

function elementUse(el: Element): Omit<PluginUse, 'line' | 'column'> | undefined {
  if (el.tagName === 'applet') {
    const url = attr(el, 'archive')?.trim() || attr(el, 'code')?.trim();
    return { plugin: 'java', how: '<applet>', ...(url ? { url } : {}) };
  }
  if (el.tagName !== 'object' && el.tagName !== 'embed') return undefined;
  const name = el.tagName === 'object' ? 'data' : 'src';
  // Silverlight's <object data> is a data: URL; the .xap is in a <param>.
  const own = attr(el, name)?.trim() || undefined;
  const param = el.tagName === 'object' ? paramFile(el) : undefined;
  const file = own && pluginOfFile(own) ? own : (param ?? own);
  const byType = pluginOfType(attr(el, 'type'));
  if (byType) return { plugin: byType, how: `<${el.tagName} type>`, ...(file ? { url: file } : {}) };
  const byClass = el.tagName === 'object' ? pluginOfClassId(attr(el, 'classid')) : undefined;
  if (byClass) return { plugin: byClass, how: '<object classid>', ...(file ? { url: file } : {}) };
  const byFile = file ? pluginOfFile(file) : undefined;
  return byFile && file ? { plugin: byFile, how: `<${el.tagName} ${name}>`, url: file } : undefined;
}

/** Plug-in content an HTML page embeds in its markup, and in its inline scripts. */
export function pluginUsesInHtml(html: string): PluginUse[] {
  const uses: PluginUse[] = [];
  const counted = new Set<Element>();
  forEachElement(html, (el) => {
    const loc = el.sourceCodeLocation;
    if (el.tagName === 'script' && attr(el, 'src') === undefined) {
      const text = el.childNodes[0];
      if (text && 'value' in text && text.sourceCodeLocation) {
        const at = { line: text.sourceCodeLocation.startLine, column: text.sourceCodeLocation.startCol };
        uses.push(...pluginUsesInJs(text.value, at));
      }
      return;
    }
    const use = elementUse(el);
    if (!use || !loc || isInert(el, counted)) return;
    counted.add(el);
    uses.push({ ...use, line: loc.startLine, column: loc.startCol });
  });
  return uses;
}

/** Calls of SWFObject (1.x and 2.x), the usual script that writes a Flash `<object>` into the page. */
const JS_EMBEDS: { re: RegExp; how: string }[] = [
  {
    re: /\bswfobject\s*\.\s*(?:embedSWF|createSWF|registerObject)\s*\(\s*(?:(['"])(?<url>[^'"]*)\1)?/g,
    how: 'swfobject',
  },
  {
    re: /\bnew\s+(?:deconcept\s*\.\s*)?SWFObject\s*\(\s*(?:(['"])(?<url>[^'"]*)\1)?/g,
    how: 'new SWFObject()',
  },
];

export function pluginUsesInJs(code: string, at: At = { line: 1, column: 1 }): PluginUse[] {
  const position = positionsIn(code, at);
  const uses: PluginUse[] = [];
  for (const { re, how } of JS_EMBEDS) {
    for (const m of code.matchAll(re)) {
      // registerObject names an element id, not a file: only a plug-in file's name is kept.
      const named = m.groups?.['url']?.trim();
      const url = named && pluginOfFile(named) ? named : undefined;
      const call =
        how === 'swfobject' ? `swfobject.${/embedSWF|createSWF|registerObject/.exec(m[0])?.[0]}()` : how;
      uses.push({ plugin: 'flash', how: call, ...(url ? { url } : {}), ...position(m.index ?? 0) });
    }
  }
  return uses.sort((a, b) => a.line - b.line || a.column - b.column);
}
