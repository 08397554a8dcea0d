/**
 * Unique CSS selectors for elements of a document (runs in the page): an element's id when it is unique,
 * otherwise a child path from the nearest ancestor with a unique id (or from the root). An element in an
 * open shadow root gets its host's selector, then Playwright's `>>` and the path inside the shadow root
 * (Playwright's CSS engine looks into open shadow roots). One builder per read: it remembers what it
 * worked out.
 */
import { ID_AS_NAME_MAX } from '../../id-as-name.js';

export type SelectorOf = (el: Element) => string;

export function selectorBuilder(doc: Document): SelectorOf {
  const esc = (s: string): string => CSS.escape(s);
  const uniqueIds = new Map<string, boolean>();
  const idIsUnique = (root: Document | ShadowRoot, id: string): boolean => {
    if (id.length > ID_AS_NAME_MAX) return false;
    const key = root === doc ? id : null;
    let known = key === null ? undefined : uniqueIds.get(key);
    if (known === undefined) {
      known = root.querySelectorAll(`#${esc(id)}`).length === 1;
      if (key !== null) uniqueIds.set(key, known);
    }
    return known;
  };
  const segments = new Map<Element, string>();
  const segment = (el: Element): string => {
    const known = segments.get(el);
    if (known !== undefined) return known;
    const parent = el.parentElement ?? el.parentNode;
    if (!parent) return el.localName;
    // Every child of this parent at once: siblings are asked for one after the other.
    const counts = new Map<string, number>();
    for (let c = firstChild(parent); c; c = c.nextElementSibling) {
      counts.set(c.tagName, (counts.get(c.tagName) ?? 0) + 1);
    }
    const seen = new Map<string, number>();
    for (let c = firstChild(parent); c; c = c.nextElementSibling) {
      const index = (seen.get(c.tagName) ?? 0) + 1;
      seen.set(c.tagName, index);
      const tag = esc(c.localName);
      segments.set(c, (counts.get(c.tagName) ?? 0) > 1 ? `${tag}:nth-of-type(${index})` : tag);
    }
    return segments.get(el) ?? el.localName;
  };
  const selectorOf = (el: Element): string => {
    const root = el.getRootNode();
    const inShadow = root instanceof ShadowRoot;
    const scope: Document | ShadowRoot = inShadow ? root : doc;
    if (el.id && idIsUnique(scope, el.id)) return prefixed(`#${esc(el.id)}`);
    const parts: string[] = [];
    let e: Element | null = el;
    while (e) {
      if (e !== el && e.id && idIsUnique(scope, e.id)) {
        parts.unshift(`#${esc(e.id)}`);
        break;
      }
      if (e === doc.documentElement) {
        parts.unshift('html');
        break;
      }
      parts.unshift(segment(e));
      if (!e.parentElement && inShadow) {
        parts.unshift(':scope');
        break;
      }
      e = e.parentElement;
    }
    return prefixed(parts.join(' > '));

    function prefixed(path: string): string {
      return inShadow ? `${selectorOf((root as ShadowRoot).host)} >> ${path}` : path;
    }
  };
  return selectorOf;
}

function firstChild(parent: Node): Element | null {
  return (parent as ParentNode).firstElementChild ?? null;
}
