/**
 * Articulate Storyline (HTML5/360): GetPlayer() and the DS object; the stage #preso, visually hidden
 * accessible controls (.acc-shadow-el), scripts under html5/lib/scripts/. Storyline gives scripts no slide
 * number or jump API; the menu outline (role=treeitem, the current one aria-selected) is read when shown,
 * and the slide on the stage names its id in a class.
 * On each slide change the player writes "<localised 'Slide'>: <slide title>" into its live region #slide-label.
 * A jump is a learner's press on the menu entry, the menu opened first when it is collapsed; the course's menu
 * navigation (free, restricted to slides viewed, locked) is read by Node from its frame data.
 */
import type { GotoOutcome, GotoTarget, SlideEntry } from '../../types.js';
import type { PlayerAdapter } from '../adapter.js';
import { onScreen, press, until } from '../press.js';
import { str, textOf } from '../safe.js';

const OUTLINE_ITEMS =
  '#outline-panel [role="treeitem"], #outline-content [role="treeitem"], .outline [role="treeitem"]';

function outline(doc: Document): Element[] {
  // Scene headings hold slides: count the leaves only.
  return Array.from(doc.querySelectorAll(OUTLINE_ITEMS)).filter(
    (el) => !el.querySelector('[role="treeitem"]'),
  );
}

/** The current slide's title from the live region, without its localised "Slide: " prefix. */
function announcedTitle(doc: Document): string | null {
  const text = textOf(doc.querySelector('#slide-label'));
  return text ? str(text.replace(/^[^:]{1,30}:\s*/, '')) : null;
}

// The slide on the stage carries its id (its data file's name, html5/data/js/<id>.js) as a class "cs-<id>".
const SLIDE_ID_CLASS = /^cs-([A-Za-z0-9]{6,20})$/;

/**
 * The id of the slide on the stage: the last one drawn, which a transition brings in over the one it
 * replaces. Two slides may share a title (storyline-2 has two "סיכום"); their ids differ.
 */
function stageSlideId(doc: Document): string | null {
  const slides = Array.from(doc.querySelectorAll('#slide-window .slide, .slide-container .slide'));
  for (const slide of slides.reverse()) {
    for (const name of Array.from(slide.classList)) {
      const id = SLIDE_ID_CLASS.exec(name)?.[1];
      if (id) return id;
    }
  }
  return null;
}

/**
 * Whether the player shows its slide loader: the slide waits for its media before it is shown. The player
 * keeps an idle loader in the page, displayed but with an empty box (storyline-3 on every slide).
 */
function loaderShown(win: Window, doc: Document): boolean {
  return Array.from(doc.querySelectorAll('.slide-loader')).some((el) => {
    const style = win.getComputedStyle(el);
    const box = el.getBoundingClientRect();
    return (
      box.width > 0 &&
      box.height > 0 &&
      style.display !== 'none' &&
      style.visibility !== 'hidden' &&
      Number(style.opacity) > 0
    );
  });
}

/** How many of the page's media elements the browser could not load (an empty or missing file). */
function failedMedia(doc: Document): number {
  return Array.from(doc.querySelectorAll('video, audio')).filter(
    (m) => (m as HTMLMediaElement).error !== null,
  ).length;
}

/**
 * The current entry: aria-selected or aria-current; Storyline 360 marks neither and gives the entry's own
 * row the class cs-selected (storyline-3: 26 entries, none current by ARIA).
 */
function isCurrent(el: Element): boolean {
  return (
    el.getAttribute('aria-selected') === 'true' ||
    el.matches('[aria-current]:not([aria-current="false"])') ||
    el.querySelector(':scope > .cs-listitem.cs-selected') !== null
  );
}

