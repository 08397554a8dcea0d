/**
 * Navigating the model: default organization, item walks, resources, xml:base-resolved hrefs and
 * the launch target of an item (CAM: resource href + item parameters).
 */
import { courseRef, courseText, type CourseTexts } from '../core/course-text.js';
import { fail } from '../core/errors.js';
import { isAbsoluteUrl, resolveWithBases, splitRef } from './href.js';
import type { Item, Organization, Resource, ScormManifest } from './model.js';
import { NS } from './namespaces.js';

export interface LaunchTarget {
  item: Item;
  resource: Resource;
  /**
   * Package-relative posix path of the launched file (xml:base applied, percent-decoded, no query or
   * fragment); for an external resource, the absolute URL without query and fragment.
   */
  path: string;
  /** Query without '?', after the item's parameters were applied; null when there is none. */
  query: string | null;
  /** Fragment without '#'; null when there is none. */
  fragment: string | null;
  /** path?query#fragment, with the path as written (still percent-encoded). */
  launchUrl: string;
  /** True when the resource points outside the package (absolute URL). */
  external: boolean;
  scormType: string | null;
}

const same = (a: string | null, b: string): boolean => a !== null && a.trim() === b.trim();

/**
 * The organization named by <organizations default>, or the first one when `default` is absent.
 * Null when there is none or when `default` names no organization (never guessed).
 */
export function defaultOrganization(m: ScormManifest): Organization | null {
  const { default: def, list } = m.organizations;
  if (def === null || def.trim() === '') return list[0] ?? null;
  return list.find((o) => same(o.identifier, def)) ?? null;
}

/** Every item below `parent`, depth first in document order (parents before their children). */
export function walkItems(parent: { items: Item[] }): Item[] {
  const out: Item[] = [];
  const visit = (items: Item[]): void => {
    for (const item of items) {
      out.push(item);
      visit(item.items);
    }
  };
  visit(parent.items);
  return out;
}

export function leafItems(parent: { items: Item[] }): Item[] {
  return walkItems(parent).filter((i) => i.items.length === 0);
}

/** Find a resource by identifier in the manifest, then in its (sub)manifests. */
export function findResource(m: ScormManifest, id: string): Resource | null {
  return findResourceWithChain(m, id)?.resource ?? null;
}

function findResourceWithChain(
  m: ScormManifest,
  id: string,
  outer: Array<string | null> = [],
): { resource: Resource; bases: Array<string | null> } | null {
  const resource = resourceIndex(m).get(id.trim());
  if (resource) return { resource, bases: [...outer, m.base, m.resources.base, resource.base] };
  for (const sub of m.manifests) {
    const found = findResourceWithChain(sub, id, [...outer, m.base]);
    if (found) return found;
  }
  return null;
}

const resourceIndexes = new WeakMap<ScormManifest, Map<string, Resource>>();

/** Resources by trimmed identifier (the first of duplicates, as a search in document order finds). */
function resourceIndex(m: ScormManifest): Map<string, Resource> {
  let index = resourceIndexes.get(m);
  if (!index) {
    index = new Map();
    for (const r of m.resources.list) {
      const key = r.identifier?.trim();
      if (key !== undefined && !index.has(key)) index.set(key, r);
    }
    resourceIndexes.set(m, index);
  }
  return index;
}

function basesFor(m: ScormManifest, resource: Resource): Array<string | null> {
  const found = resource.identifier !== null ? findResourceWithChain(m, resource.identifier) : null;
  if (found && found.resource === resource) return found.bases;
  return [m.base, m.resources.base, resource.base];
}

/**
 * The resource's href with xml:base applied (manifest -> resources -> resource), package-relative or
 * an absolute URL, query and fragment kept. Null when the resource has no href.
 */
export function resolveResourceHref(m: ScormManifest, resource: Resource): string | null {
  if (resource.href === null) return null;
  return resolveWithBases(basesFor(m, resource), resource.href);
}

/** A <file href> of `resource`, with the same xml:base chain (plus any xml:base on the file itself). */
export function resolveFileHref(
  m: ScormManifest,
  resource: Resource,
  file: Resource['files'][number],
): string | null {
  if (file.href === null) return null;
  const fileBase = file.xml.attributes.find((a) => a.local === 'base' && a.uri === NS.xml);
  return resolveWithBases([...basesFor(m, resource), fileBase?.value ?? null], file.href);
}

/**
 * CAM launch-URL rule for item parameters: leading '?' and '&' are dropped; parameters starting
 * with '#' are used only when the href has no fragment; otherwise they join the query ('&' if the
 * href already has one, '?' if not), placed before any fragment.
 */
export function applyParameters(
  href: string,
  parameters: string | null,
): { path: string; query: string | null; fragment: string | null } {
  const ref = splitRef(href);
  let { query, fragment } = ref;
  const params = (parameters ?? '').trim().replace(/^[?&]+/, '');
  if (params.startsWith('#')) {
    if (fragment === null) fragment = params.slice(1);
  } else if (params !== '') {
    const hash = params.indexOf('#');
    const extraQuery = hash >= 0 ? params.slice(0, hash) : params;
    if (extraQuery !== '') query = query === null || query === '' ? extraQuery : `${query}&${extraQuery}`;
    if (hash >= 0 && fragment === null) fragment = params.slice(hash + 1);
  }
  return { path: ref.path, query, fragment };
}

