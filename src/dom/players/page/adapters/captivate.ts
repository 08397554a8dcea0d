/**
 * Adobe Captivate (HTML5): cpAPIInterface with getVariableValue/setVariableValue, system variables
 * cpInfoCurrentSlide (1-based), cpInfoSlideCount, cpInfoCurrentSlideLabel, and the movie-control variable
 * cpCmndGotoSlide (0-based) that jumps when set. Stage elements #cpMainContainer and #div_Slide.
 */
import type { SlideEntry } from '../../types.js';
import { jumpWith, type PlayerAdapter } from '../adapter.js';
import { errorText, num, Reader, str } from '../safe.js';

function variable(win: Window, reader: Reader, name: string): unknown {
  const api = reader.get(win, 'cpAPIInterface', 'window.cpAPIInterface');
  const viaApi = reader.callSync(
    api,
    'getVariableValue',
    [name],
    `cpAPIInterface.getVariableValue("${name}")`,
  );
  return viaApi !== undefined ? viaApi : reader.get(win, name, `window.${name}`);
}

function position(win: Window, reader: Reader): { current: number | null; total: number | null } {
  return {
    current: num(variable(win, reader, 'cpInfoCurrentSlide')),
    total: num(variable(win, reader, 'cpInfoSlideCount')),
  };
}

export const captivate: PlayerAdapter = {
  name: 'captivate',
  signature: {
    globals: [
      ['cpAPIInterface', 0.9],
      ['cpAPIEventEmitter', 0.6],
      ['cpInfoCurrentSlide', 0.6],
      ['cpCmndGotoSlide', 0.5],
    ],
    selectors: [
      ['#cpMainContainer', 0.6],
      ['#div_Slide', 0.5],
      ['#playbarBkGrnd, #playbar', 0.2],
    ],
  },

  async read(win, _doc, reader) {
    const { current, total } = position(win, reader);
    return {
      slide_number: current,
      total_slides: total,
      slide_title: str(variable(win, reader, 'cpInfoCurrentSlideLabel')),
      section_title: null,
    };
  },

  async slides(win, _doc, reader) {
    const { current, total } = position(win, reader);
    if (total === null) return { supported: false, reason: 'cpInfoSlideCount could not be read' };
    const slides: SlideEntry[] = [];
    for (let i = 1; i <= Math.min(total, 5000); i++) slides.push({ index: i, current: i === current });
    const label = str(variable(win, reader, 'cpInfoCurrentSlideLabel'));
    const here = current !== null ? slides[current - 1] : undefined;
    if (here && label) here.title = label;
    return { supported: true, slides };
  },

  async goTo(win, _doc, reader, target) {
    const api = reader.get(win, 'cpAPIInterface', 'window.cpAPIInterface');
    if (typeof reader.get(api, 'setVariableValue') === 'function') {
      const method = 'cpAPIInterface.setVariableValue("cpCmndGotoSlide", index - 1)';
      return jumpWith(reader, method, () =>
        reader.callSync(api, 'setVariableValue', ['cpCmndGotoSlide', target.index - 1], method),
      );
    }
    try {
      (win as unknown as Record<string, unknown>).cpCmndGotoSlide = target.index - 1;
    } catch (err) {
      return { ok: false, reason: `setting cpCmndGotoSlide threw: ${errorText(err)}` };
    }
    return { ok: true, method: 'window.cpCmndGotoSlide = index - 1' };
  },
};
