/**
 * What belongs to a learner rather than to one course: global objectives (objectivesGlobalToSystem)
 * and adl.data shared data buckets (sharedDataGlobalToSystem). One file per learner next to the saved
 * course states, written atomically, its ids checked on load.
 */
import { createHash } from 'node:crypto';
import { readFile, rm } from 'node:fs/promises';
import { join } from 'node:path';
import { fail } from '../../core/errors.js';
import { DEFAULT_LEARNER_ID } from '../../rte/adapter/rte-init.js';
import type { SharedDataStore } from '../../rte/strict/shared-data.js';
import type { GlobalObjectiveRecord, GlobalObjectiveStore } from '../../sequencing/index.js';
import { writeFileAtomic } from '../atomic-write.js';
import { isFingerprint, type PackageFingerprint } from '../package-fingerprint.js';
import { DEFAULT_NAMESPACE } from '../saved-state.js';

export const LEARNER_STATE_FORMAT = 'scorm-tester/learner-state@1';

interface LearnerFile {
  format: typeof LEARNER_STATE_FORMAT;
  learner_id: string;
  namespace: string;
  saved_at: string;
  global_objectives: Record<string, GlobalObjectiveRecord>;
  /** The course id that last wrote each global objective (absent in files written before it was kept). */
  global_objective_writers?: Record<string, string>;
  /** The package that last wrote each global objective (absent in files written before it was kept). */
  global_objective_writer_packages?: Record<string, PackageFingerprint>;
  shared_data: Record<string, string>;
}

/** One global objective as a learner holds it, with the course that last wrote it (null: not known). */
export interface HeldObjective {
  id: string;
  record: GlobalObjectiveRecord;
  writtenBy: string | null;
  /** The package that last wrote it (null: not known). */
  writtenByPackage: PackageFingerprint | null;
}

export interface LearnerState {
  learnerId: string;
  globalObjectives: GlobalObjectiveStore;
  sharedData: SharedDataStore;
  /** Target ids of the global objectives held (for inspection). */
  objectiveIds(): string[];
  /** Every global objective held, with the course that last wrote it. */
  objectives(): HeldObjective[];
  /** Writes the learner's file (atomically). */
  save(): Promise<string>;
}

export class LearnerStateStore {
  constructor(readonly dir: string) {}

  pathFor(learnerId: string = DEFAULT_LEARNER_ID, namespace = DEFAULT_NAMESPACE): string {
    const hash = createHash('sha256')
      .update(JSON.stringify([namespace, learnerId]))
      .digest('hex')
      .slice(0, 32);
    return join(this.dir, `${namespace}_learner_${hash}.json`);
  }

  /**
   * SESSION_STATE_CORRUPT when the file cannot be read or holds another learner's state. `courseId` and
   * `writer` are the course and package whose engine writes through this state: each objective written
   * is marked as theirs.
   */
  async load(
    learnerId: string = DEFAULT_LEARNER_ID,
    namespace = DEFAULT_NAMESPACE,
    courseId: string | null = null,
    writer: PackageFingerprint | null = null,
  ): Promise<LearnerState> {
    const path = this.pathFor(learnerId, namespace);
    const file = await readLearnerFile(path, learnerId, namespace);
    return this.state(path, learnerId, namespace, file, courseId, writer);
  }

  /** A learner state that starts empty (its first save replaces whatever file was there). */
  empty(
    learnerId: string = DEFAULT_LEARNER_ID,
    namespace = DEFAULT_NAMESPACE,
    courseId: string | null = null,
    writer: PackageFingerprint | null = null,
  ): LearnerState {
    return this.state(this.pathFor(learnerId, namespace), learnerId, namespace, null, courseId, writer);
  }

  /**
   * Deletes the learner's global objectives (those in `ids`, or all), keeping the adl.data buckets.
   * Returns the ids deleted and those kept.
   */
  async clearObjectives(
    learnerId: string = DEFAULT_LEARNER_ID,
    namespace = DEFAULT_NAMESPACE,
    ids: readonly string[] | null = null,
  ): Promise<{ path: string; cleared: string[]; kept: string[] }> {
    const path = this.pathFor(learnerId, namespace);
    const state = this.state(
      path,
      learnerId,
      namespace,
      await readLearnerFile(path, learnerId, namespace),
      null,
      null,
    );
    const held = state.objectiveIds();
    const cleared = ids === null ? held : held.filter((id) => ids.includes(id));
    if (cleared.length > 0) {
      state.forgetObjectives(cleared);
      await state.save();
    }
    return { path, cleared, kept: held.filter((id) => !cleared.includes(id)) };
  }

