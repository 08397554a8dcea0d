/**
 * SCORM 1.2 items with child items that also reference a resource. CAM 1.2 (2.3.2) gives identifierref
 * as the resource launched for an item, but the run-time environment only launches what the LMS
 * delivers, and SCORM 1.2 leaves delivery order to the LMS: many LMSs show the parent's page as a stop
 * of its own before its children, others (scorm-tester's sequencer among them, like SCORM 2004 where
 * only leaf items launch) only deliver the children. The page may then never be seen.
 */
import { ADL } from './refs.js';
import { defineRule } from './rule.js';
import { allItems, attrPosition, collapse, quote, versionOf } from './walk.js';

export const scorm12ParentWithResourceRule = defineRule(
  {
    id: 'cp12.parent_item_with_resource',
    severity: 'warning',
    category: 'structure',
    level: 'basic',
    title: 'SCORM 1.2 items with child items do not rely on their own resource being delivered',
    adl: [ADL.scorm12],
  },
  ({ parsed }, report) => {
    if (versionOf(parsed.manifest) !== '1.2') return;
    for (const { item } of allItems(parsed.manifest)) {
      const ref = item.identifierref === null ? '' : collapse(item.identifierref);
      if (item.items.length === 0 || ref === '') continue;
      report(
        attrPosition(item, 'identifierref'),
        `Item ${quote(item.identifier ?? '')} has ${item.items.length} child item(s) and its own identifierref=${quote(ref)}. LMSs differ on such an item: many deliver its resource as a page of its own before its children, others only deliver the children (as scorm-tester's run does: a choice of it delivers its first child), so this page may never be shown.`,
        `Move the page into a first child <item identifierref=${quote(ref)}> and remove identifierref from the parent, so every LMS delivers it.`,
      );
    }
  },
);
