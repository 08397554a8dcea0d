/** The indexed collections of the SCORM 2004 data model and where a concrete name sits in them. */

/** Collection patterns, outermost first; records of those marked `keyed` begin with their `id`. */
const COLLECTIONS: readonly { pattern: string; keyed: boolean }[] = [
  { pattern: 'cmi.comments_from_learner', keyed: false },
  { pattern: 'cmi.comments_from_lms', keyed: false },
  { pattern: 'cmi.objectives', keyed: true },
  { pattern: 'cmi.interactions', keyed: true },
  { pattern: 'cmi.interactions.n.objectives', keyed: false },
  { pattern: 'cmi.interactions.n.correct_responses', keyed: false },
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

/** Every collection level a concrete name goes through, outermost first. */
export function collectionLevels(name: string): CollectionLevel[] {
  const parts = name.split('.');
  const levels: CollectionLevel[] = [];
  for (let i = 1; i < parts.length; i++) {
    const seg = parts[i] ?? '';
    if (!/^\d+$/.test(seg)) continue;
    const path = parts.slice(0, i).join('.');
    const pattern = path.replace(/\.\d+(?=\.|$)/g, '.n');
    const known = COLLECTIONS.find((c) => c.pattern === pattern);
    if (!known) continue;
    const index = Number(seg);
    levels.push({
      path,
      index,
      keyed: known.keyed,
      field: parts.slice(i + 1).join('.'),
      canonical: String(index) === seg,
    });
  }
  return levels;
}
