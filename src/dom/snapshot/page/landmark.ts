/**
 * Where a control sits for a sighted learner (runs in the page, bundled with scan.ts): outside the page's
 * main content (a course outline beside it), or faded out of sight and out of the pointer's reach (the
 * quiz card a learner has just left, which Rise keeps in the page at opacity 0 under `pointer-events:none`).
 */

const MAIN = 'main, [role="main"]';
// Ancestors looked at for a faded-out container: a card's controls sit a few levels under it.
const FADE_DEPTH = 20;

/** Whether the document marks its main content and the control is not in it. */
export function outsideMain(el: Element, doc: Document): boolean {
  return doc.querySelector(MAIN) !== null && el.closest(MAIN) === null;
}

/**
 * Whether the control neither shows nor takes the pointer: `pointer-events:none` on it, and it or an
 * ancestor drawn fully transparent. Either alone is not enough: a transparent accessible twin is acted on
 * through its drawing, and an inert overlay's controls are still drawn for the learner to see.
 */
export function fadedOut(el: Element, style: CSSStyleDeclaration): boolean {
  if (style.pointerEvents !== 'none') return false;
  let e: Element | null = el;
  for (let depth = 0; e && depth < FADE_DEPTH; depth++, e = e.parentElement) {
    if (Number(getComputedStyle(e).opacity) === 0) return true;
  }
  return false;
}
