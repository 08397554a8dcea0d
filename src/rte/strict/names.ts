/** Questions about element names that the catalogue's leaf lookup alone does not answer. */
import { listElements, type ScormVersion } from '../datamodel/index.js';

const PREFIXES: Partial<Record<ScormVersion, Set<string>>> = {};

function prefixes(version: ScormVersion): Set<string> {
  let set = PREFIXES[version];
  if (!set) {
    set = new Set();
    for (const def of listElements(version)) {
      const parts = def.pattern.split('.');
      for (let i = 1; i <= parts.length; i++) set.add(parts.slice(0, i).join('.'));
    }
    PREFIXES[version] = set;
  }
  return set;
}

/** `cmi.interactions.3.id` -> `cmi.interactions.n.id`. */
export function toPattern(name: string): string {
  return name
    .split('.')
    .map((s) => (/^\d+$/.test(s) ? 'n' : s))
    .join('.');
}

/** True when `name` is an element or a container of the version's data model (`cmi.score`, `cmi.objectives.0`). */
export function isKnownName(version: ScormVersion, name: string): boolean {
  if (name.split('.').includes('n')) return false;
  return prefixes(version).has(toPattern(name));
}

/** For `x._children` / `x._count` / `x._version` names: the keyword and the element it is asked of. */
export function splitKeyword(name: string): { parent: string; keyword: string } | undefined {
  const m = /^(.*)\.(_children|_count|_version)$/.exec(name);
  return m ? { parent: m[1] ?? '', keyword: m[2] ?? '' } : undefined;
}
