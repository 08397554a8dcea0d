/**
 * Text -> positioned XML tree (saxes, namespaces on). Positions are computed from offsets into the
 * text, so they are exact for elements (the '<') and attributes (the first character of the name);
 * see line-index.ts for how lines and columns are counted.
 *
 * No DTD is ever read: a DOCTYPE that declares entities or names an external DTD is refused, and
 * saxes never expands entities other than the five predefined ones, so entity bombs cannot hang us.
 */
import { SaxesParser, type SaxesAttributeNS, type SaxesTagNS } from 'saxes';
import { quoted, separateCourseText } from '../core/course-text.js';
import { ScormTesterError } from '../core/errors.js';
import { LineIndex } from './line-index.js';
import { NS } from './namespaces.js';
import type { Position, XmlAttribute, XmlElement } from './xml-tree.js';

const KNOWN_PREFIXES: Record<string, string> = {
  adlcp: `${NS.adlcp} (SCORM 2004) or ${NS.adlcp12} (SCORM 1.2)`,
  adlseq: NS.adlseq,
  adlnav: NS.adlnav,
  imsss: NS.imsss,
  xsi: NS.xsi,
  imsmd: NS.imsmd12,
  lom: NS.lom,
};

function hintFor(message: string): string {
  if (message.startsWith('unbound namespace prefix')) {
    const prefix = /"([^"]*)"/.exec(message)?.[1] ?? '';
    const uri = KNOWN_PREFIXES[prefix];
    return uri
      ? `Declare it on the <manifest> element: xmlns:${prefix}="${uri.split(' ')[0] ?? uri}"${uri.includes(' ') ? ` (for SCORM 1.2 use ${NS.adlcp12})` : ''}.`
      : `Declare the prefix with an xmlns:${prefix}="..." attribute on the <manifest> element.`;
  }
  if (message.includes('entity')) {
    return 'Write a literal "&" as &amp;; only &amp; &lt; &gt; &quot; &apos; and numeric character references are allowed.';
  }
  if (message.startsWith('duplicate attribute'))
    return 'Remove the repeated attribute so each appears once per element.';
  if (message.includes('unquoted attribute')) return 'Put attribute values in double or single quotes.';
  if (message.includes('only one root'))
    return 'Keep exactly one <manifest> root element; move or delete the rest.';
  if (message.includes('must contain a root'))
    return 'The file is empty or has no element: it must contain a <manifest> element.';
  if (message.includes('outside of root')) return 'Remove the text before or after the <manifest> element.';
  return 'Fix the XML so it is well-formed (an XML editor or `xmllint --noout imsmanifest.xml` shows the exact spot).';
}

/**
 * Tag names and the parser's own message echo the manifest: they are marked with `quoted()` and end up in
 * `details.course_text`, the message naming them by field.
 */
function malformed(file: string, line: number, column: number, what: string, fix: string): ScormTesterError {
  const parts = separateCourseText({ message: `${file}:${line}:${column}: ${what}.`, fix });
  return new ScormTesterError('MANIFEST_VALIDATION_ERROR', `${parts.message} ${parts.fix}`, {
    file,
    line,
    column,
    rule: 'xml.malformed',
    ...(parts.course_text ? { course_text: parts.course_text } : {}),
  });
}

/** A DOCTYPE may name the root and declare elements/attributes; entities and external DTDs are refused. */
function checkDoctype(doctype: string, file: string, pos: Position): void {
  const internalStart = doctype.indexOf('[');
  const head = internalStart >= 0 ? doctype.slice(0, internalStart) : doctype;
  const subset = internalStart >= 0 ? doctype.slice(internalStart) : '';
  const external = /\b(SYSTEM|PUBLIC)\b/.test(head);
  const entities = /<!ENTITY\b/.test(subset);
  if (!external && !entities) return;
  const what = entities ? 'declares entities' : 'references an external DTD';
  throw new ScormTesterError(
    'SECURITY_VIOLATION',
    `${file}:${pos.line}:${pos.column}: the DOCTYPE ${what}; DTDs are never loaded and entities are never expanded (they enable entity-expansion and external-file attacks). Remove the <!DOCTYPE ...> declaration: SCORM manifests are validated with XML Schema, not DTDs.`,
    { file, line: pos.line, column: pos.column, rule: 'xml.doctype_entities' },
  );
}

/**
 * Deepest element nesting accepted. ADL's conformance packages nest at most 11 elements deep (4 levels of
 * items); libxml2 refuses documents deeper than 256 by default. saxes resolves namespace prefixes by walking
 * the stack of open elements, so unbounded depth makes parsing quadratic (200,000 levels took minutes), and
 * every walk over the tree stays within this many frames.
 */
export const MAX_XML_DEPTH = 100;

function tooDeep(file: string, pos: Position, parent: XmlElement | undefined): ScormTesterError {
  const parts = separateCourseText({
    message: `${file}:${pos.line}:${pos.column}: elements are nested more than ${MAX_XML_DEPTH} levels deep (inside the element ${quoted(parent?.name ?? '?')} at line ${parent?.pos.line ?? 0}).`,
    fix: 'Flatten the structure: real manifests nest a dozen levels at most; group items into fewer levels of sub-items.',
  });
  return new ScormTesterError('MANIFEST_TOO_DEEP', `${parts.message} ${parts.fix}`, {
    file,
    line: pos.line,
    column: pos.column,
    limit: MAX_XML_DEPTH,
    rule: 'xml.too_deep',
    ...(parts.course_text ? { course_text: parts.course_text } : {}),
  });
}

