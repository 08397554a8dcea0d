/**
 * The in-page pass behind scorm_dom_find_interactive_elements and scorm_get_page_state (runs in an
 * isolated world of each SCO frame, see controls.ts): the controls of the document in document order,
 * with their ref, role, accessible name and state, and what only the DOM knows (a unique selector, form
 * and question context, hints for the purpose); clickable non-controls (cursor: pointer, a click listener,
 * a player's drawn shape with a trigger) grouped as answer options when they sit together, and controls
 * in open shadow roots; headings, dialogs and the visible text.
 */
import { checkedOf, disabledOf, extraStates, nameOf, roleOf } from './accessible.js';
import { groupDrawnDropdowns } from './drawn-dropdown.js';
import { grabbed, groupDrawnDragDrop } from './drawn-drag-drop.js';
import { iconName } from './icon-name.js';
import { isChecklist } from './checklist.js';
import { insideClickableTwin } from './nested-twin.js';
import { drawingOfTwin, twinOfDrawing } from './storyline-twin.js';
import { unmarkedModal, type UnmarkedModal } from './unmarked-modal.js';
import { drawnPopup, type DrawnPopup } from './drawn-popup.js';
import { twinUnderShade, underShade } from './under-shade.js';
import { declaredDirection, inCarousel } from './in-page-widget.js';
import { fadedOut, outsideMain } from './landmark.js';
import { selectorBuilder } from './selector.js';
import { declaredObjects, dropTargetName, storylineSlideIds } from './storyline-drag-drop.js';
import type {
  DragDropObject,
  ReadOptions,
  ScanCandidate,
  ScanDialog,
  ScanForm,
  ScanGroup,
  ScanHeading,
  ScanResult,
} from './types.js';

const INTERACTIVE_ROLES =
  ' button link checkbox radio textbox searchbox combobox listbox option menuitem menuitemcheckbox' +
  ' menuitemradio tab switch slider spinbutton treeitem gridcell ';
const CANDIDATES =
  'a[href], area[href], button, input:not([type="hidden"]), select, textarea, summary, [role], ' +
  '[tabindex], [onclick], [contenteditable=""], [contenteditable="true"]';
const CHOICE_ROLES = ' radio checkbox option menuitemradio switch ';
const FIELD_ROLES = ' textbox searchbox spinbutton combobox listbox slider ';
const MAX_HEADINGS = 50;
const MAX_DIALOGS = 20;
const TEXT_CHARS = 2_000;
/** An agent answers from the question's words: given whole up to this, and marked "…" where cut. */
const QUESTION_CHARS = 480;

