/**
 * The control a learner's pointer hit (runs in the DOM tools' isolated world with controls.ts). On a
 * Storyline slide the point lands on a shape of a drawing (an SVG `path` or `image` with no name); the
 * control the learner sees is the drawn object around it, which its accessibility twin names.
 */
import { twinOfDrawing } from './storyline-twin.js';

/**
 * The accessibility twin of the drawn object the element is part of, else the element itself. A twin of
 * an object with a trigger (the hand cursor) wins over the twin of a shape inside it (nested-twin.ts).
 */
export function controlHit(el: Element): Element {
  let first: Element | null = null;
  for (let p: Element | null = el; p; p = p.parentElement) {
    if (!p.getAttribute('data-model-id')) continue;
    const twin = twinOfDrawing(p);
    if (twin && p.classList.contains('cursor-hover')) return twin;
    first ??= twin;
  }
  return first ?? el;
}
