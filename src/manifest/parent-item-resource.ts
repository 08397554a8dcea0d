/**
 * SCORM 1.2 items that have child items and also name a resource of their own (eXeLearning exports do
 * this). The SCORM 1.2 CAM (2.3, <item> identifierref) lets any item name its resource, and many 1.2 LMSs
 * show such an item's page before its children; SCORM 2004 launches leaf items only. One test for the
 * sequencer (which delivers the page, then the children) and validate's cp12.parent_item_with_resource
 * (a portability warning).
 */
import type { Item } from './model.js';

/** The identifierref of an item that has child items, or null (a leaf, or no resource named). */
export function parentItemOwnResource(item: Item): string | null {
  if (item.items.length === 0) return null;
  const ref = item.identifierref?.replace(/[\t\n\r ]+/g, ' ').trim() ?? '';
  return ref === '' ? null : ref;
}
