import { parse } from 'parse5';
import type { DefaultTreeAdapterTypes } from 'parse5';

type Document = DefaultTreeAdapterTypes.Document;
type Element = DefaultTreeAdapterTypes.Element;
type ChildNode = DefaultTreeAdapterTypes.ChildNode;
type Location = NonNullable<Element['sourceCodeLocation']>;
type Span = Pick<Location, 'startLine' | 'startCol' | 'startOffset' | 'endLine' | 'endCol' | 'endOffset'>;

/** Script bodies shorter than this are left to parse5: cutting them saves nothing. */
const MIN_BODY_CHARS = 256;
const SCRIPT_OPEN = /<script(?=[\t\n\f\r />])/gi;

/** A script body taken out of the text parse5 reads: at `reduced` there, `start`..`end` of the page. */
interface Cut {
  reduced: number;
  start: number;
  end: number;
}

/**
 * parse5's document with source positions for `html`, as `parse(html, { sourceCodeLocationInfo: true })`
 * gives it, but without tokenizing the bodies of long inline scripts character by character: on a
 * Lectora export 97% of the pages' 8 MB is script, and parse5 spent most of the validation's HTML time
 * there. Each such body is cut out of the text parse5 reads, then put back as the script's text, with
 * every position mapped to the page's own. A body is only cut when parse5 itself shows it was script
 * data: the reduced text has an HTML `<script>` whose start tag ends where the body was and whose end tag
 * starts there; where the body ends is found by the tokenizer's own script data states. Any doubt (a
 * `<script` in a comment, an attribute, a `<textarea>`, SVG or a frameset, where it is no script
 * element; a body that runs to the end; a BOM) and the page is parsed whole, as before.
 */
export function parseHtmlDocument(html: string): Document {
  const cuts = scriptBodies(html);
  if (cuts.length === 0) return parse(html, { sourceCodeLocationInfo: true });
  let reduced = '';
  let from = 0;
  for (const cut of cuts) {
    reduced += html.slice(from, cut.start);
    cut.reduced = reduced.length;
    from = cut.end;
  }
  reduced += html.slice(from);
  const doc = parse(reduced, { sourceCodeLocationInfo: true });
  return restored(doc, html, cuts) ?? parse(html, { sourceCodeLocationInfo: true });
}

/** Where the long script bodies may be, in order. */
function scriptBodies(html: string): Cut[] {
  const cuts: Cut[] = [];
  if (html.charCodeAt(0) === 0xfeff) return cuts;
  SCRIPT_OPEN.lastIndex = 0;
  for (let m = SCRIPT_OPEN.exec(html); m; m = SCRIPT_OPEN.exec(html)) {
    const start = startTagEnd(html, m.index + 7);
    if (start === undefined) break;
    const end = scriptDataEnd(html, start);
    if (end === undefined) break;
    if (end - start >= MIN_BODY_CHARS) cuts.push({ reduced: 0, start, end });
    SCRIPT_OPEN.lastIndex = end;
  }
  return cuts;
}

/** The states of the HTML tokenizer's script data (WHATWG HTML 13.2.5.4 onwards) this scan needs. */
const enum State {
  Data,
  Escaped,
  EscapedDash,
  EscapedDashDash,
  DoubleEscaped,
  DoubleEscapedDash,
  DoubleEscapedDashDash,
}

/** In the (double) escaped states, only `<` and `-` can change the state. */
const ESCAPED_STOP = /[<-]/g;

/**
 * Where script data that starts at `i` ends: the `<` of its `</script` end tag, as the tokenizer finds it
 * (a `<!--` enters the escaped states, in which a `<script` makes `</script` not end it); undefined when
 * it runs to the end of the text.
 */
function scriptDataEnd(html: string, i: number): number | undefined {
  const n = html.length;
  let state = State.Data;
  while (i < n) {
    // Characters that change nothing in these states are skipped natively, not one by one.
    if (state === State.Data) {
      i = html.indexOf('<', i);
      if (i < 0) return undefined;
    } else if (state === State.Escaped || state === State.DoubleEscaped) {
      ESCAPED_STOP.lastIndex = i;
      const stop = ESCAPED_STOP.exec(html);
      if (!stop) return undefined;
      i = stop.index;
    }
    const c = html[i]!;
    if (c === '<') {
      if (
        state === State.DoubleEscaped ||
        state === State.DoubleEscapedDash ||
        state === State.DoubleEscapedDashDash
      ) {
        state = State.DoubleEscaped;
        if (html[i + 1] === '/' && tagNameIsScript(html, i + 2)) {
          state = State.Escaped;
          i += 8;
          continue;
        }
        i++;
        continue;
      }
      if (html[i + 1] === '/' && tagNameIsScript(html, i + 2)) return i;
      if (state === State.Data) {
        if (html.startsWith('!--', i + 1)) {
          state = State.EscapedDashDash;
          i += 4;
          continue;
        }
      } else {
        state = State.Escaped;
        if (tagNameIsScript(html, i + 1)) {
          state = State.DoubleEscaped;
          i += 7;
          continue;
        }
      }
      i++;
      continue;
    }
    if (state === State.Data) {
      i++;
      continue;
    }
    if (c === '-') {
      if (state === State.Escaped) state = State.EscapedDash;
      else if (state === State.EscapedDash) state = State.EscapedDashDash;
      else if (state === State.DoubleEscaped) state = State.DoubleEscapedDash;
      else if (state === State.DoubleEscapedDash) state = State.DoubleEscapedDashDash;
    } else if (c === '>' && (state === State.EscapedDashDash || state === State.DoubleEscapedDashDash)) {
      state = State.Data;
    } else if (state === State.EscapedDash || state === State.EscapedDashDash) {
      state = State.Escaped;
    } else if (state === State.DoubleEscapedDash || state === State.DoubleEscapedDashDash) {
      state = State.DoubleEscaped;
    }
    i++;
  }
  return undefined;
}

