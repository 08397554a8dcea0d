/**
 * A Storyline twin drawn inside another one a learner clicks (runs in the page, bundled with scan.ts).
 * storyline-2's start button is a group (`Group 1`, with the hand cursor) holding an arrow and a text shape
 * "כניסה ללומדה" that has an accessible twin of its own: two buttons of one name for one drawing. The
 * learner sees and clicks the group; the shape inside, which has no trigger of its own, is not listed.
 */
import { drawingOfTwin, twinOfDrawing } from './storyline-twin.js';

/** The twin's drawn object has no trigger (no hand cursor) and sits in a drawn object that has one and a twin. */
export function insideClickableTwin(el: Element): boolean {
  const drawn = drawingOfTwin(el);
  if (!drawn || drawn.classList.contains('cursor-hover')) return false;
  for (let p = drawn.parentElement; p; p = p.parentElement) {
    if (p.getAttribute('data-model-id') && p.classList.contains('cursor-hover')) {
      const twin = twinOfDrawing(p);
      return twin !== null && twin !== el;
    }
  }
  return false;
}
