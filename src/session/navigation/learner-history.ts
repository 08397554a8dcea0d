/**
 * What a session reads of the learner's history before it opens a course: the activity they left
 * suspended last, and the global objectives the course reads that another course wrote.
 */
import { walkItems, type ScormManifest } from '../../manifest/index.js';
import { buildSeqTree } from '../../sequencing/activity-tree.js';
import type { PackageFingerprint } from '../package-fingerprint.js';
import type { SavedStateStore, StateKey } from '../saved-state.js';
import { foreignObjectives, type ReportedObjective } from './foreign-objectives.js';
import type { LearnerStateStore } from './learner-state.js';
import { SessionNavigator } from './navigator.js';

/** The item of the activity the learner left suspended most recently (a course opened without item_id). */
export async function lastSuspendedItem(
  store: SavedStateStore,
  key: StateKey,
  manifest: ScormManifest,
): Promise<string | undefined> {
  const ids = new Set<string>();
  for (const org of manifest.organizations.list)
    for (const item of walkItems(org))
      if (item.identifier && item.identifierref?.trim()) ids.add(item.identifier);
  const last = await store.lastSuspended(key, ids).catch(() => null);
  return last?.sco_id;
}

/**
 * The learner's global objectives this course reads through its objective maps and did not write last.
 * Empty when the course has no sequencing to build or the learner's file cannot be read (scorm_sn_init
 * reports that file as SESSION_STATE_CORRUPT).
 */
export async function foreignObjectivesOf(
  manifest: ScormManifest,
  learners: LearnerStateStore,
  learnerId: string | undefined,
  courseId: string,
  fingerprint: PackageFingerprint | null,
): Promise<ReportedObjective[]> {
  // A course that is not sequenced never reads global objectives: nothing is foreign to it.
  if (!SessionNavigator.applies(manifest)) return [];
  try {
    const learner = await learners.load(learnerId);
    return foreignObjectives(learner.objectives(), buildSeqTree(manifest), courseId, fingerprint);
  } catch {
    return [];
  }
}
