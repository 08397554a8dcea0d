import { arrayJoin, arrayPush, regexpExec, regexpTest, splitOn } from '../../core/intrinsics.js';
import type { ElementDef, ElementInfo } from './element-def.js';
import { SCORM12_ELEMENTS } from './elements-12.js';
import { SCORM2004_ELEMENTS } from './elements-2004.js';
import type { ScormVersion } from './value-type.js';

export function listElements(version: ScormVersion): readonly ElementDef[] {
  return version === '1.2' ? SCORM12_ELEMENTS : SCORM2004_ELEMENTS;
}

interface Index {
  byPattern: Map<string, ElementDef>;
  /** `_children` pattern -> the child names in catalogue order. */
  children: Map<string, string[]>;
}

function buildIndex(defs: readonly ElementDef[]): Index {
  const byPattern = new Map<string, ElementDef>();
  const children = new Map<string, string[]>();
  for (const def of defs) byPattern.set(def.pattern, def);
  for (const def of defs) {
    if (def.keyword !== '_children') continue;
    const parent = def.pattern.slice(0, -'._children'.length);
    // Collections (cmi.interactions) list the children of one record (cmi.interactions.n.*).
    const prefix = byPattern.has(`${parent}._count`) ? `${parent}.n.` : `${parent}.`;
    const names: string[] = [];
    for (const other of defs) {
      if (!other.pattern.startsWith(prefix) || other.keyword) continue;
      const child = other.pattern.slice(prefix.length).split('.')[0] ?? '';
      if (!names.includes(child)) names.push(child);
    }
    children.set(def.pattern, names);
  }
  return { byPattern, children };
}

const INDEXES: Record<ScormVersion, Index> = {
  '1.2': buildIndex(SCORM12_ELEMENTS),
  '2004': buildIndex(SCORM2004_ELEMENTS),
};

const TARGETED = /^(adl\.nav\.request_valid\.(?:choice|jump))\.\{target=([^}]*)\}$/;
const INDEX = /^\d+$/;

/**
 * Resolves a concrete element name. It runs on SetValue/GetValue in the player page, which shares its
 * realm with the course: see ../../core/intrinsics.ts for why it avoids array methods. (`cmi.interactions.3.id`, `adl.nav.request_valid.choice.{target=a1}`)
 * to its catalogue entry; undefined when the version's data model has no such element.
 */
export function lookupElement(version: ScormVersion, element: string): ElementInfo | undefined {
  const cache = CACHES[version];
  if (cache.has(element)) return cache.get(element);
  const info = resolve(version, element);
  // Names repeat a lot (a course sets the same elements over and over); keep the cache bounded.
  if (cache.size >= 5000) cache.clear();
  cache.set(element, info);
  return info;
}

const CACHES: Record<ScormVersion, Map<string, ElementInfo | undefined>> = {
  '1.2': new Map(),
  '2004': new Map(),
};

function resolve(version: ScormVersion, element: string): ElementInfo | undefined {
  const index = INDEXES[version];
  if (version === '2004') {
    const m = regexpExec(TARGETED, element);
    if (m) {
      const def = index.byPattern.get(`${m[1]}.{target=ID}`);
      const target = m[2] ?? '';
      if (!def || target === '') return undefined;
      return { ...def, version, name: element, indices: [], target };
    }
  }
  const indices: number[] = [];
  const segments = splitOn(element, '.');
  for (let i = 0; i < segments.length; i++) {
    const seg = segments[i] ?? '';
    if (regexpTest(INDEX, seg)) {
      arrayPush(indices, Number(seg));
      segments[i] = 'n';
    } else if (seg === 'n') {
      return undefined; // the placeholder itself is not a valid concrete name
    }
  }
  const pattern = arrayJoin(segments, '.');
  const def = index.byPattern.get(pattern);
  if (!def) return undefined;
  const children = index.children.get(pattern);
  return { ...def, version, name: element, indices, ...(children ? { children } : {}) };
}
