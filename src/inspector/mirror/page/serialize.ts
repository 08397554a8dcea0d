/**
 * The mirror's page script, bundled by scripts/bundle.mjs into mirror-serializer.iife.js and evaluated once
 * in a JavaScript world of our own inside the SCO frame (src/inspector/mirror/page-world.ts): the course
 * shares the DOM with it but none of its globals, so a course that replaces MutationObserver, XMLSerializer
 * or Node.prototype changes nothing here. Same-origin frames nested in the SCO are reached through the DOM
 * (their documents appear in this same world) and written inline as srcdoc.
 *
 * It numbers every element it writes (data-st-n, kept for the element's lifetime), so a click in the
 * mirror maps back to the very element the person saw, and keeps a cheap change counter (DOM mutations,
 * input, change and scroll events, form values, nested documents replaced) so Node serialises again only
 * when something changed.
 */
import {
  absoluteCss,
  absoluteSrcset,
  absoluteUrl,
  dropsElement,
  escapeAttribute,
  escapeText,
  FRAME_HTML_ATTRIBUTE,
  headPrologue,
  keepsAttribute,
  NUMBER_ATTRIBUTE,
  safeStyleText,
  SCROLL_ATTRIBUTE,
  URL_ATTRIBUTES,
  VOID_ELEMENTS,
} from './rules.js';

export interface SerializeRequest {
  /** Past this many characters the page is not written (the result has html: null). */
  maxChars: number;
}

export interface SerializeResult {
  doc: string;
  /** The SCO document's base URL (as the course's content server serves it). */
  base: string;
  html: string | null;
  /** Characters written before stopping, when html is null. */
  chars: number;
  elements: number;
}

export type TargetResult =
  { ok: true; selector: string; nested: boolean; tag: string; text: string } | { ok: false; reason: string };

/** Nested documents deeper than this are shown as a placeholder. */
const MAX_FRAME_DEPTH = 6;
/** While a canvas is on the page, serialise at most this often for it (drawing changes no DOM). */
const CANVAS_REFRESH_MS = 1_000;

const docId = `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 10)}`;
const numbers = new WeakMap<Element, number>();
let nextNumber = 1;
/** The elements of the last serialisation, by number: what the person can have clicked. */
let lastElements = new Map<number, Element>();
/** Nested frames and the document each showed at the last serialisation. */
let lastFrames: Array<{ owner: Element; doc: Document | null }> = [];
let lastDocs: Document[] = [document];
let changes = 0;
let lastFingerprint = '';
let lastCanvasRefresh = 0;
const observed = new WeakSet<Document>();

const bump = (): void => {
  changes++;
};

function observe(doc: Document): void {
  if (observed.has(doc)) return;
  observed.add(doc);
  new MutationObserver(bump).observe(doc, {
    subtree: true,
    childList: true,
    attributes: true,
    characterData: true,
  });
  for (const type of ['input', 'change', 'scroll']) {
    doc.addEventListener(type, bump, { capture: true, passive: true });
  }
}

/** Form values and page scroll: changes that fire no mutation and whose events a course could swallow. */
function fingerprint(docs: Document[]): string {
  const parts: string[] = [];
  for (const doc of docs) {
    const scroller = doc.scrollingElement;
    parts.push(`${scroller?.scrollTop ?? 0},${scroller?.scrollLeft ?? 0}`);
    for (const control of Array.from(doc.querySelectorAll('input, textarea, select'))) {
      // Tag names, not instanceof: a nested document's elements come from another window's classes.
      if (control.localName === 'input') {
        const input = control as HTMLInputElement;
        parts.push(`${input.value}\u0001${input.checked}`);
      } else if (control.localName === 'textarea') parts.push((control as HTMLTextAreaElement).value);
      else parts.push(String((control as HTMLSelectElement).selectedIndex));
    }
  }
  return parts.join('\u0002');
}

export function install(): string {
  observe(document);
  return docId;
}

