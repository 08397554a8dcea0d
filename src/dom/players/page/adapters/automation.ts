/**
 * Our own template: window.SCORMAutomation (getCourseStructure, getCurrentSlide, goToSlide). The structure
 * may be an array of slides, { slides: [...] }, or { sections: [{ title, slides: [...] }] }; a slide is an id
 * string or { id, title }. getCurrentSlide may return the id or the slide object; any call may be async.
 */
import { quoted } from '../../../../core/course-text.js';
import type { SlideEntry } from '../../types.js';
import { jumpWith, type PlayerAdapter } from '../adapter.js';
import { listOf, Reader, str } from '../safe.js';

interface TemplateSlide {
  id: string | null;
  title: string | null;
  section: string | null;
}

const API = 'SCORMAutomation';

async function structure(win: Window, reader: Reader): Promise<TemplateSlide[] | null> {
  const api = reader.get(win, API, `window.${API}`);
  const raw = await reader.call(api, 'getCourseStructure', [], `${API}.getCourseStructure`);
  if (raw === undefined || raw === null) return null;
  const slides: TemplateSlide[] = [];
  const addSlides = (list: unknown, section: string | null, label: string): void => {
    for (const item of listOf(reader, list, label)) {
      if (typeof item === 'string') slides.push({ id: item, title: null, section });
      else
        slides.push({
          id: str(reader.get(item, 'id')),
          title: str(reader.get(item, 'title')) ?? str(reader.get(item, 'name')),
          section: str(reader.get(item, 'section')) ?? str(reader.get(item, 'sectionTitle')) ?? section,
        });
    }
  };
  if (Array.isArray(raw)) addSlides(raw, null, 'structure');
  else {
    const sections = reader.get(raw, 'sections');
    if (Array.isArray(sections)) {
      for (const [i, section] of listOf(reader, sections, 'structure.sections').entries()) {
        addSlides(reader.get(section, 'slides'), str(reader.get(section, 'title')), `sections[${i}].slides`);
      }
    } else addSlides(reader.get(raw, 'slides'), null, 'structure.slides');
  }
  if (slides.length === 0) reader.notes.push(`${API}.getCourseStructure() listed no slides`);
  return slides;
}

async function currentId(win: Window, reader: Reader): Promise<string | null> {
  const api = reader.get(win, API, `window.${API}`);
  const raw = await reader.call(api, 'getCurrentSlide', [], `${API}.getCurrentSlide`);
  return str(raw) ?? str(reader.get(raw, 'id'));
}

export const automationApi: PlayerAdapter = {
  name: 'automation_api',
  signature: {
    globals: [[API, 0.95]],
    selectors: [],
  },

  currentId,

  async read(win, _doc, reader) {
    const slides = await structure(win, reader);
    const id = await currentId(win, reader);
    const pos = slides && id !== null ? slides.findIndex((s) => s.id === id) : -1;
    const slide = pos >= 0 ? slides?.[pos] : undefined;
    if (id !== null && slides && pos < 0)
      reader.notes.push(`current slide ${quoted(id)} is not in the course structure`);
    return {
      slide_id: id,
      slide_number: pos >= 0 ? pos + 1 : null,
      total_slides: slides && slides.length > 0 ? slides.length : null,
      slide_title: slide?.title ?? null,
      section_title: slide?.section ?? null,
    };
  },

  async slides(win, _doc, reader) {
    const slides = await structure(win, reader);
    if (!slides || slides.length === 0)
      return { supported: false, reason: `${API}.getCourseStructure() returned no slides` };
    const id = await currentId(win, reader);
    return {
      supported: true,
      slides: slides.map((s, i): SlideEntry => {
        const entry: SlideEntry = { index: i + 1, current: s.id !== null && s.id === id };
        if (s.id !== null) entry.id = s.id;
        if (s.title !== null) entry.title = s.title;
        return entry;
      }),
    };
  },

  async goTo(win, _doc, reader, target) {
    if (target.id === null)
      return { ok: false, reason: `slide ${target.index} has no id to pass to goToSlide` };
    const api = reader.get(win, API, `window.${API}`);
    if (typeof reader.get(api, 'goToSlide') !== 'function')
      return { ok: false, reason: `${API}.goToSlide is not a function` };
    const method = `${API}.goToSlide`;
    return jumpWith(reader, method, () => reader.call(api, 'goToSlide', [target.id], method));
  },
};
