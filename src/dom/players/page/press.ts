/**
 * A press on an element as a pointer makes it: the published players act on the press/release sequence,
 * not on a lone click event (iSpring's outline left ispring-1 on slide 1 with a click alone).
 */
export function press(el: Element): void {
  const doc = el.ownerDocument;
  const box = el.getBoundingClientRect();
  const init = {
    bubbles: true,
    cancelable: true,
    view: doc.defaultView,
    clientX: box.x + Math.min(5, box.width / 2),
    clientY: box.y + Math.min(5, box.height / 2),
    button: 0,
    pointerId: 1,
    isPrimary: true,
    pointerType: 'mouse',
  };
  for (const type of ['pointerdown', 'mousedown', 'pointerup', 'mouseup', 'click'])
    el.dispatchEvent(type.startsWith('pointer') ? new PointerEvent(type, init) : new MouseEvent(type, init));
}

/** Whether the element is drawn inside the viewport (a collapsed menu keeps its entries off screen). */
export function onScreen(el: Element): boolean {
  const view = el.ownerDocument.defaultView;
  if (!view) return false;
  const box = el.getBoundingClientRect();
  if (box.width < 1 || box.height < 1) return false;
  if (box.right <= 0 || box.bottom <= 0 || box.left >= view.innerWidth || box.top >= view.innerHeight)
    return false;
  const style = view.getComputedStyle(el);
  return style.visibility !== 'hidden' && style.visibility !== 'collapse';
}

/** Waits until `ready()` holds, checking every 50 ms for at most `ms`; its last answer. */
export async function until(ready: () => boolean, ms: number): Promise<boolean> {
  const end = Date.now() + ms;
  while (!ready()) {
    if (Date.now() >= end) return false;
    await new Promise((r) => setTimeout(r, 50));
  }
  return true;
}
