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

function titleOf(item: Element): string | null {
  const el = item.querySelector(TITLE);
  const whole = str(el?.getAttribute('title')) ?? str(el?.getAttribute('aria-label')) ?? textOf(el);
  // The outline numbers its entries; the number is the position, not part of the title.
  return whole ? str(whole.replace(/^\d{1,4}\.\s*/, '')) : null;
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
export function clickOutlineEntry(doc: Document, index: number): GotoOutcome {
  const item = items(doc)[index - 1];
  if (!item)
    return {
      ok: false,
      reason: 'the iSpring player shows no outline entry for that slide (its outline is not published)',
    };
  press(item.querySelector('.slide-item-view__content') ?? item);
  return { ok: true, method: 'a click on the iSpring outline entry' };
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
