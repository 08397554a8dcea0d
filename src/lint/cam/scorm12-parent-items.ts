/**
 * SCORM 1.2 items with child items that also reference a resource (the test is parentItemOwnResource,
 * shared with the sequencer, which delivers the page before the children). A warning for portability:
 * the SCORM 1.2 CAM allows it, but not every LMS launches such an item.
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
    title: 'SCORM 1.2 items with child items do not rely on every LMS delivering their own resource',
    adl: [ADL.scorm12],
  },
  ({ parsed }, report) => {
    if (versionOf(parsed.manifest) !== '1.2') return;
    for (const { item } of allItems(parsed.manifest)) {
      const ref = parentItemOwnResource(item);
      if (ref === null) continue;
      report(
        attrPosition(item, 'identifierref'),
        `Item ${quote(item.identifier ?? '')} has ${item.items.length} child item(s) and its own identifierref=${quote(ref)}. The SCORM 1.2 CAM (2.3, <item> identifierref) lets any item name its resource and does not limit launch to leaf items, so scorm-tester's run delivers this page before its children, as many LMSs do (a choice of the item delivers it); but LMSs that follow SCORM 2004, where only leaf items launch, deliver only the children, and there this page is never shown.`,
        `Move the page into a first child <item identifierref=${quote(ref)}> and remove identifierref from the parent, so every LMS delivers it.`,
      );
    }
  },
);
