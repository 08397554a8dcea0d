/**
 * What lets a ref outlive its element (runs in the DOM tools' isolated world with controls.ts). Storyline
 * draws a slide's objects again when a layer opens or closes: the new element is the same control (same
 * `data-model-id`, or the same accessibility twin id `acc-<model id>`, and the same name), so it keeps the
 * ref the learner was given. Elements without such an id never share a ref.
 */

/** The identity a re-drawn element shares with the element it replaces, or null when it has none. */
export function identityOf(el: Element): string | null {
  const model = el.getAttribute('data-model-id');
  if (model) return `m\u0000${model}\u0000${el.localName}\u0000${nameOf(el)}`;
  if (el.id.startsWith('acc-')) return `a\u0000${el.id}\u0000${el.localName}\u0000${nameOf(el)}`;
  return null;
}

/** The one element of the document with this identity now, or null when none or several have it. */
export function elementWithIdentity(doc: Document, identity: string): Element | null {
  const [kind, id] = identity.split('\u0000');
  if (!id) return null;
  const candidates =
    kind === 'm'
      ? Array.from(doc.querySelectorAll(`[data-model-id="${CSS.escape(id)}"]`))
      : Array.from(doc.querySelectorAll(`[id="${CSS.escape(id)}"]`));
  const same = candidates.filter((el) => identityOf(el) === identity);
  return same.length === 1 ? (same[0] as Element) : null;
}

function nameOf(el: Element): string {
  const name =
    el.getAttribute('data-acc-text') ??
    el.getAttribute('aria-label') ??
    (el.id.startsWith('acc-') ? el.textContent : '');
  return (name ?? '').replace(/\s+/g, ' ').trim().slice(0, 200);
}
