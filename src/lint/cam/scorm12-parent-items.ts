/**
 * SCORM 1.2 items with child items that also reference a resource (the test is parentItemOwnResource,
 * shared with the run's warning; why it is a warning is said there).
 */
import { parentItemOwnResource } from '../../manifest/parent-item-resource.js';
import { ADL } from './refs.js';
import { defineRule } from './rule.js';
import { allItems, attrPosition, quote, versionOf } from './walk.js';

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
      const ref = parentItemOwnResource(item);
      if (ref === null) continue;
      report(
        attrPosition(item, 'identifierref'),
        `Item ${quote(item.identifier ?? '')} has ${item.items.length} child item(s) and its own identifierref=${quote(ref)}. The SCORM 1.2 CAM (2.3, <item> identifierref) does not say whether an item with children is launched, and LMSs differ: many deliver its resource as a page of its own before its children, others only deliver the children (as scorm-tester's run does, like SCORM 2004 where only leaf items launch: a choice of it delivers its first child), so this page may never be shown.`,
        `Move the page into a first child <item identifierref=${quote(ref)}> and remove identifierref from the parent, so every LMS delivers it.`,
      );
    }
  },
);