export function scanDocument(
  doc: Document,
  opts: ReadOptions,
  refOf: (el: Element) => string,
  /** Whether the element has a click, pointer or touch listener (known only from outside the page). */
  listens: (el: Element) => boolean = () => false,
): ScanResult {
  const clip = (s: string | null | undefined, max = opts.maxText): string => {
    const t = (s ?? '').replace(/\s+/g, ' ').trim();
    return t.length > max ? t.slice(0, max) : t;
  };
  const questionText = (s: string | null | undefined): string => {
    const t = clip(s, QUESTION_CHARS + 1);
    return t.length > QUESTION_CHARS ? `${t.slice(0, QUESTION_CHARS - 1)}…` : t;
  };
  const selectorOf = selectorBuilder(doc);
  const textOfIds = (ids: string, max = opts.maxText): string =>
    clip(
      ids
        .split(/\s+/)
        .map((id) => (id ? (doc.getElementById(id)?.textContent ?? '') : ''))
        .join(' '),
      max,
    );

  // The question an answer option belongs to: the nearest text before its container (a heading, a
  // paragraph), looked for back through at most 60 siblings per ancestor level. Remembered per element:
  // the options of a page share most of the walk.
  const holdsControl = new Map<Element, boolean>();
  const skipped = (s: Element): boolean => {
    let v = holdsControl.get(s);
    if (v === undefined) {
      v = s.matches('script, style, label') || s.querySelector('input, select, textarea, button') !== null;
      holdsControl.set(s, v);
    }
    return v;
  };
  const textBefore = new Map<Element, string>();
  const precedingText = (from: Element): string => {
    const walked: Element[] = [];
    let found = '';
    for (let e: Element | null = from; e && e !== doc.body; e = e.parentElement) {
      const known = textBefore.get(e);
      if (known !== undefined) {
        found = known;
        break;
      }
      walked.push(e);
      let steps = 0;
      for (
        let s = e.previousElementSibling;
        s && steps < 60 && !found;
        s = s.previousElementSibling, steps++
      ) {
        if (!skipped(s)) found = questionText(s.textContent);
      }
      if (found) break;
    }
    for (const e of walked) textBefore.set(e, found);
    return found;
  };
  const questionOf = (container: Element): string => {
    const labelledBy = container.getAttribute('aria-labelledby');
    if (labelledBy) {
      const t = questionText(textOfIds(labelledBy, QUESTION_CHARS + 1));
      if (t) return t;
    }
    const aria = container.getAttribute('aria-label');
    if (aria) return questionText(aria);
    if (container.tagName === 'FIELDSET') {
      const legend = container.querySelector(':scope > legend');
      if (legend) return questionText(legend.textContent);
    }
    return precedingText(container);
  };

  const groups: ScanGroup[] = [];
  const groupIndex = new Map<Element | string, number>();
  const forms: ScanForm[] = [];
  const formIndex = new Map<Element, number>();
  const groupOf = (el: Element, role: string): number => {
    const choice = CHOICE_ROLES.includes(` ${role} `);
    if (!choice && !FIELD_ROLES.includes(` ${role} `)) return -1;
    const container = el.closest('fieldset, [role="radiogroup"], [role="group"], [role="listbox"]');
    if (container && container !== el) {
      let index = groupIndex.get(container);
      if (index === undefined) {
        const r = container.getAttribute('role');
        index = groups.length;
        groups.push({
          kind:
            container.tagName === 'FIELDSET'
              ? 'fieldset'
              : r === 'radiogroup' || r === 'listbox'
                ? r
                : 'group',
          selector: selectorOf(container),
          question: questionOf(container),
        });
        groupIndex.set(container, index);
      }
      return index;
    }
    const parent = el.parentElement;
    // Options and fields often each sit in their own label or row: the question precedes the row.
    const anchor = parent && parent.tagName === 'LABEL' ? parent : el;
    const name = el.getAttribute('name');
    const drawnQuestion = choice && !name ? representedParent(el) : null;
    if (drawnQuestion) {
      // Storyline's quiz choices have no name and no group element: their twins name the question object.
      let index = groupIndex.get(drawnQuestion);
      if (index === undefined) {
        const row = parent ?? el;
        index = groups.length;
        groups.push({ kind: 'group', selector: selectorOf(row), question: precedingText(row) });
        groupIndex.set(drawnQuestion, index);
      }
      return index;
    }
    if (!choice || !name) {
      if (choice) return -1;
      groups.push({ kind: 'field', selector: selectorOf(el), question: precedingText(anchor) });
      return groups.length - 1;
    }
    const form = (el as HTMLInputElement).form;
    const key = `${form ? (formIndex.get(form) ?? 'f') : 'doc'}:${role}:${name}`;
    let index = groupIndex.get(key);
    if (index === undefined) {
      index = groups.length;
      groups.push({ kind: 'name', selector: selectorOf(anchor), question: precedingText(anchor) });
      groupIndex.set(key, index);
    }
    return index;
  };
  const formOf = (el: Element): number => {
    const form = (el as HTMLInputElement).form ?? el.closest('form');
    if (!form) return -1;
    let index = formIndex.get(form);
    if (index === undefined) {
      index = forms.length;
      forms.push({
        selector: selectorOf(form),
        id: form.id || null,
        name: form.getAttribute('name'),
        action: form.getAttribute('action'),
      });
      formIndex.set(form, index);
    }
    return index;
  };

  // One walk over the elements (capped): open shadow roots, and elements styled clickable.
  const walked = doc.getElementsByTagName('*');
  const walkLimit = Math.min(walked.length, opts.maxWalk);
  const shadowRoots: ShadowRoot[] = [];
  const pointerOrigins: Element[] = [];
  const pointer = new Map<Element, boolean>();
  const hasPointer = (el: Element): boolean => {
    let v = pointer.get(el);
    if (v === undefined) {
      v = getComputedStyle(el).cursor === 'pointer';
      pointer.set(el, v);
    }
    return v;
  };
  let walkedCount = 0;
  const walk = (elements: ArrayLike<Element>): void => {
    for (let i = 0; i < elements.length && walkedCount < opts.maxWalk; i++, walkedCount++) {
      const el = elements[i] as Element;
      if (el.shadowRoot) shadowRoots.push(el.shadowRoot);
      if (!hasPointer(el) && !drawnClickable(el) && !listens(el)) continue;
      const parent = el.parentElement;
      if (!parent || !hasPointer(parent)) pointerOrigins.push(el);
    }
  };
  walk(Array.prototype.slice.call(walked, 0, walkLimit) as Element[]);
  for (let r = 0; r < shadowRoots.length; r++) walk((shadowRoots[r] as ShadowRoot).querySelectorAll('*'));

  const found: Element[] = Array.from(doc.querySelectorAll(CANDIDATES));
  for (const root of shadowRoots) found.push(...Array.from(root.querySelectorAll(CANDIDATES)));
  const candidates: ScanCandidate[] = [];
  const candidateElements: Element[] = [];
  const controls = new Set<Element>();
  const active = deepActive(doc);
  let focused: number | string | null = null;
  let failed = 0;
  const limit = Math.min(found.length, opts.maxCandidates);
  const add = (el: HTMLElement, clickable: boolean, dropTarget = false, zoneName = ''): void => {
    // The page itself is no control, whatever role, tabindex or listener it carries (Adapt's body).
    if (el === doc.body || el === doc.documentElement) return;
    // One field on screen is one control: the accessible twin is listed, and acted on through this drawing.
    if (!clickable && drawnFieldOfTwin(el)) return;
    // One drawn button is one control: the twin of a shape inside it is left to the button's twin.
    if (!clickable && insideClickableTwin(el)) return;
    const tag = el.localName;
    const explicit = (el.getAttribute('role') ?? '').trim().split(/\s+/)[0] || null;
    // A page's header or footer is no control of the course, even focusable and clickable (iSpring's
    // "Created with iSpring evaluation version." banner, ispring-1): a learner does not answer or move on there.
    if (explicit === 'banner' || explicit === 'contentinfo') return;
    const type =
      tag === 'input' || tag === 'button' ? ((el as HTMLInputElement).type || 'text').toLowerCase() : null;
    const ariaRole = clickable ? (roleOf(el) ?? 'generic') : (roleOf(el) ?? explicit);
    if (!clickable && (!ariaRole || !INTERACTIVE_ROLES.includes(` ${ariaRole} `))) {
      // [role] and [tabindex] catch landmarks and containers too: keep controls only.
      if (!el.hasAttribute('onclick') && !(el.hasAttribute('tabindex') && el.tabIndex >= 0)) return;
    }
    const r = el.getBoundingClientRect();
    const style = getComputedStyle(el);
    const rendered =
      r.width > 0 &&
      r.height > 0 &&
      style.visibility !== 'hidden' &&
      style.display !== 'none' &&
      // Storyline draws every twin so (transparent, out of the pointer's way): its drawing is what shows.
      (!fadedOut(el, style) || drawnTwinShown(el));
    // A sighted learner clicks what is drawn whatever its ARIA state.
    if (clickable && !rendered) return;
    const drawn = rendered && drawnTwinShown(el) ? drawingOfTwin(el) : null;
    if (drawn && twinUnderShade(drawn)) return;
    const srOnly =
      rendered &&
      ((r.width <= 2 && r.height <= 2) ||
        style.clip === 'rect(0px, 0px, 0px, 0px)' ||
        style.clipPath === 'inset(50%)' ||
        Number(style.opacity) === 0) &&
      !drawnTwinShown(el);
    const input = el as HTMLInputElement;
    const isField = tag === 'input' || tag === 'select' || tag === 'textarea';
    const checkable = type === 'checkbox' || type === 'radio';
    // A drag item its author left unnamed (storyline-2's state group around a shirt's picture) is named,
    // like a drop target, by what is drawn in it.
    const ownName = dropTarget
      ? clip(dropTargetName(el)) || clip(zoneName)
      : nameOf(el, opts.maxText) ||
        (clickable ? clip(el.getAttribute('data-acc-text')) : '') ||
        (clickable && draggable(el) ? clip(dropTargetName(el)) : '');
    const text = clip(el.textContent);
    // A control drawn as an icon alone is named by what its icon shows.
    const accName =
      clip(wordsDrawnOnTwin(el, ownName)) || ownName || (!clickable && !text ? iconName(el) : '');
    if (clickable && !accName && !text) return;
    let hints = `${declaredDirection(el)} ${el.id} ${typeof el.className === 'string' ? el.className : ''}`;
    for (let c = el.firstElementChild, n = 0; c && n < 3; c = c.nextElementSibling, n++) {
      hints += ` ${typeof c.className === 'string' ? c.className : ''} ${c.getAttribute('aria-label') ?? ''}`;
    }
    const labelledBy = el.getAttribute('aria-labelledby');
    const fieldLabels = isField ? (input.labels ?? null) : null;
    let named = labelledBy ? textOfIds(labelledBy) : '';
    if (fieldLabels) for (const l of Array.from(fieldLabels)) named += ` ${clip(l.textContent)}`;
    const label = [
      el.getAttribute('aria-label'),
      el.getAttribute('title'),
      el.getAttribute('alt'),
      el.getAttribute('placeholder'),
      tag === 'input' && !checkable && type !== 'text' ? input.value : null,
    ]
      .filter((v) => v)
      .join(' | ');
    const index = candidates.length;
    controls.add(el);
    candidateElements.push(el);
    candidates.push({
      ref: rendered ? refOf(el) : null,
      selector: selectorOf(el),
      tag,
      type,
      role: explicit,
      ariaRole,
      accName,
      rendered,
      pointerEvents: style.pointerEvents !== 'none',
      srOnly,
      clickable,
      text,
      label: clip(label),
      labelledBy: clip(named),
      href: tag === 'a' || tag === 'area' ? el.getAttribute('href') : null,
      hints: clip(hints, 200),
      form: clickable ? -1 : formOf(el),
      group: clickable ? -1 : groupOf(el, ariaRole ?? ''),
      name: el.getAttribute('name'),
      value: isField && !checkable ? clip(fieldValue(el), 200) : null,
      checked: checkedOf(el, checkable),
      disabled: disabledOf(el),
      ...(inCarousel(el) ? { inCarousel: true } : {}),
      ...(outsideMain(el, doc) ? { outsideMain: true } : {}),
      ...extraStates(el),
      ...(draggable(el) ? { draggable: true } : {}),
      ...(leavesCourse(el) ? { external: true } : {}),
      ...(dropTarget ? { dropTarget: true } : {}),
    });
    if (el === active) focused = index;
  };
  for (let i = 0; i < limit; i++) {
    try {
      add(found[i] as HTMLElement, false);
    } catch {
      failed++;
    }
  }
  // Clickable non-controls, not inside a control already listed (a "NEXT" div, a drawn shape), nor the
  // drawing of a control its player lists in its accessibility layer (Storyline's acc-button).
  const firstClickable = candidates.length;
  // A hidden control inside (a radio drawn as the option around it) leaves the option clickable.
  const shownControls = new Set(
    candidateElements.filter((_, i) => (candidates[i] as ScanCandidate).rendered),
  );
  for (const el of pointerOrigins) {
    if (candidates.length >= opts.maxCandidates) break;
    if (
      controls.has(el) ||
      insideAny(el, controls) ||
      twinListed(el, controls) ||
      labelOfListed(el, shownControls) ||
      underShade(el)
    )
      continue;
    // A clickable wrapper of a listed control is that control's (Storyline's settings div around its
    // button); a listener on a container of other clickables is the page's delegation.
    // A drag item is picked up as a whole, whatever it holds (storyline-2's state group around its picture).
    if (holdsAny(el, shownControls) || (!hasPointer(el) && !draggable(el) && delegates(el, pointerOrigins)))
      continue;
    try {
      add(el as HTMLElement, true);
    } catch {
      failed++;
    }
  }
  // Drop targets the slide data declares: nothing in the page marks them, a sighted learner sees them.
  const dragDrop = declaredObjects(doc, opts.dragDrop);
  for (const { el, object } of dragDrop) {
    if (object.role !== 'target' || controls.has(el) || candidates.length >= opts.maxCandidates) continue;
    try {
      add(el as HTMLElement, true, true);
    } catch {
      failed++;
    }
  }
  // Choices with neither a name nor a group element (Rise's knowledge check: div role=checkbox rows
  // above its SUBMIT) are one question's options when they sit together, as drawn options are.
  const looseChoices = candidates.flatMap((c, i) =>
    i < firstClickable && c.group < 0 && CHOICE_ROLES.includes(` ${c.ariaRole ?? ''} `) ? [i] : [],
  );
  groupCloseOptions(candidates, candidateElements, looseChoices, (container) => {
    // A checklist the learner ticks off asks nothing: its checkboxes stay toggles.
    if (isChecklist(container)) return -1;
    groups.push({ kind: 'group', selector: selectorOf(container), question: questionOf(container) });
    return groups.length - 1;
  });
  const clickables = candidates.flatMap((_, i) => (i >= firstClickable ? [i] : []));
  groupCloseOptions(candidates, candidateElements, clickables, (container) => {
    groups.push({ kind: 'clickable', selector: selectorOf(container), question: questionOf(container) });
    return groups.length - 1;
  });
  // Cards the pointer grabs with zones near them (Rise's sorting activity): a drag-and-drop too.
  groupDrawnDragDrop(candidates, candidateElements, groups, {
    listZone: (zone, name) => {
      const before = candidates.length;
      if (candidates.length < opts.maxCandidates && !controls.has(zone)) {
        try {
          add(zone as HTMLElement, true, true, name);
        } catch {
          failed++;
        }
      }
      return candidates.length > before ? before : -1;
    },
    newGroup: (item) => {
      const row = item.parentElement ?? item;
      groups.push({ kind: 'drag_drop', selector: selectorOf(row), question: questionOf(row) });
      return groups.length - 1;
    },
    clip: (s) => clip(s),
  });
  groupDragDrop(candidates, candidateElements, dragDrop, (object, el) => {
    const slide = el.closest('.slide') ?? el;
    groups.push({ kind: 'drag_drop', selector: selectorOf(slide), question: questionText(object.question) });
    return groups.length - 1;
  });
  groupDrawnDropdowns(candidates, candidateElements, (box) => {
    groups.push({ kind: 'dropdown', selector: selectorOf(box), question: precedingText(box) });
    return groups.length - 1;
  });
  if (focused === null && active && active !== doc.body && active !== doc.documentElement) {
    focused = `${active.localName}${active.id ? `#${active.id}` : ''}`;
  }
  return {
    url: location.href,
    title: clip(doc.title),
    candidates,
    groups,
    forms,
    headings: headingsOf(doc, clip, refOf),
    dialogs: dialogsOf(doc, clip, refOf),
    text: clip(doc.body ? doc.body.innerText : '', TEXT_CHARS),
    focused,
    elementCount: walked.length,
    candidateCount: found.length,
    truncated: found.length > limit,
    walkTruncated: walked.length > opts.maxWalk,
    failed,
    ...storylineSlidesOf(doc),
  };
}

