import { str } from './safe.js';

/**
 * The words of an element a sighted learner reads: its text without an icon's SVG title and description
 * and without the copy kept for screen readers only (clipped away or a pixel wide). Rise's outline link
 * holds all three: "Align left" / "Three vertical lines aligned to the left" (its icon), the lesson's
 * name, and "<name> 17 Percent Complete" (visually hidden); a learner sees the name. Text drawn in a
 * transparent colour is not seen either.
 */
export function seenText(el: Element | null | undefined): string | null {
  if (!el) return null;
  try {
    const view = el.ownerDocument.defaultView;
    const hidden = new Map<Element, boolean>();
    const screenReaderOnly = (e: Element): boolean => {
      let v = hidden.get(e);
      if (v === undefined) {
        const style = view?.getComputedStyle(e);
        const box = e.getBoundingClientRect();
        v =
          e.localName === 'svg' ||
          style?.display === 'none' ||
          style?.clip === 'rect(0px, 0px, 0px, 0px)' ||
          style?.clipPath === 'inset(50%)' ||
          (box.width <= 1 && box.height <= 1 && style?.position === 'absolute') ||
          // Drawn in a transparent colour (Adapt's .aria-label "Incomplete." inside a page title).
          /^rgba\([^)]*,\s*0\)$/.test(style?.color ?? '');
        hidden.set(e, v);
      }
      return v;
    };
    const walker = el.ownerDocument.createTreeWalker(el, 4 /* NodeFilter.SHOW_TEXT */);
    let out = '';
    for (let n = walker.nextNode(); n; n = walker.nextNode()) {
      let shown = true;
      for (let p = n.parentElement; p && shown; p = p === el ? null : p.parentElement)
        shown = !screenReaderOnly(p);
      if (shown) out += ` ${n.textContent ?? ''}`;
    }
    return str(out);
  } catch {
    return null;
  }
}
