/**
 * Articulate Storyline (HTML5/360): GetPlayer() and the DS object; the stage #preso, visually hidden
 * accessible controls (.acc-shadow-el), scripts under html5/lib/scripts/. Storyline gives scripts no slide
 * number or jump API; the menu outline (role=treeitem, the current one aria-selected) is read when shown.
 * On each slide change the player writes "<localised 'Slide'>: <slide title>" into its live region #slide-label.
 */
import type { SlideEntry } from '../../types.js';
import type { PlayerAdapter } from '../adapter.js';
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

  unsupportedGoto:
    'Storyline has no script API to jump to a slide: click its Next button (or a menu entry) with scorm_dom_click',
};