function decodePath(path: string): string {
  try {
    return decodeURIComponent(path);
  } catch {
    return path;
  }
}

/** Names the item by a reference to `course_text.item` (its identifier is the course's text). */
function itemLabel(item: Item): string {
  return item.identifier ? `the item ${courseRef('item')}` : `the item at line ${item.pos.line}`;
}

/** The manifest's values an error names, as data and as `course_text` for its sentence. */
function named(values: Record<string, string | null | string[]>): Record<string, unknown> {
  const texts: CourseTexts = {};
  for (const [field, v] of Object.entries(values)) {
    if (v === null) continue;
    texts[field] = Array.isArray(v) ? v.map((one) => courseText(one)) : courseText(v);
  }
  return { ...values, course_text: texts };
}

/** Launch target for `itemId`, or for the first item of the default organization that references a resource (a leaf in 2004). */
export function resolveLaunch(m: ScormManifest, itemId?: string): LaunchTarget {
  return launchOfItem(m, itemId === undefined ? firstLaunchableItem(m) : findItem(m, itemId));
}

/** Launch target of an item already found (callers walking every item need no search by id). */
export function launchOfItem(m: ScormManifest, item: Item): LaunchTarget {
  if (item.identifierref === null || item.identifierref.trim() === '') {
    const leaves = leafItems(item)
      .filter((i) => i.identifierref)
      .map((i) => i.identifier ?? '')
      .slice(0, 10);
    fail(
      'MANIFEST_LAUNCH_NOT_FOUND',
      `${itemLabel(item)} has no identifierref, so it launches nothing${leaves.length ? `; launch one of its leaf items instead (${courseRef('leaf_items')})` : '; add identifierref="<resource identifier>" to it'}.`,
      named({ item: item.identifier, ...(leaves.length ? { leaf_items: leaves } : {}) }),
    );
  }
  const found = findResourceWithChain(m, item.identifierref);
  if (!found) {
    fail(
      'MANIFEST_LAUNCH_NOT_FOUND',
      `${itemLabel(item)} references the resource ${courseRef('identifierref')}, which is not declared in <resources>. Add a <resource> with that identifier or fix the identifierref.`,
      named({ item: item.identifier, identifierref: item.identifierref }),
    );
  }
  const { resource, bases } = found;
  if (resource.href === null || resource.href.trim() === '') {
    fail(
      'MANIFEST_LAUNCH_NOT_FOUND',
      `The resource ${courseRef('resource')} (referenced by ${itemLabel(item)}) has no href, so there is nothing to launch. Add href="<launch file>" to the <resource>.`,
      named({ item: item.identifier, resource: resource.identifier }),
    );
  }
  const href = resolveWithBases(bases, resource.href);
  const { path, query, fragment } = applyParameters(href, item.parameters);
  const external = isAbsoluteUrl(path);
  return {
    item,
    resource,
    path: external ? path : decodePath(path),
    query,
    fragment,
    launchUrl: path + (query === null ? '' : `?${query}`) + (fragment === null ? '' : `#${fragment}`),
    external,
    scormType: resource.scormType,
  };
}

function findItem(m: ScormManifest, itemId: string): Item {
  for (const org of m.organizations.list) {
    const item = walkItems(org).find((i) => same(i.identifier, itemId));
    if (item) return item;
  }
  const known = m.organizations.list
    .flatMap((o) => leafItems(o))
    .filter((i) => i.identifierref && i.identifier)
    .map((i) => i.identifier)
    .slice(0, 10);
  return fail(
    'MANIFEST_LAUNCH_NOT_FOUND',
    `No <item> has the identifier ${courseRef('item')} in any organization.${known.length ? ` Launchable items: ${courseRef('launchable_items')}.` : ''}`,
    named({ item: itemId, ...(known.length ? { launchable_items: known as string[] } : {}) }),
  );
}

function firstLaunchableItem(m: ScormManifest): Item {
  const orgs = m.organizations;
  if (orgs.list.length === 0) {
    fail(
      'MANIFEST_LAUNCH_NOT_FOUND',
      'The manifest has no <organization>, so there is no item to launch. Add <organizations default="ORG"><organization identifier="ORG"> with an <item identifierref="..."> for the launch resource.',
    );
  }
  const org = defaultOrganization(m);
  if (!org) {
    const ids = orgs.list.map((o) => o.identifier ?? '').slice(0, 10);
    fail(
      'MANIFEST_LAUNCH_NOT_FOUND',
      `<organizations default> (${courseRef('default')}) names no organization (declared: ${courseRef('organizations')}). Set default to one of them.`,
      named({ default: orgs.default ?? '', organizations: ids }),
    );
  }
  // SCORM 1.2 lets a parent item name its own page, shown before its children (parent-item-resource.ts),
  // so the first item in document order launches; SCORM 2004 launches leaf items only.
  const items = m.scorm.version === '1.2' ? walkItems(org) : leafItems(org);
  const item = items.find((i) => i.identifierref !== null && i.identifierref.trim() !== '');
  if (!item) {
    fail(
      'MANIFEST_LAUNCH_NOT_FOUND',
      `The organization ${courseRef('organization')} has no leaf <item> with an identifierref, so nothing can be launched. Add identifierref="<resource identifier>" to a leaf item.`,
      named({ organization: org.identifier ?? '' }),
    );
  }
  return item;
}