function storylineSlidesOf(doc: Document): { storylineSlides?: string[] } {
  const ids = storylineSlideIds(doc);
  return ids.length > 0 ? { storylineSlides: ids } : {};
}

/**
 * The items and targets of one declared drag-and-drop form one question (`drag_drop`), whatever close
 * container groups them on screen; an item the data declares is a drag item even without the class.
 */
function groupDragDrop(
  candidates: ScanCandidate[],
  elements: Element[],
  declared: ReturnType<typeof declaredObjects>,
  newGroup: (object: DragDropObject, el: Element) => number,
): void {
  if (declared.length === 0) return;
  const byElement = new Map(declared.map((d) => [d.el, d.object]));
  const byGroup = new Map<string, number>();
  candidates.forEach((c, i) => {
    const object = byElement.get(elements[i] as Element);
    if (!object) return;
    let index = byGroup.get(object.group);
    if (index === undefined) {
      index = newGroup(object, elements[i] as Element);
      byGroup.set(object.group, index);
    }
    c.group = index;
    if (object.role === 'item') c.draggable = true;
  });
}

type Clip = (s: string | null | undefined, max?: number) => string;

function headingsOf(doc: Document, clip: Clip, refOf: (el: Element) => string): ScanHeading[] {
  const out: ScanHeading[] = [];
  for (const el of Array.from(doc.querySelectorAll('h1, h2, h3, h4, h5, h6, [role="heading"]'))) {
    if (out.length >= MAX_HEADINGS) break;
    if (!shown(el)) continue;
    const aria = Number(el.getAttribute('aria-level'));
    const tagLevel = /^h[1-6]$/.test(el.localName) ? Number(el.localName.slice(1)) : null;
    out.push({
      level: aria > 0 ? aria : tagLevel,
      text: nameOf(el, 200) || clip(el.textContent, 200),
      ref: refOf(el),
    });
  }
  return out;
}