/** "<document id>:<change count>": differs from the last answer whenever the mirror may be out of date. */
export function version(): string {
  for (const { owner, doc } of lastFrames) {
    if (frameDocument(owner) !== doc) bump();
  }
  const live = lastDocs.filter((d) => d === document || d.defaultView !== null);
  const now = fingerprint(live);
  if (now !== lastFingerprint) {
    lastFingerprint = now;
    bump();
  }
  const hasCanvas = live.some((d) => d.getElementsByTagName('canvas').length > 0);
  if (hasCanvas && Date.now() - lastCanvasRefresh >= CANVAS_REFRESH_MS) {
    lastCanvasRefresh = Date.now();
    bump();
  }
  return `${docId}:${changes}`;
}

class Overflow extends Error {}

class Writer {
  private readonly parts: string[] = [];
  length = 0;
  constructor(private readonly budget: { left: number }) {}
  write(text: string): void {
    this.budget.left -= text.length;
    if (this.budget.left < 0) throw new Overflow();
    this.parts.push(text);
    this.length += text.length;
  }
  text(): string {
    return this.parts.join('');
  }
}

function frameDocument(owner: Element): Document | null {
  try {
    return (owner as HTMLIFrameElement).contentDocument ?? null;
  } catch {
    return null;
  }
}

function numberOf(el: Element): number {
  let n = numbers.get(el);
  if (n === undefined) {
    n = nextNumber++;
    numbers.set(el, n);
  }
  return n;
}

/** CSS text of a <style>, read through the CSSOM so rules a script inserted (insertRule) are kept. */
function styleText(el: HTMLStyleElement): string {
  try {
    const rules = el.sheet?.cssRules;
    if (rules) return Array.from(rules, (r) => r.cssText).join('\n');
  } catch {
    // fall back to the element's text
  }
  return el.textContent ?? '';
}

function placeholderDocument(message: string): string {
  return `<!DOCTYPE html><html><head>${headPrologue()}</head><body><p style="font:13px sans-serif;color:#555">${escapeText(message)}</p></body></html>`;
}

interface Pass {
  budget: { left: number };
  /** Each document's base URL, read once (HTML has no per-element base). */
  bases: Map<Document, string>;
  elements: Map<number, Element>;
  frames: Array<{ owner: Element; doc: Document | null }>;
  docs: Document[];
}

function serializeDocument(doc: Document, depth: number, pass: Pass, out: Writer): void {
  observe(doc);
  pass.docs.push(doc);
  pass.bases.set(doc, doc.baseURI);
  if (doc.doctype) out.write('<!DOCTYPE html>');
  const root = doc.documentElement;
  if (!root) {
    out.write(`<html><head>${headPrologue()}</head></html>`);
    return;
  }
  writeElement(root, { doc, depth, pass, out, numbered: true });
}

/** An attribute's value with the URLs in it resolved against the element's base in the real page. */
function absoluteValue(name: string, value: string, base: string): string {
  if (URL_ATTRIBUTES.has(name)) return absoluteUrl(value, base);
  if (name === 'srcset' || name === 'imagesrcset') return absoluteSrcset(value, base);
  if (name === 'style') return absoluteCss(value, base);
  return value;
}

function writeAttributes(el: Element, tag: string, base: string, out: Writer): void {
  const isInput = tag === 'input';
  const isOption = tag === 'option';
  const isFrame = tag === 'iframe' || tag === 'frame';
  for (const attr of Array.from(el.attributes)) {
    const name = attr.name;
    if (isInput && (name === 'value' || name === 'checked')) continue;
    if (isOption && name === 'selected') continue;
    if (isFrame && name === 'src') continue;
    if (!keepsAttribute(name, attr.value)) continue;
    out.write(` ${name}="${escapeAttribute(absoluteValue(name, attr.value, base))}"`);
  }
  if (isInput) {
    const input = el as HTMLInputElement;
    if (input.type === 'checkbox' || input.type === 'radio') {
      if (input.checked) out.write(' checked');
      if (input.hasAttribute('value')) out.write(` value="${escapeAttribute(input.value)}"`);
    } else if (input.type === 'password') {
      out.write(` value="${'*'.repeat(input.value.length)}"`);
    } else if (input.type !== 'file') {
      out.write(` value="${escapeAttribute(input.value)}"`);
    }
  }
  if (isOption && (el as HTMLOptionElement).selected) out.write(' selected');
  if (el.scrollTop !== 0 || el.scrollLeft !== 0) {
    out.write(` ${SCROLL_ATTRIBUTE}="${Math.round(el.scrollLeft)},${Math.round(el.scrollTop)}"`);
  }
}

