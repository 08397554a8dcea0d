/** Questions about element names that the catalogue's leaf lookup alone does not answer. */
import { arrayJoin, listHas, regexpExec, regexpTest, splitOn } from '../../core/intrinsics.js';
import { listElements, type ScormVersion } from '../datamodel/index.js';

const PREFIXES = new Map<ScormVersion, Set<string>>();

function prefixes(version: ScormVersion): Set<string> {
  let set = PREFIXES.get(version);
  if (!set) {
    set = new Set();
    for (const def of listElements(version)) {
      const parts = def.pattern.split('.');
      for (let i = 1; i <= parts.length; i++) set.add(parts.slice(0, i).join('.'));
    }
    PREFIXES.set(version, set);
  }
  return set;
}

const INDEX = /^\d+$/;

/** `cmi.interactions.3.id` -> `cmi.interactions.n.id`. */
export function toPattern(name: string): string {
  const parts = splitOn(name, '.');
  for (let i = 0; i < parts.length; i++) if (regexpTest(INDEX, parts[i] as string)) parts[i] = 'n';
  return arrayJoin(parts, '.');
}

/** True when `name` is an element or a container of the version's data model (`cmi.score`, `cmi.objectives.0`). */
export function isKnownName(version: ScormVersion, name: string): boolean {
  if (listHas(splitOn(name, '.'), 'n')) return false;
  return prefixes(version).has(toPattern(name));
}

const KEYWORD = /^(.*)\.(_children|_count|_version)$/;

/** For `x._children` / `x._count` / `x._version` names: the keyword and the element it is asked of. */
export function splitKeyword(name: string): { parent: string; keyword: string } | undefined {
  const m = regexpExec(KEYWORD, name);
  return m ? { parent: m[1] ?? '', keyword: m[2] ?? '' } : undefined;
}
