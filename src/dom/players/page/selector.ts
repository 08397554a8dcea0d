import { ID_AS_NAME_MAX } from '../../id-as-name.js';

/** A CSS selector that matches exactly this element in its document (for scorm_dom_click). */
export function uniqueSelector(el: Element): string {
  const doc = el.ownerDocument;
  const parts: string[] = [];
  let node: Element | null = el;
  while (node && node.nodeType === 1) {
    const id = node.getAttribute('id');
    if (id && id.length <= ID_AS_NAME_MAX) {
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
