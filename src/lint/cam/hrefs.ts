/**
 * Every href of the manifest (resource, file, adlcp:location) resolved against the package files once,
 * shared by the file rules and the excess-baggage rule.
 */
import type { Metadata, ParsedManifest } from '../../manifest/model.js';
import type { Position } from '../../manifest/xml-tree.js';
import { fileIndex, lookupFile, resolveHref, type FileLookup, type HrefResolution } from './href.js';
import { allItems, allManifests, allResources, attrPosition, manifestBases, quote } from './walk.js';

export type HrefRole = 'resource' | 'file' | 'metadata';

export interface HrefUse {
  role: HrefRole;
  href: string;
  pos: Position;
  /** Identifier of the resource the href belongs to, when it belongs to one. */
  owner: string | null;
  resolution: HrefResolution;
  /** Only for local resolutions. */
  lookup: FileLookup | null;
}

const CACHE = new WeakMap<ParsedManifest, WeakMap<readonly string[], HrefUse[]>>();

export function hrefUses(parsed: ParsedManifest, files: readonly string[]): HrefUse[] {
  let byFiles = CACHE.get(parsed);
  const hit = byFiles?.get(files);
  if (hit) return hit;
  const index = fileIndex(files);
  const manifestFile = parsed.manifest.file;
  const uses: HrefUse[] = [];
  const add = (role: HrefRole, href: string, pos: Position, bases: string[], owner: string | null) => {
    const { resolution } = resolveHref(manifestFile, bases, href);
    const lookup = resolution.kind === 'local' ? lookupFile(index, resolution) : null;
    uses.push({ role, href, pos, owner, resolution, lookup });
  };
  const addMetadata = (md: Metadata | null, bases: string[], owner: string | null) => {
    for (const loc of md?.locations ?? []) add('metadata', loc.href, loc.pos, bases, owner);
  };
  for (const { resource, bases } of allResources(parsed.manifest)) {
    const owner = resource.identifier;
    if (resource.href !== null && resource.href.trim() !== '') {
      add('resource', resource.href, attrPosition(resource, 'href'), bases, owner);
    }
    for (const file of resource.files) {
      add('file', file.href ?? '', file.href === null ? file.pos : attrPosition(file, 'href'), bases, owner);
      addMetadata(file.metadata, bases, owner);
    }
    addMetadata(resource.metadata, bases, owner);
  }
  for (const manifest of allManifests(parsed.manifest)) {
    const bases = manifestBases(parsed.manifest, manifest);
    addMetadata(manifest.metadata, bases, null);
    for (const org of manifest.organizations.list) addMetadata(org.metadata, bases, null);
  }
  for (const { item, manifest } of allItems(parsed.manifest)) {
    addMetadata(item.metadata, manifestBases(parsed.manifest, manifest), null);
  }
  if (!byFiles) {
    byFiles = new WeakMap();
    CACHE.set(parsed, byFiles);
  }
  byFiles.set(files, uses);
  return uses;
}

export function describeUse(use: HrefUse): string {
  const owner = use.owner ? ` of resource ${quote(use.owner.trim())}` : '';
  switch (use.role) {
    case 'resource':
      return `The launch href ${quote(use.href)}${owner}`;
    case 'file':
      return `<file href=${quote(use.href)}>${owner}`;
    case 'metadata':
      return `<adlcp:location>${use.href}</adlcp:location>${owner}`;
  }
}
