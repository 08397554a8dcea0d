/**
 * Lectora (Trivantis): one published HTML page per course page, its trivantis-*.js scripts, triv* global
 * functions and a "Lectora" generator meta tag. It gives scripts no page number or jump API.
 */
import type { PlayerAdapter } from '../adapter.js';

export const lectora: PlayerAdapter = {
  name: 'lectora',
  signature: {
    globals: [
      ['trivExitPage', 0.6, 'function'],
      ['trivNextPage', 0.6, 'function'],
      ['trivantis', 0.6],
    ],
    selectors: [['script[src*="trivantis" i]', 0.7, 'trivantis script']],
  },

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