interface PendingAttr {
  name: string;
  pos: Position;
}

export function parseXmlTree(input: string, file: string): XmlElement {
  const text = input.charCodeAt(0) === 0xfeff ? input.slice(1) : input;
  const lines = new LineIndex(text, file);
  const parser = new SaxesParser({ xmlns: true, position: true });
  const stack: XmlElement[] = [];
  let root: XmlElement | null = null;
  let tagPos: Position = { file, line: 1, column: 1 };
  let pending: PendingAttr[] = [];
  let lastClosed: XmlElement | undefined;

  parser.on('error', (err: Error) => {
    const what = err.message.replace(/^\d+:\d+: /, '').replace(/\.$/, '');
    const open = stack[stack.length - 1];
    if (what.startsWith('unclosed tag') || what.includes('entity')) {
      // saxes reads a bare '&' as the start of a reference and only complains much later.
      const amp = firstBareAmpersand(text, parser.position);
      if (amp >= 0) {
        const pos = lines.at(amp);
        throw malformed(
          file,
          pos.line,
          pos.column,
          'bare "&" (not the start of an entity reference)',
          hintFor('entity'),
        );
      }
    }
    if (what.startsWith('unclosed tag') && open) {
      throw malformed(
        file,
        open.pos.line,
        open.pos.column,
        `the element ${quoted(open.name)} is never closed`,
        `Add its closing tag at the right place.`,
      );
    }
    if (what === 'unexpected close tag' && lastClosed) {
      // saxes has already handed us the element it expected to close.
      const start = text.lastIndexOf('</', parser.position - 1);
      const pos = lines.at(Math.max(start, 0));
      const closing = /^<\/\s*([^\s>]*)/.exec(text.slice(start, start + 200))?.[1] ?? '?';
      throw malformed(
        file,
        pos.line,
        pos.column,
        `the closing tag of ${quoted(closing)} does not match the open element ${quoted(lastClosed.name)} (line ${lastClosed.pos.line})`,
        `Close the open element before this closing tag, or fix the tag names so they pair up.`,
      );
    }
    throw malformed(
      file,
      parser.line,
      parser.column + 1,
      `not well-formed XML; the parser's message is ${quoted(what)}`,
      hintFor(what),
    );
  });

  parser.on('doctype', (doctype: string) => {
    const offset = text.lastIndexOf('<!DOCTYPE', parser.position);
    checkDoctype(doctype, file, lines.at(Math.max(offset, 0)));
  });

  parser.on('opentagstart', () => {
    tagPos = lines.at(text.lastIndexOf('<', parser.position - 1));
    if (stack.length >= MAX_XML_DEPTH) throw tooDeep(file, tagPos, stack[stack.length - 1]);
    pending = [];
  });

  parser.on('attribute', (attr) => {
    pending.push({
      name: attr.name,
      pos: attributePosition(text, parser.position, attr.name, lines) ?? tagPos,
    });
  });

  parser.on('opentag', (tag: SaxesTagNS) => {
    const attributes: XmlAttribute[] = pending.map(({ name, pos }) => {
      const resolved = tag.attributes[name] as SaxesAttributeNS | undefined;
      return {
        name,
        uri: resolved?.uri ?? '',
        local: resolved?.local ?? name,
        value: resolved?.value ?? '',
        pos,
      };
    });
    const parent = stack[stack.length - 1] ?? null;
    const el: XmlElement = {
      name: tag.name,
      uri: tag.uri,
      local: tag.local,
      attributes,
      children: [],
      text: '',
      pos: tagPos,
      parent,
    };
    if (parent) parent.children.push(el);
    else root = el;
    stack.push(el);
  });

  parser.on('closetag', () => {
    lastClosed = stack.pop();
  });

  const addText = (data: string): void => {
    const top = stack[stack.length - 1];
    if (top) top.text += data;
  };
  parser.on('text', addText);
  parser.on('cdata', addText);

  parser.write(text).close();
  if (!root) throw malformed(file, 1, 1, 'no root element', hintFor('must contain a root'));
  return root;
}

/**
 * saxes reports an attribute right after its closing quote. Walk back over the value, '=' and any
 * blanks to the name; fall back to the tag's position if the text does not look as expected.
 */
function attributePosition(text: string, end: number, name: string, lines: LineIndex): Position | null {
  const quote = text[end - 1];
  if (quote !== '"' && quote !== "'") return null;
  let i = text.lastIndexOf(quote, end - 2) - 1;
  while (i >= 0 && isBlank(text.charCodeAt(i))) i--;
  if (text[i] !== '=') return null;
  i--;
  while (i >= 0 && isBlank(text.charCodeAt(i))) i--;
  const start = i - name.length + 1;
  if (start < 0 || !text.startsWith(name, start)) return null;
  return lines.at(start);
}

function isBlank(c: number): boolean {
  return c === 32 || c === 9 || c === 10 || c === 13;
}

const REFERENCE_SCAN =
  /<!--[\s\S]*?-->|<!\[CDATA\[[\s\S]*?\]\]>|<\?[\s\S]*?\?>|&(?:#[0-9]+;|#x[0-9a-fA-F]+;|[A-Za-z_:][\w.:-]*;)?/g;

/** Offset of the first '&' outside comments, CDATA and PIs that does not start a reference, or -1. */
function firstBareAmpersand(text: string, end: number): number {
  REFERENCE_SCAN.lastIndex = 0;
  for (let m = REFERENCE_SCAN.exec(text); m && m.index < end; m = REFERENCE_SCAN.exec(text)) {
    if (m[0] === '&') return m.index;
  }
  return -1;
}
