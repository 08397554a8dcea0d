/**
 * The items that launch one SCO, as a finding names them. One resource can be launched by hundreds of
 * items (a course whose every page is the same player), and a finding naming each would outgrow any
 * answer: it names the first few and counts the rest.
 */
import { quoted } from '../../core/course-text.js';

/** Items named in a finding's message. */
const NAMED_ITEMS = 3;
/** Items listed in a finding's details (items_total counts them all). */
const LISTED_ITEMS = 20;

/** " (item 'a', 'b', 'c' and 297 more)", or "" for a SCO no item launches. */
export function launchingItemsText(items: readonly string[]): string {
  if (items.length === 0) return '';
  const named = items.slice(0, NAMED_ITEMS).map(quoted).join(', ');
  const more = items.length > NAMED_ITEMS ? ` and ${items.length - NAMED_ITEMS} more` : '';
  return ` (item ${named}${more})`;
}

/** The details fields naming the items: the first LISTED_ITEMS, and their count when there are more. */
export function launchingItemsDetails(items: readonly string[]): { items: string[]; items_total?: number } {
  return items.length > LISTED_ITEMS
    ? { items: items.slice(0, LISTED_ITEMS), items_total: items.length }
    : { items: [...items] };
}