function writeFrameContent(el: Element, tag: string, depth: number, pass: Pass, out: Writer): void {
  const child = frameDocument(el);
  pass.frames.push({ owner: el, doc: child });
  let html: string;
  if (!child) html = placeholderDocument('This frame is not mirrored: its page comes from another origin.');
  else if (depth >= MAX_FRAME_DEPTH)
    html = placeholderDocument(`This frame is not mirrored: frames nest deeper than ${MAX_FRAME_DEPTH}.`);
  else {
    const inner = new Writer(pass.budget);
    serializeDocument(child, depth + 1, pass, inner);
    html = inner.text();
  }
  const attribute = tag === 'iframe' ? 'srcdoc' : FRAME_HTML_ATTRIBUTE;
  // The budget counts the escaped text too: the nested document is written twice over.
  out.write(` ${attribute}="${escapeAttribute(html)}"`);
}

/** Where a node is written: its document, how deep that document is nested, and into what. */
interface Place {
  doc: Document;
  depth: number;
  pass: Pass;
  out: Writer;
  /** False inside shadow roots: a click there maps to the host (events are retargeted to it). */
  numbered: boolean;
}

function writeElement(el: Element, at: Place): void {
  const { doc, depth, pass, out, numbered } = at;
  const tag = el.localName;
  if (dropsElement(tag, (name) => el.getAttribute(name))) return;
  if (tag === 'noframes' || tag === 'noembed') return;
  const isCanvas = tag === 'canvas';
  let canvasImage: string | null = null;
  if (isCanvas) {
    try {
      canvasImage = (el as HTMLCanvasElement).toDataURL();
    } catch {
      canvasImage = null; // tainted by another origin's image: shown empty
    }
  }
  const written = canvasImage !== null ? 'img' : tag;
  out.write(`<${written}`);
  writeAttributes(el, tag, pass.bases.get(doc) ?? doc.baseURI, out);
  if (canvasImage !== null) {
    const canvas = el as HTMLCanvasElement;
    if (!el.hasAttribute('width')) out.write(` width="${canvas.width}"`);
    if (!el.hasAttribute('height')) out.write(` height="${canvas.height}"`);
    out.write(` src="${escapeAttribute(canvasImage)}"`);
  }
  if (tag === 'iframe' || tag === 'frame') writeFrameContent(el, tag, depth, pass, out);
  if (numbered) {
    const n = numberOf(el);
    pass.elements.set(n, el);
    out.write(` ${NUMBER_ATTRIBUTE}="${n}"`);
  }
  out.write('>');
  if (tag === 'html' && !Array.from(el.children).some((c) => c.localName === 'head')) {
    out.write(`<head>${headPrologue()}</head>`);
  }
  if (tag === 'head' && el.parentElement === doc.documentElement) {
    out.write(headPrologue());
    writeAdoptedSheets(doc, out);
  }
  if (VOID_ELEMENTS.has(written)) return;
  if (tag === 'textarea') out.write(escapeText((el as HTMLTextAreaElement).value));
  else if (tag === 'style') {
    out.write(
      safeStyleText(absoluteCss(styleText(el as HTMLStyleElement), pass.bases.get(doc) ?? doc.baseURI)),
    );
  } else if (tag === 'iframe' || tag === 'frame' || isCanvas) {
    // their DOM children are fallback content, never shown
  } else {
    const shadow = el.shadowRoot;
    if (shadow) {
      out.write('<template shadowrootmode="open">');
      writeChildren(shadow, { ...at, numbered: false });
      out.write('</template>');
    }
    writeChildren(el, at);
  }
  out.write(`</${written}>`);
}

