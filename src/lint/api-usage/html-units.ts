import type { DefaultTreeAdapterTypes } from 'parse5';
import { parseHtmlDocument } from './html-without-script-bodies.js';
import type { SourceUnit } from './source-unit.js';

type ParentNode = DefaultTreeAdapterTypes.ParentNode;
type Element = DefaultTreeAdapterTypes.Element;

const CLASSIC_TYPES =
  /^(?:(?:text|application)\/(?:x-)?(?:java|ecma)script(?:1\.\d)?|text\/jscript|text\/livescript)$/i;

export function attr(el: Element, name: string): string | undefined {
  return el.attrs.find((a) => a.name === name)?.value;
}

/** undefined: not JavaScript (templates, JSON, text/html...). */
export function scriptKind(el: Element): 'classic' | 'module' | undefined {
  const type = attr(el, 'type')?.trim();
  if (type === undefined || type === '') return 'classic';
  if (type.toLowerCase() === 'module') return 'module';
  return CLASSIC_TYPES.test(type) ? 'classic' : undefined;
}

/** Line/column where an attribute's value starts, from the raw `name="value"` source text. */
export function attrValueStart(
  html: string,
  loc: { startOffset: number; endOffset: number; startLine: number; startCol: number },
) {
  const raw = html.slice(loc.startOffset, loc.endOffset);
  const m = /^[^=]*=\s*["']?/.exec(raw);
  const prefix = m ? m[0] : raw;
  const lines = prefix.split('\n');
  const last = lines[lines.length - 1] ?? '';
  return lines.length === 1
    ? { line: loc.startLine, column: loc.startCol + prefix.length }
    : { line: loc.startLine + lines.length - 1, column: last.length + 1 };
}

/** Parses an HTML document with source positions and visits its elements in document order, without recursion. */
export function forEachElement(html: string, visit: (el: Element) => void): void {
  const doc = parseHtmlDocument(html);
  const stack: ParentNode[] = [doc];
  while (stack.length > 0) {
    const node = stack.pop() as ParentNode;
    if ('tagName' in node) visit(node);
    // Children in reverse so the stack yields them in document order; <template> content never runs.
    const children = node.childNodes;
    for (let i = children.length - 1; i >= 0; i--) {
      const child = children[i];
      if (child && 'childNodes' in child) stack.push(child as ParentNode);
    }
  }
}

/**
 * Collects a document's inline scripts and event-handler attributes element by element, so a walk that
 * reads the page for something else (the launch-chain scan) gathers them in the same parse.
 */
export function htmlUnitCollector(html: string): { visit(el: Element): void; units(): SourceUnit[] } {
  const units: SourceUnit[] = [];
  return {
    visit(el) {
      for (const a of el.attrs) {
        const loc = el.sourceCodeLocation?.attrs?.[a.name];
        if (!/^on[a-z]+$/i.test(a.name) || !loc || a.value.trim() === '') continue;
        units.push({ code: a.value, ...attrValueStart(html, loc), module: false, handler: true });
      }
      if (el.tagName === 'script' && attr(el, 'src') === undefined) {
        const kind = scriptKind(el);
        const text = el.childNodes[0];
        if (kind && text && text.nodeName === '#text' && 'value' in text && text.sourceCodeLocation) {
          units.push({
            code: text.value,
            line: text.sourceCodeLocation.startLine,
            column: text.sourceCodeLocation.startCol,
            module: kind === 'module',
            handler: false,
          });
        }
      }
    },
    // Handlers were collected while walking; keep scripts in document order and handlers after them.
    units: () => [...units.filter((u) => !u.handler), ...units.filter((u) => u.handler)],
  };
}

/** Inline scripts (in document order) and event-handler attributes of an HTML document. */
export function htmlUnits(html: string): SourceUnit[] {
  const collector = htmlUnitCollector(html);
  forEachElement(html, (el) => collector.visit(el));
  return collector.units();
}
