/**
 * Global objectives a course would start with but did not write. Global objectives are shared by every
 * course a learner takes (SN: objectivesGlobalToSystem, the default), so a course an agent tests can
 * start with another course's objective already satisfied; the open results say so, naming each one.
 */
import type { SeqTree } from '../../sequencing/activity-tree.js';
import type { GlobalObjectiveRecord } from '../../sequencing/index.js';
import type { HeldObjective } from './learner-state.js';

/** A global objective as the tools report it (snake_case record fields). */
export interface ReportedObjective {
  id: string;
  /** The course id that last wrote it; null when the learner's file predates this record. */
  written_by_course: string | null;
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

/** The held objectives this course reads and did not write last (another course, or unknown). */
export function foreignObjectives(
  held: readonly HeldObjective[],
  tree: SeqTree,
  courseId: string,
): ReportedObjective[] {
  const reads = readTargetKeys(tree);
  return held.filter((o) => reads.has(o.id) && o.writtenBy !== courseId).map(reportedObjective);
}
