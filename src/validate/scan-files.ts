import { findResource, walkItems } from '../manifest/index.js';
import type { ScormManifest } from '../manifest/index.js';
import { resolveFileHref, resolveResourceHref } from '../manifest/index.js';

export type ScanDepth = 'surface' | 'deep';

const SCRIPT_FILE = /\.(html?|js|mjs)$/i;

/**
 * Which files the API-usage lint reads. deep: every HTML/JS file in the package. surface: the files of the
 * resources that launchable items reference (and their dependencies), which is what the LMS loads.
 */
export function apiScanFiles(m: ScormManifest, files: string[], depth: ScanDepth): string[] {
  const candidates = files.filter((f) => SCRIPT_FILE.test(f));
  if (depth === 'deep') return candidates;
  const present = new Set(candidates);
  const wanted = new Set<string>();
  const visited = new Set<string>();
  const visit = (id: string | null): void => {
    if (!id || visited.has(id)) return;
    visited.add(id);
    const resource = findResource(m, id);
    if (!resource) return;
    for (const href of [
      resolveResourceHref(m, resource),
      ...resource.files.map((f) => resolveFileHref(m, resource, f)),
    ]) {
      const path = href?.split(/[?#]/)[0];
      if (path && present.has(path)) wanted.add(path);
    }
    for (const dep of resource.dependencies) visit(dep.identifierref);
  };
  for (const org of m.organizations.list) for (const item of walkItems(org)) visit(item.identifierref);
  return [...wanted].sort();
}
