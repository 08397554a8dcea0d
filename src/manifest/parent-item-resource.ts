/**
 * SCORM 1.2 items that have child items and also name a resource of their own (eXeLearning exports do
 * this). Why a rule at all: the SCORM 1.2 CAM (2.3, <item> identifierref) names the resource an item
 * refers to but does not say whether an LMS launches an item that has children, and LMSs differ (many
 * show the parent's page before its children); SCORM 2004 launches leaf items only, and so does our
 * sequencer on 1.2 courses. Validate (cp12.parent_item_with_resource) and the run both report such items
 * through this one test.
 */
import type { Item } from './model.js';

/** The identifierref of an item that has child items, or null (a leaf, or no resource named). */
export function parentItemOwnResource(item: Item): string | null {
  if (item.items.length === 0) return null;
  const ref = item.identifierref?.replace(/[\t\n\r ]+/g, ' ').trim() ?? '';
  return ref === '' ? null : ref;
}
