/**
 * Storyline's drag-and-drop in the page (runs in the DOM tools' isolated world with scan.ts). The player
 * marks its drag items (class `draggable`) but nothing in the page says where they may be let go: a
 * sighted learner sees the boxes. The slide's data file declares both (read on the Node side,
 * src/dom/snapshot/storyline-drag-drop.ts), by the model id each drawn object carries (`data-model-id`).
 * Which item belongs on which target is never read: that is the learner's question to answer.
 */
import type { DragDropDeclarations, DragDropObject } from './types.js';

// Storyline names a slide's data file by the slide's id, and gives the slide's element the class cs-<id>.
const SLIDE_CLASS = /^cs-([0-9A-Za-z]{8,16})$/;
// The name Storyline gives an object its author left unnamed: its tool and a number ("Group 2", "Rectangle
// 1"); Storyline 360 names a group "Group" alone (storyline-3's boxes).
const DEFAULT_NAME = /^(group|[a-z][a-z ]{0,30} \d+)$/i;
const IMAGE_FILE = /\.(png|jpe?g|gif|svg|emf|wmf|bmp|webp)$/i;

/** The ids of the Storyline slides the page shows, whose data files say what is dragged and dropped. */
export function storylineSlideIds(doc: Document): string[] {
  const ids = new Set<string>();
  for (const slide of Array.from(doc.querySelectorAll('.slide[class*="cs-"]'))) {
    for (const name of Array.from(slide.classList)) {
      const m = SLIDE_CLASS.exec(name);
      if (m) ids.add(m[1] as string);
    }
  }
  return [...ids];
}

/** The drawn objects the slide data declares drag items or drop targets, in document order. */
export function declaredObjects(
  doc: Document,
  declared: DragDropDeclarations | undefined,
): Array<{ el: Element; object: DragDropObject }> {
  if (!declared) return [];
  const out: Array<{ el: Element; object: DragDropObject }> = [];
  for (const el of Array.from(doc.querySelectorAll('.slide-object[data-model-id]'))) {
    const id = el.getAttribute('data-model-id') ?? '';
    const object = Object.prototype.hasOwnProperty.call(declared, id) ? declared[id] : undefined;
    if (object) out.push({ el, object });
  }
  return out;
}

/**
 * What a learner reads on a drop target: its author's name unless it is Storyline's default one, else the
 * author's text of the objects drawn inside it ("Raster" in a box named "Group"), else the names of the
 * pictures drawn in it (storyline-2's laundry boxes hold only an icon, "גרביים.png").
 */
export function dropTargetName(el: Element): string {
  const clean = (s: string | null): string => (s ?? '').replace(/\s+/g, ' ').trim();
  const own = clean(el.getAttribute('data-acc-text'));
  if (own && !DEFAULT_NAME.test(own)) return own;
  // Each name once: a state group and the shape it shows may carry the same one.
  const inner = [
    ...new Set(
      Array.from(el.querySelectorAll('[data-model-id]'))
        .map((e) => clean(e.getAttribute('data-acc-text')))
        .filter((t) => t && !DEFAULT_NAME.test(t)),
    ),
  ];
  const texts = inner.filter((t) => !IMAGE_FILE.test(t));
  return (texts.length > 0 ? texts : inner).join(' ') || own;
}