function writeChildren(parent: ParentNode, at: Place): void {
  for (const node of Array.from(parent.childNodes)) {
    if (node.nodeType === Node.ELEMENT_NODE) writeElement(node as Element, at);
    else if (node.nodeType === Node.TEXT_NODE || node.nodeType === Node.CDATA_SECTION_NODE)
      at.out.write(escapeText((node as CharacterData).data));
  }
}

/** Constructed style sheets (document.adoptedStyleSheets) have no element: written as one <style>. */
function writeAdoptedSheets(doc: Document, out: Writer): void {
  const sheets = doc.adoptedStyleSheets ?? [];
  if (sheets.length === 0) return;
  const css = sheets.map((s) => Array.from(s.cssRules, (r) => r.cssText).join('\n')).join('\n');
  out.write(`<style>${safeStyleText(absoluteCss(css, doc.baseURI))}</style>`);
}

export function serialize(request: SerializeRequest): SerializeResult {
  const tooLarge = (): SerializeResult => ({
    doc: docId,
    base: document.baseURI,
    html: null,
    chars: request.maxChars,
    elements: 0,
  });
  // The browser's own serialisation, less the scripts we leave out, is a cheap lower bound of ours:
  // a page clearly past the limit is refused without walking it.
  if (markupLowerBound(document) > request.maxChars) return tooLarge();
  const pass: Pass = {
    budget: { left: request.maxChars },
    bases: new Map(),
    elements: new Map(),
    frames: [],
    docs: [],
  };
  const out = new Writer(pass.budget);
  try {
    serializeDocument(document, 0, pass, out);
  } catch (error) {
    if (!(error instanceof Overflow)) throw error;
    return tooLarge();
  }
  lastElements = pass.elements;
  lastFrames = pass.frames;
  lastDocs = pass.docs;
  lastFingerprint = fingerprint(pass.docs);
  return {
    doc: docId,
    base: document.baseURI,
    html: out.text(),
    chars: out.length,
    elements: pass.elements.size,
  };
}

function markupLowerBound(doc: Document): number {
  let scripts = 0;
  for (const script of Array.from(doc.scripts)) scripts += script.outerHTML.length;
  return (doc.documentElement?.outerHTML.length ?? 0) - scripts;
}

/** The element numbered `n`, when it is still in the page (in this document or a frame still nested in it). */
function liveElement(n: number): Element | null {
  const el = lastElements.get(n);
  if (!el || !el.isConnected) return null;
  let doc: Document = el.ownerDocument;
  while (doc !== document) {
    const owner = doc.defaultView?.frameElement;
    if (!owner || !owner.isConnected || frameDocument(owner) !== doc) return null;
    doc = owner.ownerDocument;
  }
  return el;
}

/** A selector that matches exactly this element in its own document: its child positions from the root. */
function positionalSelector(el: Element): string {
  const steps: string[] = [];
  let at: Element = el;
  while (at.parentElement) {
    const index = Array.prototype.indexOf.call(at.parentElement.children, at) + 1;
    steps.unshift(`:nth-child(${index})`);
    at = at.parentElement;
  }
  return [':root', ...steps].join(' > ');
}

export function target(n: number): TargetResult {
  const el = liveElement(n);
  if (!el) return { ok: false, reason: 'gone' };
  return {
    ok: true,
    selector: positionalSelector(el),
    nested: el.ownerDocument !== document,
    tag: el.localName,
    text: (el.textContent ?? '').replace(/\s+/g, ' ').trim().slice(0, 80),
  };
}

/** The frame element holding the document of element `n` (null for the SCO's own document). */
export function frameOwner(n: number): Element | null {
  const el = liveElement(n);
  if (!el || el.ownerDocument === document) return null;
  return el.ownerDocument.defaultView?.frameElement ?? null;
}