function dialogsOf(doc: Document, clip: Clip, refOf: (el: Element) => string): ScanDialog[] {
  const out: ScanDialog[] = [];
  const selector = 'dialog[open], [role="dialog"], [role="alertdialog"], [role="alert"]';
  for (const el of Array.from(doc.querySelectorAll(selector))) {
    if (out.length >= MAX_DIALOGS) break;
    if (!shown(el)) continue;
    out.push({
      role: roleOf(el) ?? 'dialog',
      name: nameOf(el, 200),
      ref: refOf(el),
      text: clip((el as HTMLElement).innerText, 500),
    });
  }
  const modal: UnmarkedModal | DrawnPopup | null = unmarkedModal(doc) ?? drawnPopup(doc);
  const drawnText = modal && 'text' in modal ? (modal as DrawnPopup).text : null;
  if (
    modal &&
    out.length < MAX_DIALOGS &&
    !modal.box.closest(selector) &&
    !modal.box.querySelector(selector)
  ) {
    const heading = modal.box.querySelector('h1, h2, h3, h4, h5, h6, [role="heading"]');
    out.push({
      role: 'dialog',
      name: heading
        ? clip((heading as HTMLElement).innerText, 200)
        : nameOf(modal.box, 200) || clip(drawnText?.split('\n')[0]),
      ref: refOf(modal.box),
      text: clip(drawnText ?? (modal.box as HTMLElement).innerText, 500),
      ...(modal.close ? { close: refOf(modal.close) } : {}),
    });
  }
  return out;
}

