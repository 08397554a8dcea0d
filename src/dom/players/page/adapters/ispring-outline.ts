/**
 * What the iSpring HTML5 player shows when scripts cannot reach its player object (the published player keeps
 * it private): the outline's slide entries (.slide-item-view, role=treeitem, the current one aria-selected,
 * titles numbered "1. …" and cut with "…" in the text but whole in title/aria-label), and the playbar's
 * "1 / 8" position label. Jumping clicks the outline entry, as a learner does.
 */
import { parseSlideIndicator } from '../../indicators.js';
import type { GotoOutcome, SlideEntry } from '../../types.js';
import { press, until } from '../press.js';
import { str, textOf } from '../safe.js';

const OUTLINE_ITEM = '.slide-item-view[role="treeitem"]';
const TITLE = '.slide-item-view__title';
const POSITION = '.progressbar__label:not(.progressbar__label_type_time)';

function items(doc: Document): Element[] {
  return Array.from(doc.querySelectorAll(OUTLINE_ITEM)).slice(0, 5000);
}

function wholeTitle(item: Element): string | null {
  const el = item.querySelector(TITLE);
  return str(el?.getAttribute('title')) ?? str(el?.getAttribute('aria-label')) ?? textOf(el);
}

function titleOf(item: Element): string | null {
  const whole = wholeTitle(item);
  // The outline numbers its entries; the number is the position, not part of the title.
  return whole ? str(whole.replace(/^\d{1,4}(?:\.\d{1,4})*\.\s*/, '')) : null;
}

/**
 * The slide an entry stands for, from its number: "6. …" is slide 6; "7.1. …" is a part of slide 7 (a quiz
 * opened shows its questions under it), not a slide of its own. The outline draws only the entries near its
 * scroll position (ispring-1 inside its quiz dropped "1." and showed "7.1."), so the position in the list is
 * not the slide number. Null when entries are not numbered.
 */
function numberOf(item: Element): { slide: number; part: boolean } | null {
  const m = /^(\d{1,4})((?:\.\d{1,4})*)\.\s/.exec(wholeTitle(item) ?? '');
  return m ? { slide: Number(m[1]), part: (m[2] ?? '') !== '' } : null;
}

/** Entry per slide number, when every entry is numbered; null otherwise. */
function numbered(listed: Element[]): Map<number, { item: Element; current: boolean }> | null {
  const bySlide = new Map<number, { item: Element; current: boolean }>();
  for (const item of listed) {
    const n = numberOf(item);
    if (!n) return null;
    const selected = item.getAttribute('aria-selected') === 'true';
    const known = bySlide.get(n.slide);
    if (!n.part) bySlide.set(n.slide, { item, current: selected || (known?.current ?? false) });
    else if (known) known.current ||= selected;
    else bySlide.set(n.slide, { item, current: selected });
  }
  return bySlide;
}

/** The playbar's "N / M", where the player shows one. */
export function outlinePosition(doc: Document): { current: number; total: number } | null {
  for (const el of Array.from(doc.querySelectorAll(POSITION)).slice(0, 5)) {
    const parsed = parseSlideIndicator(textOf(el) ?? '');
    if (parsed) return parsed;
  }
  return null;
}

/** Slides from the outline, or positions from the playbar label; null when the page shows neither. */
export function outlineSlides(doc: Document): SlideEntry[] | null {
  const listed = items(doc);
  const bySlide = listed.length > 0 ? numbered(listed) : null;
  if (bySlide && bySlide.size > 0) {
    const total = Math.max(...bySlide.keys(), outlinePosition(doc)?.total ?? 0);
    return Array.from({ length: Math.min(total, 5000) }, (_, i): SlideEntry => {
      const at = bySlide.get(i + 1);
      const entry: SlideEntry = { index: i + 1, current: at?.current ?? false };
      const title = at && numberOf(at.item)?.part === false ? titleOf(at.item) : null;
      if (title) entry.title = title;
      return entry;
    });
  }
  if (listed.length > 0) {
    return listed.map((item, i): SlideEntry => {
      const entry: SlideEntry = { index: i + 1, current: item.getAttribute('aria-selected') === 'true' };
      const title = titleOf(item);
      if (title) entry.title = title;
      return entry;
    });
  }
  const position = outlinePosition(doc);
  if (!position) return null;
  return Array.from({ length: position.total }, (_, i) => ({
    index: i + 1,
    current: i + 1 === position.current,
  }));
}

/** Clicks the target's outline entry as a pointer does (press.ts). */
export async function clickOutlineEntry(doc: Document, index: number): Promise<GotoOutcome> {
  const item = await entryFor(doc, index);
  if (!item)
    return {
      ok: false,
      reason: 'the iSpring player shows no outline entry for that slide (its outline is not published)',
    };
  press(item.querySelector('.slide-item-view__content') ?? item);
  return { ok: true, method: 'a click on the iSpring outline entry' };
}

/** The entry of slide `index`: by its number where entries are numbered, scrolling the outline to draw it. */
async function entryFor(doc: Document, index: number): Promise<Element | undefined> {
  const find = (): Element | undefined => {
    const listed = items(doc);
    const bySlide = numbered(listed);
    return bySlide ? bySlide.get(index)?.item : listed[index - 1];
  };
  for (let i = 0; i < 20; i++) {
    const found = find();
    if (found) return found;
    const listed = items(doc);
    const numbers = listed.map((e) => numberOf(e)?.slide ?? 0);
    const edge = index < Math.min(...numbers) ? listed[0] : listed[listed.length - 1];
    if (!edge) return undefined;
    edge.scrollIntoView({ block: index < Math.min(...numbers) ? 'end' : 'start' });
    await until(() => find() !== undefined, 200);
  }
  return find();
}

/** iSpring 9's outline button (universal skin: its control panel's std-outline button). */
const OUTLINE_BUTTON = '[class*="button_std-outline"], [class*="outline-button"]';

/** Presses the player's outline button and waits (bounded) until its entries are drawn; whether they are. */
export async function openOutline(doc: Document): Promise<boolean> {
  const button = doc.querySelector(OUTLINE_BUTTON);
  if (!button) return false;
  press(button);
  return until(() => items(doc).length > 0, 2_000);
}
