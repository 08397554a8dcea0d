/**
 * Articulate Rise 360: a single-page app whose lessons are hash routes (#/lessons/<id>), linked from its
 * sidebar outline; lesson headers say "Lesson 3 of 10". Navigation is its own router: setting the hash.
 */
import type { SlideEntry } from '../../types.js';
import type { PlayerAdapter } from '../adapter.js';
import { textOf } from '../safe.js';
import { seenText } from '../seen-text.js';

const LESSON_LINK = 'a[href*="#/lessons/"]';
// The title over the lesson, as the learner reads it.
const LESSON_HEADING = '[class*="lesson-header__title"]';

interface Lesson {
  id: string;
  title: string | null;
}

/** The cover page's Start button links to the first lesson: its words are not the lesson's title. */
const START_BUTTON = '[class*="cover__header"] a, a[class*="action-link"], a[class*="overview__button"]';

function lessons(doc: Document): Lesson[] {
  const byId = new Map<string, Lesson>();
  for (const a of Array.from(doc.querySelectorAll(LESSON_LINK)).slice(0, 5000)) {
    const id = lessonId(a.getAttribute('href') ?? '');
    if (!id) continue;
    const known = byId.get(id);
    const isStart = a.matches(START_BUTTON);
    if (known && (isStart || known.title !== null)) continue;
    byId.set(id, { id, title: isStart ? null : (seenText(a) ?? textOf(a)) });
  }
  return [...byId.values()];
}

function lessonId(href: string): string | null {
  const m = /#\/lessons\/([^/?#]+)/.exec(href);
  return m?.[1] ? decodeURIComponent(m[1]) : null;
}

export const rise: PlayerAdapter = {
  name: 'rise',
  signature: {
    globals: [['courseData', 0.3]],
    selectors: [
      [LESSON_LINK, 0.6, 'links to #/lessons/'],
      ['.lesson-main, .blocks-lesson, [class*="lesson-header"]', 0.5, 'lesson layout'],
      ['.nav-sidebar, [class*="nav-sidebar"]', 0.3, 'sidebar outline'],
    ],
  },

  async read(win, doc) {
    const all = lessons(doc);
    const here = lessonId(win.location.hash);
    const pos = here === null ? -1 : all.findIndex((l) => l.id === here);
    return {
      slide_id: here,
      slide_number: pos >= 0 ? pos + 1 : null,
      total_slides: all.length > 0 ? all.length : null,
      slide_title: pos >= 0 ? (seenText(doc.querySelector(LESSON_HEADING)) ?? all[pos]?.title ?? null) : null,
    };
  },

  async slides(win, doc) {
    const all = lessons(doc);
    if (all.length === 0) return { supported: false, reason: 'no lesson links (#/lessons/...) on the page' };
    const here = lessonId(win.location.hash);
    return {
      supported: true,
      slides: all.map((l, i): SlideEntry => {
        const entry: SlideEntry = { index: i + 1, id: l.id, current: l.id === here };
        if (l.title) entry.title = l.title;
        return entry;
      }),
    };
  },

  async goTo(win, _doc, _reader, target) {
    if (target.id === null) return { ok: false, reason: `lesson ${target.index} has no id` };
    win.location.hash = `#/lessons/${encodeURIComponent(target.id)}`;
    return { ok: true, method: 'Rise router: location.hash = "#/lessons/<id>"' };
  },
};
