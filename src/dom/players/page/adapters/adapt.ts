/**
 * Adapt Learning framework: the Adapt object (Adapt.location._currentId, Adapt.contentObjects of Backbone
 * models with get("_id"/"title"/"_type")), navigateToElement(id) on Adapt or Adapt.router; pages of
 * articles > blocks > components ([data-adapt-id], .article, .block, .component) in #wrapper. Without that
 * object (Adapt 5 keeps it in its module loader), the menu and location the page shows (adapt-menu.ts).
 */
import type { PlayerReading, SlideEntry } from '../../types.js';
import { jumpWith, type PlayerAdapter } from '../adapter.js';
import { listOf, Reader, str } from '../safe.js';
import { adaptLocation, menuSlides, pageTitle, pressMenuItem } from './adapt-menu.js';

interface AdaptPage {
  id: string | null;
  title: string | null;
}

function adapt(win: Window, reader: Reader): unknown {
  return reader.get(win, 'Adapt', 'window.Adapt');
}

function attr(model: unknown, reader: Reader, name: string): unknown {
  return reader.callSync(model, 'get', [name], `model.get("${name}")`);
}

/** Pages in course order (content objects of type page; menus are not slides). */
function pages(win: Window, reader: Reader): AdaptPage[] | null {
  const objects = reader.get(adapt(win, reader), 'contentObjects', 'Adapt.contentObjects');
  const models = Array.isArray(objects) ? objects : reader.get(objects, 'models', 'contentObjects.models');
  if (!Array.isArray(models)) return null;
  return listOf(reader, models, 'contentObjects')
    .filter((m) => {
      const type = str(attr(m, reader, '_type'));
      return type === null || type === 'page';
    })
    .map((m) => ({
      id: str(attr(m, reader, '_id')),
      title: str(attr(m, reader, 'displayTitle')) ?? str(attr(m, reader, 'title')),
    }));
}

function currentId(win: Window, reader: Reader): string | null {
  const location = reader.get(adapt(win, reader), 'location', 'Adapt.location');
  return str(reader.get(location, '_currentId', 'Adapt.location._currentId'));
}

export const adaptFramework: PlayerAdapter = {
  name: 'adapt',
  signature: {
    globals: [['Adapt', 0.85]],
    selectors: [
      ['[data-adapt-id]', 0.6],
      ['.page .article .block .component', 0.5, 'page > article > block > component'],
      ['html[class*="location-"]', 0.2, 'html.location-*'],
    ],
  },

  async read(win, doc, reader) {
    if (!adapt(win, reader)) return fromPage(doc);
    const all = pages(win, reader);
    const id = currentId(win, reader);
    const pos = all && id !== null ? all.findIndex((p) => p.id === id) : -1;
    const course = reader.get(adapt(win, reader), 'course', 'Adapt.course');
    return {
      slide_id: id,
      slide_number: pos >= 0 ? pos + 1 : null,
      total_slides: all && all.length > 0 ? all.length : null,
      slide_title: pos >= 0 ? (all?.[pos]?.title ?? null) : null,
      section_title: str(attr(course, reader, 'title')),
      course_menu: adaptLocation(doc).kind === 'menu',
    };
  },

  async slides(win, doc, reader) {
    if (!adapt(win, reader)) {
      const shown = menuSlides(doc);
      if (shown) return { supported: true, slides: shown };
      return {
        supported: false,
        reason:
          adaptLocation(doc).kind === 'page'
            ? 'Adapt lists its pages on its menu, which is not shown while a page is (its Back to menu button returns to it)'
            : 'no Adapt object is reachable from the page and it shows no menu of pages',
      };
    }
    const all = pages(win, reader);
    if (!all || all.length === 0) return { supported: false, reason: 'Adapt.contentObjects lists no pages' };
    const id = currentId(win, reader);
    return {
      supported: true,
      slides: all.map((p, i): SlideEntry => {
        const entry: SlideEntry = { index: i + 1, current: p.id !== null && p.id === id };
        if (p.id) entry.id = p.id;
        if (p.title) entry.title = p.title;
        return entry;
      }),
    };
  },

  async goTo(win, doc, reader, target) {
    const api = adapt(win, reader);
    if (!api) return pressMenuItem(doc, target.id, target.index);
    if (target.id === null) return { ok: false, reason: `page ${target.index} has no _id` };
    const router = reader.get(api, 'router', 'Adapt.router');
    const owner = typeof reader.get(api, 'navigateToElement') === 'function' ? api : router;
    if (typeof reader.get(owner, 'navigateToElement') !== 'function')
      return { ok: false, reason: 'neither Adapt nor Adapt.router has navigateToElement()' };
    const method = owner === api ? 'Adapt.navigateToElement(id)' : 'Adapt.router.navigateToElement(id)';
    return jumpWith(reader, method, () => reader.call(owner, 'navigateToElement', [target.id], method));
  },
};

function fromPage(doc: Document): Partial<PlayerReading> {
  const here = adaptLocation(doc);
  const shown = menuSlides(doc);
  const pos = shown?.findIndex((s) => s.current) ?? -1;
  return {
    slide_id: here.kind === 'page' ? here.id : null,
    slide_number: pos >= 0 ? pos + 1 : null,
    total_slides: shown ? shown.length : null,
    slide_title: here.kind === 'page' ? pageTitle(doc) : null,
    course_menu: here.kind === 'menu',
  };
}
