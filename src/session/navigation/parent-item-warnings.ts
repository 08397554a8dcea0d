/**
 * SCORM 1.2 items with child items and their own resource: our sequencer delivers only their children
 * (as SCORM 2004 does), while many 1.2 LMSs show the parent's page first. The run says so, with the same
 * test (parentItemOwnResource) as the CAM lint's cp12.parent_item_with_resource in validate.
 */
import {
  defaultOrganization,
  parentItemOwnResource,
  walkItems,
  type ScormManifest,
} from '../../manifest/index.js';
import type { NavWarning } from './types.js';

export function parentItemWarnings(manifest: ScormManifest, version: '1.2' | '2004'): NavWarning[] {
  const org = version === '1.2' ? defaultOrganization(manifest) : null;
  if (!org) return [];
  const out: NavWarning[] = [];
  for (const item of walkItems(org)) {
    const ref = parentItemOwnResource(item);
    if (ref === null) continue;
    const id = item.identifier?.trim() ?? '';
    out.push({
      item_id: id,
      identifierref: ref,
      file: item.pos.file,
      line: item.pos.line,
      message: `Item "${id}" has child items and its own resource "${ref}": this run never delivers that page (a choice of "${id}" delivers its first child, flow goes from the item before it to that child), as SCORM 2004 launches only leaf items; the SCORM 1.2 CAM (2.3, <item> identifierref) does not say whether such an item is launched, and many SCORM 1.2 LMSs show it before the children (validate: cp12.parent_item_with_resource).`,
    });
  }
  return out;
}