/** Rendered and not hidden from assistive technology. */
function shown(el: Element): boolean {
  const r = el.getBoundingClientRect();
  if (r.width <= 0 || r.height <= 0) return false;
  if (getComputedStyle(el).visibility === 'hidden') return false;
  return el.closest('[aria-hidden="true"]') === null;
}

function fieldValue(el: Element): string {
  if (el.localName === 'select') {
    const selected = (el as HTMLSelectElement).selectedOptions;
    return Array.from(selected)
      .map((o) => o.label)
      .join(', ');
  }
  return String((el as HTMLInputElement).value);
}

/**
 * A shape Storyline draws with a trigger on it: the player gives it `cursor-hover` (the hand shows only
 * on hover, so its computed cursor is "auto") and keeps its text in `data-acc-text`.
 */
function drawnClickable(el: Element): boolean {
  return el.classList.contains('slide-object') && el.classList.contains('cursor-hover');
}

/**
 * An element a learner drags rather than clicks: draggable="true", a shape Storyline lets the learner
 * drag onto a target (its freeform and quiz drag-and-drop items carry the class `draggable`), or one the
 * pointer grabs (`cursor: grab`, Rise's sorting cards).
 */
function draggable(el: Element): boolean {
  return (
    el.getAttribute('draggable') === 'true' ||
    (el.classList.contains('slide-object') && el.classList.contains('draggable')) ||
    grabbed(el)
  );
}

