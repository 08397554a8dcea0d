/**
 * The indexed collections of the SCORM 2004 data model and where a concrete name sits in them. Runs
 * on every call, so it keeps to ../../core/intrinsics.ts (no array methods or iterators).
 */
import { arrayJoin, arrayPush, arraySlice, regexpTest, splitOn } from '../../core/intrinsics.js';
import { toPattern } from './names.js';

/** Collection patterns, outermost first; records of those marked `keyed` begin with their `id`. */
const COLLECTIONS = new Map<string, { keyed: boolean }>([
  ['cmi.comments_from_learner', { keyed: false }],
  ['cmi.comments_from_lms', { keyed: false }],
  ['cmi.objectives', { keyed: true }],
  ['cmi.interactions', { keyed: true }],
  ['cmi.interactions.n.objectives', { keyed: false }],
  ['cmi.interactions.n.correct_responses', { keyed: false }],
]);

/** The top-level collections (their `_count` is 0 before any record exists). */
export const TOP_COLLECTIONS: readonly string[] = [
  'cmi.comments_from_learner',
  'cmi.comments_from_lms',
  'cmi.objectives',
  'cmi.interactions',
];

export interface CollectionLevel {
  /** Concrete collection path, e.g. `cmi.interactions.2.objectives`. */
  path: string;
  index: number;
  keyed: boolean;
  /** The rest of the name after the index, e.g. `id`, `score.raw`. */
  field: string;
  /** False for an index written with leading zeros (`01`), which names no record. */
  canonical: boolean;
}

const INDEX = /^\d+$/;

/** Every collection level a concrete name goes through, outermost first. */
export function collectionLevels(name: string): CollectionLevel[] {
  const parts = splitOn(name, '.');
  const levels: CollectionLevel[] = [];
  for (let i = 1; i < parts.length; i++) {
    const seg = parts[i] ?? '';
    if (!regexpTest(INDEX, seg)) continue;
    const path = arrayJoin(arraySlice(parts, 0, i), '.');
    const known = COLLECTIONS.get(toPattern(path));
    if (!known) continue;
    const index = Number(seg);
    arrayPush(levels, {
      path,
      index,
      keyed: known.keyed,
      field: arrayJoin(arraySlice(parts, i + 1), '.'),
      canonical: String(index) === seg,
    });
  }
  return levels;
}
