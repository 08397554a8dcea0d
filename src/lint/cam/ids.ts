/**
 * The document's xs:ID space: manifests, organizations, items, resources and sequencing definitions
 * (imsss:sequencing ID) all share it, so one index serves uniqueness checks and reference resolution.
 */
import type { ParsedManifest } from '../../manifest/model.js';
import { NS } from '../../manifest/namespaces.js';
import type { Position, XmlElement } from '../../manifest/xml-tree.js';
import { allElements, allItems, allManifests, attrOf, attrPosition, collapse } from './walk.js';

export type IdKind = 'manifest' | 'organization' | 'item' | 'resource' | 'sequencing';

export interface IdEntry {
  kind: IdKind;
  /** As written. */
  written: string;
  /** Collapsed (what xs:ID compares). */
  id: string;
  /** Where the identifier attribute was written. */
  pos: Position;
  /** Where the element starts (for "missing" findings). */
  element: Position;
}

export interface IdIndex {
  entries: IdEntry[];
  /** Elements that should carry an identifier but do not. */
  missing: Array<{ kind: IdKind; element: Position }>;
  /** First entry for each collapsed id. */
  byId: Map<string, IdEntry>;
}

const INDEXES = new WeakMap<ParsedManifest, IdIndex>();

export function idIndex(parsed: ParsedManifest): IdIndex {
  const cached = INDEXES.get(parsed);
  if (cached) return cached;
  const entries: IdEntry[] = [];
  const missing: IdIndex['missing'] = [];
  const add = (
    kind: IdKind,
    written: string | null,
    node: { pos: Position; attrPos: Record<string, Position> },
  ) => {
    if (written === null || collapse(written) === '') {
      missing.push({ kind, element: node.pos });
      return;
    }
    entries.push({
      kind,
      written,
      id: collapse(written),
      pos: attrPosition(node, 'identifier'),
      element: node.pos,
    });
  };
  for (const manifest of allManifests(parsed.manifest)) {
    add('manifest', manifest.identifier, manifest);
    for (const organization of manifest.organizations.list)
      add('organization', organization.identifier, organization);
    for (const resource of manifest.resources.list) add('resource', resource.identifier, resource);
  }
  for (const { item } of allItems(parsed.manifest)) add('item', item.identifier, item);
  for (const el of allElements(parsed.root) as Iterable<XmlElement>) {
    if (el.uri !== NS.imsss || el.local !== 'sequencing') continue;
    const id = attrOf(el, 'ID');
    if (id)
      entries.push({
        kind: 'sequencing',
        written: id.value,
        id: collapse(id.value),
        pos: id.pos,
        element: el.pos,
      });
  }
  entries.sort((a, b) => a.pos.line - b.pos.line || a.pos.column - b.pos.column);
  const byId = new Map<string, IdEntry>();
  for (const e of entries) if (!byId.has(e.id)) byId.set(e.id, e);
  const index = { entries, missing, byId };
  INDEXES.set(parsed, index);
  return index;
}

export const KIND_ELEMENT: Record<IdKind, string> = {
  manifest: '<manifest>',
  organization: '<organization>',
  item: '<item>',
  resource: '<resource>',
  sequencing: '<imsss:sequencing>',
};
