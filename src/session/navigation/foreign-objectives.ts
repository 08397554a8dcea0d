/**
 * Global objectives a course would start with but did not write. Global objectives are shared by every
 * course a learner takes (SN: objectivesGlobalToSystem, the default), so a course an agent tests can
 * start with another course's objective already satisfied; the open results say so, naming each one.
 * Courses are told apart by package too: another package with the same manifest identifier is another
 * writer.
 */
import type { SeqTree } from '../../sequencing/activity-tree.js';
import type { GlobalObjectiveRecord } from '../../sequencing/index.js';
import type { HeldObjective } from './learner-state.js';
import { writerRelation, type PackageFingerprint, type WriterRelation } from '../package-fingerprint.js';

/** A global objective as the tools report it (snake_case record fields). */
export interface ReportedObjective {
  id: string;
  /** The course id that last wrote it; null when the learner's file predates this record. */
  written_by_course: string | null;
  /** The package that last wrote it; null when the learner's file predates this record. */
  written_by_package: PackageFingerprint | null;
  /** On open results: how that package relates to the one open now (see package-fingerprint.ts). */
  writer?: WriterRelation;
  satisfied?: boolean;
  normalized_measure?: number;
  completed?: boolean;
  progress_measure?: number;
  raw_score?: number;
  min_score?: number;
  max_score?: number;
}

export function reportedObjective(held: HeldObjective): ReportedObjective {
  const r: GlobalObjectiveRecord = held.record;
  return {
    id: held.id,
    written_by_course: held.writtenBy,
    written_by_package: held.writtenByPackage,
    ...(r.satisfied === undefined ? {} : { satisfied: r.satisfied }),
    ...(r.normalizedMeasure === undefined ? {} : { normalized_measure: r.normalizedMeasure }),
    ...(r.completed === undefined ? {} : { completed: r.completed }),
    ...(r.progressMeasure === undefined ? {} : { progress_measure: r.progressMeasure }),
    ...(r.rawScore === undefined ? {} : { raw_score: r.rawScore }),
    ...(r.minScore === undefined ? {} : { min_score: r.minScore }),
    ...(r.maxScore === undefined ? {} : { max_score: r.maxScore }),
  };
}

/** Target keys the course reads through its objective maps (imsss:mapInfo and adlseq:mapInfo read*). */
export function readTargetKeys(tree: SeqTree): Set<string> {
  const keys = new Set<string>();
  if (!tree.objectivesGlobalToSystem) return keys; // its globals live and die with its own attempt
  for (const activity of tree.activities) {
    for (const objective of activity.def.objectives) {
      for (const m of objective.mapInfo) {
        if (m.readSatisfiedStatus || m.readNormalizedMeasure) keys.add(m.targetKey);
      }
      for (const m of objective.adlMapInfo) {
        if (
          m.readRawScore ||
          m.readMinScore ||
          m.readMaxScore ||
          m.readCompletionStatus ||
          m.readProgressMeasure
        )
          keys.add(m.targetKey);
      }
    }
  }
  return keys;
}

/**
 * The held objectives this course reads and did not write last: another course, another package with
 * the same course id, or a writer not known. One written under this course id before packages were
 * recorded is not claimed to be foreign.
 */
export function foreignObjectives(
  held: readonly HeldObjective[],
  tree: SeqTree,
  courseId: string,
  current: PackageFingerprint | null = null,
): ReportedObjective[] {
  const reads = readTargetKeys(tree);
  const out: ReportedObjective[] = [];
  for (const o of held) {
    if (!reads.has(o.id)) continue;
    const writer = writerRelation(o.writtenByPackage, current);
    if (o.writtenBy === courseId && writer !== 'other_package') continue;
    out.push({ ...reportedObjective(o), writer });
  }
  return out;
}