function holdsAny(el: Element, set: Set<Element>): boolean {
  const inside = el.getElementsByTagName('*');
  for (let i = 0; i < inside.length; i++) if (set.has(inside[i] as Element)) return true;
  return false;
}

function delegates(el: Element, origins: Element[]): boolean {
  return el.querySelector(CANDIDATES) !== null || origins.some((o) => o !== el && el.contains(o));
}

// The name Storyline gives an object its author left unnamed: its tool and a number ("Group 2").
const DEFAULT_OBJECT_NAME = /^[a-z][a-z ]{0,30} \d+$/i;
// An image's name when its author gave none: the file it was made from ("Image 21.emf").
const IMAGE_FILE_NAME = /\.(png|jpe?g|gif|svg|emf|wmf|bmp|webp)$/i;

/**
 * The words drawn on the object an accessibility twin stands for, when the twin's own name is only
 * Storyline's default one: a sighted learner reads "Proceed" on the drawn shape, not "Group 2".
 * Storyline 360 draws text in fonts it cuts down to the characters used, each given a code of its own, so
 * the drawing's text may not be what the learner reads (storyline-2 draws "כניסה ללומדה" as
 * "הĜćĖĆĆĉהĈąěĎ"); the author's text of the objects inside the drawing (their `data-acc-text`) is.
 */