/** `script` (any case) at `i`, then a blank, `/` or `>`: the name that opens or closes a script. */
function tagNameIsScript(html: string, i: number): boolean {
  return html.slice(i, i + 6).toLowerCase() === 'script' && /[\t\n\f\r />]/.test(html[i + 6] ?? '');
}

const BLANK = /[\t\n\f\r ]/;

/** The offset after the `>` of a start tag whose attributes start at `i` (quoted values may hold `>`). */
function startTagEnd(html: string, i: number): number | undefined {
  const n = html.length;
  while (i < n) {
    const c = html[i]!;
    if (c === '>') return i + 1;
    if (BLANK.test(c) || c === '/') {
      i++;
      continue;
    }
    // An attribute name (its first character may be `=`), then maybe `=` and a value.
    i++;
    while (i < n && !BLANK.test(html[i]!) && !'/>='.includes(html[i]!)) i++;
    while (i < n && BLANK.test(html[i]!)) i++;
    if (html[i] !== '=') continue;
    i++;
    while (i < n && BLANK.test(html[i]!)) i++;
    const quote = html[i];
    if (quote === '"' || quote === "'") {
      const closing = html.indexOf(quote, i + 1);
      if (closing < 0) return undefined;
      i = closing + 1;
    } else {
      while (i < n && !BLANK.test(html[i]!) && html[i] !== '>') i++;
    }
  }
  return undefined;
}

/** The document with the cut bodies back and positions of the page, or undefined when a cut is in doubt. */
function restored(doc: Document, html: string, cuts: readonly Cut[]): Document | undefined {
  const byPlace = new Map(cuts.map((cut) => [cut.reduced, cut]));
  const scripts = new Map<Element, Cut>();
  const nodes: ChildNode[] = [];
  const stack: ChildNode[] = [...doc.childNodes].reverse();
  while (stack.length > 0) {
    const node = stack.pop()!;
    nodes.push(node);
    if ('childNodes' in node) {
      for (let i = node.childNodes.length - 1; i >= 0; i--) stack.push(node.childNodes[i]!);
    }
    if (!('tagName' in node) || node.tagName !== 'script') continue;
    const loc = node.sourceCodeLocation;
    const cut = loc?.startTag && byPlace.get(loc.startTag.endOffset);
    if (!cut) continue;
    const html5 = node.namespaceURI === 'http://www.w3.org/1999/xhtml';
    if (!html5 || node.childNodes.length > 0 || loc.endTag?.startOffset !== cut.reduced) return undefined;
    scripts.set(node, cut);
  }
  if (new Set(scripts.values()).size !== cuts.length) return undefined;

  const lines = lineStarts(html);
  const place = positions(lines, cuts);
  for (const node of nodes) {
    const loc = node.sourceCodeLocation as (Span & Partial<Location>) | null | undefined;
    if (!loc) continue;
    place(loc);
    if ('tagName' in node) {
      if (loc.startTag) place(loc.startTag);
      if (loc.endTag) place(loc.endTag);
      for (const attr of Object.values(loc.attrs ?? {})) place(attr);
    }
  }
  for (const [script, cut] of scripts) {
    script.childNodes.push({
      nodeName: '#text',
      value: scriptData(html.slice(cut.start, cut.end)),
      parentNode: script,
      sourceCodeLocation: spanWith(lines, cut.start, cut.end),
    });
  }
  return doc;
}

/** What parse5 makes of script data: CR LF and CR as LF, NUL as U+FFFD. */
function scriptData(text: string): string {
  return text.replace(/\r\n?/g, '\n').replace(/\0/g, '\uFFFD');
}

/** Maps a span of the reduced text onto the page, in place (an end at a cut stays before the body). */
function positions(lines: readonly number[], cuts: readonly Cut[]): (span: Span) => void {
  const shiftAt = (offset: number, end: boolean): number => {
    let shift = 0;
    for (const cut of cuts) {
      if (cut.reduced < offset || (!end && cut.reduced === offset)) shift += cut.end - cut.start;
      else break;
    }
    return offset + shift;
  };
  return (span) => {
    Object.assign(span, spanWith(lines, shiftAt(span.startOffset, false), shiftAt(span.endOffset, true)));
  };
}

function spanWith(lines: readonly number[], start: number, end: number): Span {
  const [startLine, startCol] = lineCol(lines, start);
  const [endLine, endCol] = lineCol(lines, end);
  return { startLine, startCol, startOffset: start, endLine, endCol, endOffset: end };
}

/** Offsets where lines start, as parse5 counts them (CR LF, CR and LF each end a line). */
function lineStarts(html: string): number[] {
  const starts = [0];
  if (!html.includes('\r')) {
    // Most pages end their lines with LF alone: found natively, not by a regular expression per line.
    for (let i = html.indexOf('\n'); i >= 0; i = html.indexOf('\n', i + 1)) starts.push(i + 1);
    return starts;
  }
  const re = /\r\n?|\n/g;
  for (let m = re.exec(html); m; m = re.exec(html)) starts.push(m.index + m[0].length);
  return starts;
}

/** 1-based line and column of an offset. */
function lineCol(lines: readonly number[], offset: number): [number, number] {
  let lo = 0;
  let hi = lines.length - 1;
  while (lo < hi) {
    const mid = (lo + hi + 1) >> 1;
    if (lines[mid]! <= offset) lo = mid;
    else hi = mid - 1;
  }
  return [lo + 1, offset - lines[lo]! + 1];
}
