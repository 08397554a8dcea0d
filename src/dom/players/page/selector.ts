/** A CSS selector that matches exactly this element in its document (for scorm_dom_click). */
export function uniqueSelector(el: Element): string {
  const doc = el.ownerDocument;
  const parts: string[] = [];
  let node: Element | null = el;
  while (node && node.nodeType === 1) {
    const id = node.getAttribute('id');
    // A long id is the course's text, not a name: the path stands in for it, so selectors stay short.
    if (id && id.length <= 100) {
      const byId = `#${CSS.escape(id)}`;
      if (doc.querySelectorAll(byId).length === 1) {
        parts.unshift(byId);
        break;
      }
    }
    const tag = node.tagName.toLowerCase();
    const parent: Element | null = node.parentElement;
    if (!parent) {
      parts.unshift(tag);
      break;
    }
    let nth = 1;
    for (let sib = node.previousElementSibling; sib; sib = sib.previousElementSibling) {
      if (sib.tagName === node.tagName) nth++;
    }
    parts.unshift(`${tag}:nth-of-type(${nth})`);
    node = parent;
  }
  return parts.join(' > ');
}