  private state(
    path: string,
    learnerId: string,
    namespace: string,
    file: LearnerFile | null,
    courseId: string | null,
    writer: PackageFingerprint | null,
  ): LearnerState & { forgetObjectives(ids: readonly string[]): void } {
    const objectives = new Map(Object.entries(file?.global_objectives ?? {}));
    const writers = new Map(Object.entries(file?.global_objective_writers ?? {}));
    const packages = new Map(
      Object.entries(file?.global_objective_writer_packages ?? {}).filter(([, p]) => isFingerprint(p)),
    );
    const buckets = new Map(Object.entries(file?.shared_data ?? {}));
    return {
      learnerId,
      globalObjectives: {
        read: (_learner, target) => {
          const r = objectives.get(target);
          return r ? { ...r } : undefined;
        },
        write: (_learner, target, record) => {
          objectives.set(target, { ...record });
          if (courseId === null) writers.delete(target);
          else writers.set(target, courseId);
          if (writer === null) packages.delete(target);
          else packages.set(target, writer);
        },
      },
      sharedData: {
        get: (target) => buckets.get(target),
        set: (target, value) => void buckets.set(target, value),
      },
      objectiveIds: () => [...objectives.keys()],
      objectives: () =>
        [...objectives].map(([id, record]) => ({
          id,
          record: { ...record },
          writtenBy: writers.get(id) ?? null,
          writtenByPackage: packages.get(id) ?? null,
        })),
      forgetObjectives: (ids) => {
        for (const id of ids) {
          objectives.delete(id);
          writers.delete(id);
          packages.delete(id);
        }
      },
      save: async () => {
        const out: LearnerFile = {
          format: LEARNER_STATE_FORMAT,
          learner_id: learnerId,
          namespace,
          saved_at: new Date().toISOString(),
          global_objectives: Object.fromEntries(objectives),
          global_objective_writers: Object.fromEntries([...writers].filter(([id]) => objectives.has(id))),
          global_objective_writer_packages: Object.fromEntries(
            [...packages].filter(([id]) => objectives.has(id)),
          ),
          shared_data: Object.fromEntries(buckets),
        };
        await writeFileAtomic(path, JSON.stringify(out, null, 2) + '\n');
        return path;
      },
    };
  }

  async clear(
    learnerId: string = DEFAULT_LEARNER_ID,
    namespace = DEFAULT_NAMESPACE,
  ): Promise<{ path: string; deleted: boolean }> {
    const path = this.pathFor(learnerId, namespace);
    try {
      await rm(path);
      return { path, deleted: true };
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') return { path, deleted: false };
      throw error;
    }
  }
}

async function readLearnerFile(
  path: string,
  learnerId: string,
  namespace: string,
): Promise<LearnerFile | null> {
  let text: string;
  try {
    text = await readFile(path, 'utf8');
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (code === 'ENOENT' || code === 'ENOTDIR') return null;
    return corrupt(path, `it cannot be read (${(error as Error).message})`);
  }
  let value: Partial<LearnerFile> | null;
  try {
    value = JSON.parse(text) as Partial<LearnerFile> | null;
  } catch (error) {
    return corrupt(path, `it is not valid JSON (${(error as Error).message})`);
  }
  if (typeof value !== 'object' || value === null || value.format !== LEARNER_STATE_FORMAT)
    return corrupt(path, `it is not a ${LEARNER_STATE_FORMAT} file`);
  if (value.learner_id !== learnerId || value.namespace !== namespace)
    return corrupt(
      path,
      `it holds the state of learner ${JSON.stringify(value.learner_id)}, not ${JSON.stringify(learnerId)}`,
    );
  if (!isRecordOf(value.global_objectives, isObjectiveRecord))
    return corrupt(path, 'its global_objectives are not a map of objective records');
  if (
    value.global_objective_writers !== undefined &&
    !isRecordOf(value.global_objective_writers, (v): v is string => typeof v === 'string')
  )
    return corrupt(path, 'its global_objective_writers are not a map of course ids');
  if (!isRecordOf(value.shared_data, (v): v is string => typeof v === 'string'))
    return corrupt(path, 'its shared_data is not a map of strings');
  return value as LearnerFile;
}

function isRecordOf<T>(value: unknown, check: (v: unknown) => v is T): value is Record<string, T> {
  return (
    typeof value === 'object' && value !== null && !Array.isArray(value) && Object.values(value).every(check)
  );
}

function isObjectiveRecord(v: unknown): v is GlobalObjectiveRecord {
  if (typeof v !== 'object' || v === null || Array.isArray(v)) return false;
  const r = v as Record<string, unknown>;
  const bools = ['satisfied', 'completed'];
  const nums = ['normalizedMeasure', 'rawScore', 'minScore', 'maxScore', 'progressMeasure'];
  return Object.entries(r).every(([k, x]) =>
    bools.includes(k)
      ? typeof x === 'boolean'
      : nums.includes(k)
        ? typeof x === 'number' && Number.isFinite(x)
        : false,
  );
}

function corrupt(path: string, why: string): never {
  fail(
    'SESSION_STATE_CORRUPT',
    `The learner's shared state (global objectives, shared data) at ${path} is unreadable: ${why}. Call scorm_clear_saved_data with include_learner_state: true to delete it, or open with new_attempt: true to start the course without it.`,
    { path },
  );
}
