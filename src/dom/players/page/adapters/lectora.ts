/**
 * Lectora (Trivantis): one published HTML page per course page, its trivantis-*.js scripts, triv* global
 * functions and a "Lectora" generator meta tag. It gives scripts no page number or jump API; its page
 * tracking (trivantis-pagetracking.js, the global trivPageTracking) counts the course's pages in numPages.
 */
import type { PlayerAdapter } from '../adapter.js';
import { num, type Reader } from '../safe.js';

/** Beyond this a numPages is no course's page count. */
const MAX_PAGES = 10_000;
const COUNT_SOURCE = 'trivPageTracking.numPages';

/** Lectora's own count of the course's pages, or null when the page has no page tracking. */
function pageCount(win: Window, reader: Reader): number | null {
  const tracking = reader.get(win, 'trivPageTracking', 'window.trivPageTracking');
  if (tracking === null || typeof tracking !== 'object') return null;
  const total = num(reader.get(tracking, 'numPages', COUNT_SOURCE));
  if (total === null || total === 0) return null;
  if (!Number.isInteger(total) || total < 0 || total > MAX_PAGES) {
    reader.notes.push(`${COUNT_SOURCE} is ${total}, no page count: not used`);
    return null;
  }
  return total;
}

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

  async read(win, _doc, reader) {
    const total = pageCount(win, reader);
    if (total === null) {
      reader.notes.push('Lectora gives scripts no page number; values come from what the page shows');
      return {};
    }
    reader.notes.push(
      `Lectora gives scripts no page number, only its page count (${COUNT_SOURCE}); what the page shows comes first`,
    );
    return { page_count: { total, source: COUNT_SOURCE } };
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
