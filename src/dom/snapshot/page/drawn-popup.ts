/**
 * A pop-up drawn over part of the page, without dialog semantics or a backdrop: a positioned panel with a
 * close control on it, laid over content that is still drawn beneath. Adapt's hotgraphic pop-up is a box
 * holding its text and "Close popup" over the picture; Lectora draws the panel, its text and its Close
 * button as separate positioned siblings over the page's pictures (lectora-1). A learner sees a pop-up and
 * closes it. A box that covers nothing (a page section with a close button of its own) is no pop-up.
 */
import { nameOf } from './accessible.js';
import { CLOSE_NAME, type UnmarkedModal } from './unmarked-modal.js';

export interface DrawnPopup extends UnmarkedModal {
  /** The pop-up's text: the panel's own, or that of the siblings drawn on it. */
  text: string;
}

const CONTROLS = 'button, [role="button"], a[href], input[type="button"]';

export function drawnPopup(doc: Document): DrawnPopup | null {
  const view = doc.defaultView;
  if (!view || !doc.body) return null;
  const area = view.innerWidth * view.innerHeight;
  for (const close of Array.from(doc.querySelectorAll(CONTROLS))) {
    if (!CLOSE_NAME.test(nameOf(close, 80).trim()) || !drawn(view, close)) continue;
    const c = close.getBoundingClientRect();
    for (const panel of panelsUnder(doc, close, c)) {
      const p = panel.getBoundingClientRect();
      if (p.width * p.height >= 0.9 * area || !within(c, p)) continue;
      // A pop-up is lifted over the page: positioned, with a stacking order of its own.
      const style = view.getComputedStyle(panel);
      if (!['absolute', 'fixed'].includes(style.position) || style.zIndex === 'auto') continue;
      if (!coversPage(doc, panel, p)) continue;
      const text = panelText(panel, p, close);
      if (text === '') continue;
      return { box: panel, close, text };
    }
  }
  return null;
}

/** The close control's ancestors (Adapt), then the elements drawn beneath its centre (Lectora), nearest first. */
function panelsUnder(doc: Document, close: Element, c: DOMRect): Element[] {
  const out: Element[] = [];
  for (let el = close.parentElement; el && el !== doc.body; el = el.parentElement) out.push(el);
  for (const el of doc.elementsFromPoint(c.x + c.width / 2, c.y + c.height / 2)) {
    if (el === doc.body || el === doc.documentElement || el.contains(close) || close.contains(el)) continue;
    // A drawn shape is an svg inside the element that is positioned: take the positioned holder.
    let holder: Element | null = el;
    while (holder && holder !== doc.body && holder.namespaceURI !== 'http://www.w3.org/1999/xhtml')
      holder = holder.parentElement;
    if (holder && holder !== doc.body && !out.includes(holder)) out.push(holder);
  }
  return out;
}

/** Something of the page, neither the panel's nor holding it, is drawn beneath the panel. */
function coversPage(doc: Document, panel: Element, p: DOMRect): boolean {
  for (const [fx, fy] of [
    [0.5, 0.5],
    [0.25, 0.25],
    [0.75, 0.25],
    [0.25, 0.75],
    [0.75, 0.75],
  ] as const) {
    const stack = doc.elementsFromPoint(p.x + p.width * fx, p.y + p.height * fy);
    const at = stack.findIndex((el) => el === panel || panel.contains(el));
    if (at < 0) continue;
    if (stack.slice(at + 1).some((el) => !el.contains(panel) && !panel.contains(el))) return true;
  }
  return false;
}

/** The panel's text, or, for a panel drawn as a shape, the text of its siblings laid on it. */
function panelText(panel: Element, p: DOMRect, close: Element): string {
  // The close control's own "X" does not make a pop-up of the box around it.
  const own = (panel as HTMLElement).innerText.replace((close as HTMLElement).innerText ?? '', '').trim();
  if (own !== '') return own;
  const parts: string[] = [];
  for (const sib of Array.from(panel.parentElement?.children ?? [])) {
    if (sib === panel || sib.contains(close) || !within(sib.getBoundingClientRect(), p)) continue;
    const t = (sib as HTMLElement).innerText?.trim() ?? '';
    if (t !== '') parts.push(t);
  }
  return parts.join('\n');
}

function within(inner: DOMRect, outer: DOMRect): boolean {
  return (
    inner.width > 0 &&
    inner.left >= outer.left - 2 &&
    inner.top >= outer.top - 2 &&
    inner.right <= outer.right + 2 &&
    inner.bottom <= outer.bottom + 2
  );
}

function drawn(view: Window, el: Element): boolean {
  const r = el.getBoundingClientRect();
  if (r.width <= 0 || r.height <= 0) return false;
  const style = view.getComputedStyle(el);
  return style.visibility !== 'hidden' && Number(style.opacity) > 0;
}
