/**
 * What a published Adapt course shows when scripts cannot reach its Adapt object (Adapt 5 keeps it in its
 * module loader): its menu of pages (.menu-item[data-adapt-id], the title in .menu-item__title or
 * .menu-item-title, locked ones .is-locked), and where the learner is, from the location classes Adapt puts
 * on #wrapper and html (location-menu / location-page, location-id-<id>). A jump presses the menu entry's
 * link or button, as a learner does.
 */
import type { GotoOutcome, SlideEntry } from '../../types.js';
import { press } from '../press.js';
import { str, textOf } from '../safe.js';
import { seenText } from '../seen-text.js';

const MENU_ITEM = '.menu-item[data-adapt-id]';
const ITEM_TITLE = '.menu-item__title, .menu-item-title';
const PAGE_TITLE = '.page__title, .page-title';

interface MenuItem {
  id: string;
  title: string | null;
  locked: boolean;
  el: Element;
}

export interface AdaptLocation {
  kind: 'menu' | 'page' | null;
  id: string | null;
}

/** The location Adapt marks on #wrapper (or html): what the learner is shown. */
export function adaptLocation(doc: Document): AdaptLocation {
  for (const el of [doc.getElementById('wrapper'), doc.documentElement]) {
    const classes = Array.from(el?.classList ?? []);
    const id = classes.find((c) => c.startsWith('location-id-'))?.slice('location-id-'.length) ?? null;
    const kind = classes.includes('location-page')
      ? 'page'
      : classes.includes('location-menu')
        ? 'menu'
        : null;
    if (id !== null || kind !== null) return { kind, id };
  }
  return { kind: null, id: null };
}

export function menuItems(doc: Document): MenuItem[] {
  return Array.from(doc.querySelectorAll(MENU_ITEM))
    .slice(0, 2000)
    .filter((el) => el.parentElement?.closest(MENU_ITEM) === null)
    .map((el) => ({
      id: el.getAttribute('data-adapt-id') ?? '',
      title: seenText(el.querySelector(ITEM_TITLE)) ?? textOf(el.querySelector(ITEM_TITLE)),
      locked: el.matches('.is-locked') || el.querySelector('.is-locked, button[disabled]') !== null,
      el,
    }))
    .filter((item) => item.id !== '');
}

/** The menu's pages as slides; the current one is the page shown (none while the menu is shown). */
export function menuSlides(doc: Document): SlideEntry[] | null {
  const items = menuItems(doc);
  if (items.length === 0) return null;
  const here = adaptLocation(doc);
  return items.map((item, i): SlideEntry => {
    const entry: SlideEntry = {
      index: i + 1,
      id: item.id,
      current: here.kind === 'page' && here.id === item.id,
    };
    if (item.title) entry.title = item.title;
    return entry;
  });
}

/** The title of the page shown, as the learner reads it. */
export function pageTitle(doc: Document): string | null {
  return seenText(doc.querySelector(PAGE_TITLE)) ?? str(textOf(doc.querySelector(PAGE_TITLE)));
}

export function pressMenuItem(doc: Document, id: string | null, index: number): GotoOutcome {
  const items = menuItems(doc);
  const item = id !== null ? items.find((i) => i.id === id) : items[index - 1];
  if (!item)
    return {
      ok: false,
      reason:
        'the Adapt menu is not shown, so its entry for that page cannot be pressed (its Back to menu button returns to it)',
    };
  if (item.locked)
    return {
      ok: false,
      reason: `the course locks page ${index} on its menu (Adapt's menu locking): the pages before it must be completed first`,
    };
  const control = item.el.querySelector('a[href], button:not([disabled])') ?? item.el;
  press(control);
  return { ok: true, method: 'a press on the Adapt menu entry' };
}
