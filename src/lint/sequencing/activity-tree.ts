/**
 * The activity trees of a manifest (one per organization) with each activity's effective sequencing
 * definition: what every semantic check walks.
 */
import { quoted } from '../../core/course-text.js';
import type { Item, Organization, ParsedManifest, Resource } from '../../manifest/model.js';
import { effectiveSequencing, type EffectiveSequencing } from '../../sequencing/effective-definition.js';

export interface Activity {
  /** identifier, trimmed ('' when missing). */
  id: string;
  /** For messages: `item "id"` or `organization "id"` (or where it is when it has no identifier). */
  label: string;
  node: Item | Organization;
  parent: Activity | null;
  children: Activity[];
  seq: EffectiveSequencing;
  /** The resource a leaf item references (null for clusters, the root and unresolved references). */
  resource: Resource | null;
  /** Index of the organization in the manifest, to scope global objectives. */
  orgIndex: number;
  /** adlseq:objectivesGlobalToSystem of the organization (default true). */
  objectivesGlobalToSystem: boolean;
}

export function buildActivityTrees(parsed: ParsedManifest): Activity[] {
  const resources = new Map<string, Resource>();
  for (const r of parsed.manifest.resources.list) {
    const id = r.identifier?.trim();
    if (id && !resources.has(id)) resources.set(id, r);
  }
  return parsed.manifest.organizations.list.map((org, orgIndex) => {
    const global = org.objectivesGlobalToSystem ?? true;
    const make = (node: Item | Organization, parent: Activity | null): Activity => {
      const id = node.identifier?.trim() ?? '';
      const isOrg = parent === null;
      const activity: Activity = {
        id,
        label: id
          ? `${isOrg ? 'organization' : 'item'} ${quoted(id)}`
          : `the ${isOrg ? 'organization' : 'item'} without identifier at line ${node.pos.line}`,
        node,
        parent,
        children: [],
        seq: effectiveSequencing(parsed, node),
        resource: null,
        orgIndex,
        objectivesGlobalToSystem: global,
      };
      activity.children = node.items.map((i) => make(i, activity));
      if (!isOrg && activity.children.length === 0) {
        const ref = (node as Item).identifierref?.trim();
        activity.resource = (ref && resources.get(ref)) || null;
      }
      return activity;
    };
    return make(org, null);
  });
}

/** Every activity of the trees, parents before children (document order). */
export function allActivities(roots: readonly Activity[]): Activity[] {
  const out: Activity[] = [];
  const visit = (a: Activity): void => {
    out.push(a);
    a.children.forEach(visit);
  };
  roots.forEach(visit);
  return out;
}

export function isLeaf(a: Activity): boolean {
  return a.parent !== null && a.children.length === 0;
}

/** A leaf whose resource is explicitly an asset: no run-time API, so no scores or objectives reported. */
export function isAssetLeaf(a: Activity): boolean {
  return isLeaf(a) && a.resource?.scormType?.trim().toLowerCase() === 'asset';
}