export function wordsDrawnOnTwin(el: Element, name: string): string {
  const drawn = DEFAULT_OBJECT_NAME.test(name) ? drawingOfTwin(el) : null;
  if (!drawn) return '';
  const authored = Array.from(drawn.querySelectorAll('[data-model-id]'))
    .map((inner) => (inner.getAttribute('data-acc-text') ?? '').replace(/\s+/g, ' ').trim())
    .filter((text) => text && !DEFAULT_OBJECT_NAME.test(text) && !IMAGE_FILE_NAME.test(text));
  return authored.length > 0 ? authored.join(' ') : (drawn.textContent ?? '');
}

/**
 * A transparent Storyline twin whose drawn object is on screen: the learner sees and clicks that drawing,
 * so the twin is not a screen-reader-only control (as a skip link is).
 */
function drawnTwinShown(el: Element): boolean {
  const drawn = drawingOfTwin(el);
  if (!drawn) return false;
  const r = drawn.getBoundingClientRect();
  return r.width > 2 && r.height > 2 && getComputedStyle(drawn).visibility !== 'hidden';
}

/**
 * The object a Storyline twin's drawn object belongs to, when it is inside one: its `data-represents` is
 * `_player.<scene>.<slide>[.<parent>].<object>`, and a quiz's choices share their answer list as parent.
 */
function representedParent(el: Element): string | null {
  const path = (el.getAttribute('data-represents') ?? '').split('.');
  return path.length >= 5 ? `represents:${path.slice(0, -1).join('.')}` : null;
}

/**
 * The field Storyline draws inside a slide object whose accessibility layer has a field of its own
 * (`acc-<data-model-id>`, on screen): the same text box to a learner. Storyline 3 draws it read-only and
 * aria-hidden and moves the focus to the twin when it is clicked; Storyline 360 types into the drawing.
 * Either way the twin is the one control listed (storyline-1 listed both, and a fill of the drawing was
 * refused as read-only).
 */