export const storyline: PlayerAdapter = {
  name: 'storyline',
  signature: {
    globals: [
      ['GetPlayer', 0.6, 'function'],
      ['DS', 0.6],
    ],
    selectors: [
      ['#preso', 0.4],
      ['.acc-shadow-el, .acc-shadow-dom', 0.5, 'accessible shadow controls'],
      ['script[src*="html5/lib/scripts/"]', 0.5, 'html5/lib/scripts/ script'],
      ['#slide-window, #slide', 0.2],
    ],
  },

  async read(win, doc, reader) {
    const items = outline(doc);
    // A slide that never leaves its loader is a gate of the course, not a page without controls.
    if (loaderShown(win, doc)) {
      const failed = failedMedia(doc);
      reader.notes.push(
        `Storyline is loading this slide (its loader is shown): the learner waits for it${failed ? `; ${failed} video/audio element(s) of the page failed to load (an empty or missing media file keeps the loader up)` : ''}`,
      );
    }
    const pos = items.findIndex(isCurrent);
    if (items.length === 0)
      reader.notes.push(
        'Storyline gives scripts no slide number; its menu outline is not shown on this page',
      );
    return {
      slide_number: pos >= 0 ? pos + 1 : null,
      total_slides: items.length > 0 ? items.length : null,
      slide_id: stageSlideId(doc),
      slide_title: (pos >= 0 ? textOf(items[pos]) : null) ?? announcedTitle(doc),
    };
  },

  async slides(_win, doc) {
    const items = outline(doc);
    if (items.length === 0)
      return {
        supported: false,
        reason: 'Storyline lists its slides only in its menu outline, which is not shown',
      };
    return {
      supported: true,
      slides: items.map((el, i): SlideEntry => {
        const entry: SlideEntry = { index: i + 1, current: isCurrent(el) };
        const title = textOf(el);
        if (title) entry.title = title;
        return entry;
      }),
    };
  },

  async goTo(_win, doc, _reader, target) {
    return pressMenuEntry(doc, target);
  },
};

/** The row a learner presses: the entry's own list item, else the entry. */
function rowOf(item: Element): Element {
  return item.querySelector(':scope > .cs-listitem') ?? item;
}

const MENU_OPENERS = ['#hamburger[aria-expanded="false"]', '#outline-tab:not([aria-selected="true"])'];

/** Opens the sidebar and the menu tab, then the scenes that hold the entry, until the row is drawn. */
async function openMenuTo(doc: Document, item: Element): Promise<boolean> {
  const row = rowOf(item);
  const shown = (): boolean => {
    scrollMenuTo(row);
    return onScreen(row);
  };
  for (const selector of MENU_OPENERS) {
    if (shown()) return true;
    const opener = doc.querySelector(selector);
    if (opener) {
      press(opener);
      await until(shown, 1_500);
    }
  }
  // Scenes hold their slides folded: unfold the outermost folded one first, at most a few levels.
  for (let depth = 0; depth < 5; depth++) {
    const folded = Array.from(doc.querySelectorAll('[role="treeitem"][aria-expanded="false"]')).find((g) =>
      g.contains(item),
    );
    if (!folded) break;
    press(rowOf(folded));
    if (!(await until(() => folded.getAttribute('aria-expanded') === 'true', 1_000))) break;
  }
  return until(shown, 1_000);
}

/** Scrolls the menu's own pane (never the page) so that the row is in it, as a learner scrolls a long menu. */
function scrollMenuTo(row: Element): void {
  const pane = row.parentElement?.closest('.is-scrollable');
  if (!pane) return;
  const r = row.getBoundingClientRect();
  const p = pane.getBoundingClientRect();
  if (r.height > 0 && (r.top < p.top || r.bottom > p.bottom)) pane.scrollTop += r.top - p.top - p.height / 2;
}

async function pressMenuEntry(doc: Document, target: GotoTarget): Promise<GotoOutcome> {
  const item = outline(doc)[target.index - 1];
  if (!item) return { ok: false, reason: `the Storyline menu shows no entry for slide ${target.index}` };
  const row = rowOf(item);
  if (target.menu_flow === 'locked')
    return {
      ok: false,
      reason:
        "the course locks its menu (Storyline's menu navigation is locked): a learner cannot choose a slide there, only go on with the slide's own buttons",
    };
  if (target.menu_flow === 'restricted' && !isCurrent(item) && !row.classList.contains('cs-viewed'))
    return {
      ok: false,
      reason: `the course restricts its menu to slides already viewed (Storyline's menu navigation is restricted), and slide ${target.index} has not been viewed`,
    };
  if (!(await openMenuTo(doc, item)))
    return {
      ok: false,
      reason: `the Storyline menu entry of slide ${target.index} stays hidden after opening the menu`,
    };
  press(row);
  return { ok: true, method: 'a press on the Storyline menu entry' };
}
