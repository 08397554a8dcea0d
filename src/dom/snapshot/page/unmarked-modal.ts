/**
 * A modal pop-up drawn without dialog semantics (Adapt's "notify" pop-up: a `div.notify-popup` over an
 * empty `div.notify-shadow`, neither with a role): a painted, empty backdrop over the whole viewport takes
 * the pointer at its corners, and a fixed box above it, at the viewport's centre, holds what the learner
 * reads. A learner sees a pop-up; the page behind cannot be reached until it is closed.
 */
import { nameOf } from './accessible.js';

/** The pop-up box and its close control (a button named "close"/"×"/"dismiss" inside it, or the backdrop). */
export interface UnmarkedModal {
  box: Element;
  close: Element | null;
}

export const CLOSE_NAME = /^(close|dismiss|×|✕|x)\b|\bclose\b/i;

export function unmarkedModal(doc: Document): UnmarkedModal | null {
  const view = doc.defaultView;
  if (!view || !doc.body) return null;
  const w = view.innerWidth;
  const h = view.innerHeight;
  if (w < 10 || h < 10) return null;
  const backdrop = cornerBackdrop(doc, w, h);
  if (!backdrop) return null;
  const box = boxAbove(doc, view, backdrop, w, h);
  if (!box) return null;
  const close =
    Array.from(box.querySelectorAll('button, [role="button"], a[href], input[type="button"]')).find((el) =>
      CLOSE_NAME.test(nameOf(el, 80).trim()),
    ) ?? null;
  return { box, close };
}

/** The fixed box with text that the pointer meets first along the viewport's vertical middle line. */
function boxAbove(doc: Document, view: Window, backdrop: Element, w: number, h: number): Element | null {
  for (const fy of [0.5, 0.4, 0.6, 0.3, 0.7, 0.2, 0.8]) {
    let box: Element | null = doc.elementFromPoint(w / 2, h * fy);
    if (!box || box === backdrop) continue;
    while (box && box !== doc.body && view.getComputedStyle(box).position !== 'fixed')
      box = box.parentElement;
    if (!box || box === doc.body || box.contains(backdrop)) continue;
    if ((box as HTMLElement).innerText.trim() !== '') return box;
  }
  return null;
}

/** The empty, painted element that a pointer meets at 3 or 4 corners of the viewport and that covers it. */
function cornerBackdrop(doc: Document, w: number, h: number): Element | null {
  const counts = new Map<Element, number>();
  for (const [fx, fy] of [
    [0.03, 0.03],
    [0.97, 0.03],
    [0.03, 0.97],
    [0.97, 0.97],
  ] as const) {
    const hit = doc.elementFromPoint(w * fx, h * fy);
    if (hit) counts.set(hit, (counts.get(hit) ?? 0) + 1);
  }
  const found = Array.from(counts).find(([, n]) => n >= 3)?.[0] ?? null;
  if (!found || found === doc.body || found === doc.documentElement) return null;
  // A wrapper holding the page is not a backdrop: a backdrop holds nothing.
  if (found.children.length > 0 || (found.textContent ?? '').trim() !== '') return null;
  const style = getComputedStyle(found);
  if (style.position !== 'fixed' && style.position !== 'absolute') return null;
  const r = found.getBoundingClientRect();
  if (r.width * r.height < 0.9 * w * h) return null;
  const alpha = /rgba?\(([^)]*)\)/.exec(style.backgroundColor)?.[1]?.split(',')[3];
  const painted =
    (style.backgroundColor !== 'transparent' && (alpha === undefined || Number(alpha) > 0.1)) ||
    style.backgroundImage !== 'none';
  return painted && Number(style.opacity) > 0 ? found : null;
}
