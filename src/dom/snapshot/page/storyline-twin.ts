/**
 * Storyline's accessibility layer names a drawn object's twin `acc-<data-model-id>` (runs in the page,
 * bundled with scan.ts): from one to the other.
 */

/** The drawn object an accessibility twin stands for. */
export function drawingOfTwin(el: Element): Element | null {
  if (!el.id.startsWith('acc-')) return null;
  return el.ownerDocument.querySelector(`[data-model-id="${CSS.escape(el.id.slice(4))}"]`);
}

/** The accessibility twin of a drawn object. */
export function twinOfDrawing(drawn: Element): HTMLElement | null {
  const id = drawn.getAttribute('data-model-id');
  return id ? drawn.ownerDocument.getElementById(`acc-${id}`) : null;
}
