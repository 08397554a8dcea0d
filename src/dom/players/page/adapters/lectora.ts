/**
 * Lectora (Trivantis): one published HTML page per course page, its trivantis-*.js scripts, triv* global
 * functions and a "Lectora" generator meta tag. It gives scripts no page number or jump API.
 */
import { present, type PlayerAdapter } from '../adapter.js';
import { domSignal, globalSignal } from '../safe.js';

export const lectora: PlayerAdapter = {
  name: 'lectora',
  detect: (win, doc) =>
    present([
      domSignal(doc, 'script[src*="trivantis" i]', 0.7, 'trivantis script'),
      globalSignal(win, 'trivExitPage', 0.6, 'function'),
      globalSignal(win, 'trivNextPage', 0.6, 'function'),
      globalSignal(win, 'trivantis', 0.6),
    ]),

  async read(_win, _doc, reader) {
    reader.notes.push('Lectora gives scripts no page number; values come from what the page shows');
    return {};
  },

  async slides() {
    return {
      supported: false,
      reason: 'Lectora publishes one HTML file per page and lists no pages to scripts',
    };
  },

  unsupportedGoto:
    'Lectora publishes one HTML file per page and has no script API to jump to a page: click its Next button with scorm_dom_click',
};
