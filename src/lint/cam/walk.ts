/**
 * Walks over the manifest model and the raw XML tree that several rules share.
 */
import { quoted } from '../../core/course-text.js';
import type {
  Item,
  Located,
  Organization,
  Resource,
  ScormManifest,
  ScormVersion,
  SequencingDefinition,
} from '../../manifest/model.js';
import { NS } from '../../manifest/namespaces.js';
import type { Position, XmlAttribute, XmlElement } from '../../manifest/xml-tree.js';

/** The manifest and every nested (sub)manifest, outermost first. */
export function* allManifests(manifest: ScormManifest): Generator<ScormManifest> {
  yield manifest;
  for (const sub of manifest.manifests) yield* allManifests(sub);
}

export interface ItemVisit {
  item: Item;
  parent: Item | null;
  organization: Organization;
  manifest: ScormManifest;
}

/**
 * Rules walk the same model and tree many times; the walks are computed once per parsed manifest
 * (linear in its size) and shared.
 */
function memo<K extends object, V>(compute: (key: K) => V): (key: K) => V {
  const cache = new WeakMap<K, V>();
  return (key) => {
    let value = cache.get(key);
    if (value === undefined) {
      value = compute(key);
      cache.set(key, value);
    }
    return value;
  };
}

/** Every item of every organization of every (sub)manifest, parents before children. */
export const allItems = memo((root: ScormManifest): readonly ItemVisit[] => [...walkItemsOf(root)]);

function* walkItemsOf(root: ScormManifest): Generator<ItemVisit> {
  for (const manifest of allManifests(root)) {
    for (const organization of manifest.organizations.list) {
      const stack: Array<{ item: Item; parent: Item | null }> = organization.items
        .map((item) => ({ item, parent: null }))
        .reverse();
      while (stack.length > 0) {
        const next = stack.pop() as { item: Item; parent: Item | null };
        yield { ...next, organization, manifest };
        for (const child of [...next.item.items].reverse()) stack.push({ item: child, parent: next.item });
      }
    }
  }
}

export interface ResourceVisit {
  resource: Resource;
  manifest: ScormManifest;
  /** xml:base values that apply to the resource's hrefs, outermost first (the resource's own last). */
  bases: string[];
}

/** Every resource with the xml:base chain that applies to it. */
export const allResources = memo((root: ScormManifest): readonly ResourceVisit[] => [
  ...walkResourcesOf(root),
]);

function* walkResourcesOf(root: ScormManifest): Generator<ResourceVisit> {
  const walk = function* (manifest: ScormManifest, outer: string[]): Generator<ResourceVisit> {
    const mine = manifest.base ? [...outer, manifest.base] : outer;
    const forResources = manifest.resources.base ? [...mine, manifest.resources.base] : mine;
    for (const resource of manifest.resources.list) {
      yield { resource, manifest, bases: resource.base ? [...forResources, resource.base] : forResources };
    }
    for (const sub of manifest.manifests) yield* walk(sub, mine);
  };
  yield* walk(root, []);
}

/** The xml:base chain of a manifest itself (for metadata of the manifest, organizations and items). */
export function manifestBases(root: ScormManifest, target: ScormManifest): string[] {
  const walk = (manifest: ScormManifest, outer: string[]): string[] | null => {
    const mine = manifest.base ? [...outer, manifest.base] : outer;
    if (manifest === target) return mine;
    for (const sub of manifest.manifests) {
      const found = walk(sub, mine);
      if (found) return found;
    }
    return null;
  };
  return walk(root, []) ?? [];
}

/** Every element of the raw tree, document order. */
export const allElements = memo((root: XmlElement): readonly XmlElement[] => [...walkElementsOf(root)]);

function* walkElementsOf(root: XmlElement): Generator<XmlElement> {
  const stack: XmlElement[] = [root];
  while (stack.length > 0) {
    const el = stack.pop() as XmlElement;
    yield el;
    for (let i = el.children.length - 1; i >= 0; i--) stack.push(el.children[i] as XmlElement);
  }
}

export function attrOf(el: XmlElement, local: string, uri = ''): XmlAttribute | undefined {
  return el.attributes.find((a) => a.local === local && a.uri === uri);
}

export function childrenOf(el: XmlElement, uri: string, local: string): XmlElement[] {
  return el.children.filter((c) => c.uri === uri && c.local === local);
}

/** Where attribute `name` (qualified, as written) of a model node was written, else the node itself. */
export function attrPosition(node: Pick<Located, 'pos' | 'attrPos'>, name: string): Position {
  return node.attrPos[name] ?? node.pos;
}

/** Every sequencing definition: on organizations, on items and in sequencingCollections. */
export function* allSequencing(root: ScormManifest): Generator<SequencingDefinition> {
  for (const manifest of allManifests(root)) {
    yield* manifest.sequencingCollection;
    for (const organization of manifest.organizations.list)
      if (organization.sequencing) yield organization.sequencing;
  }
  for (const { item } of allItems(root)) if (item.sequencing) yield item.sequencing;
}

/** xs:ID/xs:token values are whitespace-collapsed before use. */
export function collapse(value: string): string {
  return value.replace(/[\t\n\r ]+/g, ' ').trim();
}

/**
 * The SCORM version the rules check against: what the parser decided, or (when it could not tell)
 * what the namespaces suggest, defaulting to 2004.
 */
export function versionOf(manifest: ScormManifest): ScormVersion {
  if (manifest.scorm.version) return manifest.scorm.version;
  const uris = new Set(Object.values(manifest.namespaces));
  if (manifest.xml.uri === NS.imscp12 || uris.has(NS.adlcp12)) return '1.2';
  return '2004';
}

/** A value the manifest wrote, for a message: marked as course text, the finding's builder moves it out. */
export function quote(value: string): string {
  return quoted(value);
}