function drawnFieldOfTwin(el: Element): boolean {
  if ((el.localName !== 'input' && el.localName !== 'textarea') || el.id.startsWith('acc-')) return false;
  const id = el.closest('[data-model-id]')?.getAttribute('data-model-id');
  const twin = id ? el.ownerDocument.getElementById(`acc-${id}`) : null;
  if (!twin || twin === el || (twin.localName !== 'input' && twin.localName !== 'textarea')) return false;
  const r = twin.getBoundingClientRect();
  return r.width > 0 && r.height > 0;
}

/**
 * Inside the <label> of a control listed with a ref, or that label: the drawing of that control (Adapt draws
 * each option in the label of its clipped checkbox), which the control's ref already clicks. A label whose
 * control is not rendered at all (display:none) stays: it is what the learner has to click.
 */
function labelOfListed(el: Element, controls: Set<Element>): boolean {
  const control = (el.closest('label') as HTMLLabelElement | null)?.control;
  return control !== null && control !== undefined && controls.has(control);
}

function twinListed(el: Element, controls: Set<Element>): boolean {
  const twin = twinOfDrawing(el);
  return twin !== null && controls.has(twin);
}

/** Bars, menus and tab lists of a player or a page: what they hold are its controls, not answers. */
const PLAYER_BARS =
  'nav, header, footer, [role="navigation"], [role="toolbar"], [role="menu"], [role="menubar"], ' +
  '[role="tablist"], [role="banner"], [role="search"]';
/** Options of one question sit a few levels under one container; more than this is a menu or a grid. */
const MAX_OPTIONS = 12;
const OPTION_DEPTH = 4;

/**
 * Options that share a close container (at most OPTION_DEPTH levels up, holding 2 to MAX_OPTIONS of
 * them) are one question's options, as iSpring draws its answer choices: a group each (`newGroup`), named
 * by the text before the container. `indices`: the candidates looked at, in document order.
 */
function groupCloseOptions(
  candidates: ScanCandidate[],
  elements: Element[],
  indices: number[],
  newGroup: (container: Element) => number,
): void {
  const counts = new Map<Element, number>();
  const chains: Element[][] = [];
  for (const i of indices) {
    const chain: Element[] = [];
    let p = (elements[i] as Element).parentElement;
    for (let d = 0; p && d < OPTION_DEPTH && p !== p.ownerDocument.body; d++, p = p.parentElement) {
      chain.push(p);
      counts.set(p, (counts.get(p) ?? 0) + 1);
    }
    chains.push(chain);
  }
  const groupOfContainer = new Map<Element, number>();
  chains.forEach((chain, k) => {
    const container = chain.find((p) => (counts.get(p) ?? 0) >= 2);
    if (!container || (counts.get(container) ?? 0) > MAX_OPTIONS || container.closest(PLAYER_BARS)) return;
    let index = groupOfContainer.get(container);
    if (index === undefined) {
      index = newGroup(container);
      groupOfContainer.set(container, index);
    }
    (candidates[indices[k] as number] as ScanCandidate).group = index;
  });
}

function insideAny(el: Element, set: Set<Element>): boolean {
  for (let p = el.parentElement; p; p = p.parentElement) if (set.has(p)) return true;
  return false;
}

/** The focused element, looked for through open shadow roots. */
function deepActive(doc: Document): Element | null {
  let active = doc.activeElement;
  while (active?.shadowRoot?.activeElement) active = active.shadowRoot.activeElement;
  return active;
}

/**
 * A link to another site (another origin, mailto:, tel:): it takes the learner out of the course, as
 * ispring-2's "Created with iSpring" credit did, opening ispring.com in a window of its own.
 */
function leavesCourse(el: Element): boolean {
  if (el.localName !== 'a' && el.localName !== 'area') return false;
  const href = el.getAttribute('href');
  if (!href || href.startsWith('#') || /^javascript:/i.test(href.trim())) return false;
  try {
    const url = new URL(href, el.ownerDocument.baseURI);
    if (url.protocol === 'mailto:' || url.protocol === 'tel:') return true;
    return (
      (url.protocol === 'http:' || url.protocol === 'https:') &&
      url.origin !== el.ownerDocument.location.origin
    );
  } catch {
    return false;
  }
}
