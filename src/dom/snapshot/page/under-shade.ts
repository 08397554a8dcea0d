/**
 * Whether a drawn clickable lies under a shade: what the pointer meets at its centre is neither the
 * drawing, nor inside it, nor around it, and spans at least half the view each way (a pop-up's backdrop).
 * storyline-2's "מכנסיים" slide draws the course's top bar again under a grey rectangle as large as the
 * slide, its pop-up above: a learner's click on "פתיחה" there meets the rectangle and nothing happens, and
 * scorm_dom_click refuses it as covered. Such a drawing is no control a learner can reach now, nor an
 * answer to the pop-up's question. A drawing out of view is judged when it is scrolled to, not here.
 */
export function underShade(el: Element): boolean {
  const view = el.ownerDocument.defaultView;
  if (!view) return false;
  const box = el.getBoundingClientRect();
  const x = box.left + box.width / 2;
  const y = box.top + box.height / 2;
  if (x < 0 || y < 0 || x >= view.innerWidth || y >= view.innerHeight) return false;
  // Inside a shadow root the document would answer with the host.
  const root = el.getRootNode() as Document | ShadowRoot;
  const at = typeof root.elementFromPoint === 'function' ? root.elementFromPoint(x, y) : null;
  if (!at || at === el || el.contains(at) || at.contains(el)) return false;
  const cover = at.getBoundingClientRect();
  return cover.width * 2 >= view.innerWidth && cover.height * 2 >= view.innerHeight;
}

/**
 * A Storyline twin whose drawing lies under a later layer's shade (storyline-2's sock question: the top
 * bar's twins were listed, as answers, under the grey shape): the learner's click meets the shade. The
 * shade must come after the drawing in the page, as a layer drawn over it does, not a backdrop behind it
 * that a gap in the drawing lets through.
 */
export function twinUnderShade(drawn: Element): boolean {
  if (!underShade(drawn)) return false;
  const box = drawn.getBoundingClientRect();
  const root = drawn.getRootNode() as Document | ShadowRoot;
  const at = root.elementFromPoint(box.left + box.width / 2, box.top + box.height / 2);
  return at !== null && (drawn.compareDocumentPosition(at) & Node.DOCUMENT_POSITION_FOLLOWING) !== 0;
}
