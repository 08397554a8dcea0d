/**
 * Saved learner state, as the persistence flow describes, keyed by course, learner and activity: one
 * file per (namespace, course id, learner id) holds the data model of each activity (SCO) saved so far,
 * plus the sequencing state of the whole course. Closing a SCO rewrites its activity only; the next
 * launch of that SCO resumes when its own saved exit is "suspend" and the attempt holds learner data
 * (RTE: cmi.entry is "resume" after a suspended session), unless a new attempt is forced. A new attempt
 * over saved data keeps that data as the activity's previous attempt. Files are written atomically;
 * the ids stored in a file are checked on every load.
 *
 * The store reads, decides and writes; the file's format (saved-state-format.ts), the checks of a file
 * read back (saved-state-check.ts) and the attempt arithmetic (saved-state-attempts.ts) are its own files.
 */
import { createHash } from 'node:crypto';
import { rm } from 'node:fs/promises';
import { join } from 'node:path';
import { DEFAULT_LEARNER_ID } from '../rte/adapter/rte-init.js';
import { writeFileAtomic } from './atomic-write.js';
import { dataDir } from './data-dir.js';
import { attemptNumber, nextAttemptNumber, resumability, setAsideAttempt } from './saved-state-attempts.js';
import { checkState, isStringMap, parseJson, readIfExists } from './saved-state-check.js';
import {
  DEFAULT_NAMESPACE,
  LEGACY_SAVED_STATE_FORMAT,
  SAVED_STATE_FORMAT,
  type CourseSave,
  type FreshStartReason,
  type ResumeDecision,
  type SaveRequest,
  type SavedActivity,
  type SavedState,
  type ScormVersion,
  type SetAsideAttempt,
  type StateKey,
} from './saved-state-format.js';

export * from './saved-state-format.js';
export { attemptNumber } from './saved-state-attempts.js';
export { corrupt } from './saved-state-check.js';

/** A readable, file-name-safe form of a course id; not unique (the file name adds a hash for that). */
export function sanitizeCourseId(courseId: string): string {
  const cleaned = courseId
    .replace(/[^A-Za-z0-9._-]+/g, '_')
    .replace(/^\.+/, '_')
    .slice(0, 120);
  return cleaned || 'unknown_course';
}

function fullKey(key: StateKey): Required<Omit<StateKey, 'writer'>> {
  return {
    courseId: key.courseId,
    learnerId: key.learnerId ?? DEFAULT_LEARNER_ID,
    namespace: key.namespace ?? DEFAULT_NAMESPACE,
  };
}

export class SavedStateStore {
  /** Saves of one file run one after another (each is a read-modify-write of the whole file). */
  private readonly writing = new Map<string, Promise<unknown>>();

  constructor(readonly dir: string = join(dataDir(), 'scorm-sessions')) {}

  /** `<namespace>_<readable course id>_<hash of the exact course id and learner id>.json` */
  pathFor(key: StateKey): string {
    const k = fullKey(key);
    const hash = createHash('sha256')
      .update(JSON.stringify([k.courseId, k.learnerId]))
      .digest('hex')
      .slice(0, 32);
    return join(this.dir, `${k.namespace}_${sanitizeCourseId(k.courseId).slice(0, 60)}_${hash}.json`);
  }

  /** Where the first format kept a course's state (`mcp_<sanitized course id>.json`, no learner). */
  legacyPathFor(key: StateKey): string | null {
    const k = fullKey(key);
    if (k.learnerId !== DEFAULT_LEARNER_ID || k.namespace !== DEFAULT_NAMESPACE) return null;
    return join(this.dir, `${k.namespace}_${sanitizeCourseId(k.courseId)}.json`);
  }

  /** The saved state of this course and learner, or null; SESSION_STATE_CORRUPT when unreadable or not theirs. */
  async load(key: StateKey): Promise<SavedState | null> {
    const path = this.pathFor(key);
    const text = await readIfExists(path);
    if (text === null) return this.migrateLegacy(key);
    return checkState(parseJson(path, text), fullKey(key), path);
  }

  async decide(
    key: StateKey,
    launch: { scoId: string; scormVersion: ScormVersion; newAttempt: boolean },
  ): Promise<ResumeDecision> {
    const path = this.pathFor(key);
    const state = await this.load(key).catch((error: unknown) => {
      // A new attempt does not need the saved state: an unreadable file is replaced when it is saved.
      if (launch.newAttempt) return null;
      throw error;
    });
    const activity = state?.activities.find((a) => a.sco_id === launch.scoId);
    if (!activity) {
      return {
        resume: false,
        reason: launch.newAttempt ? 'new_attempt' : 'no_saved_state',
        path,
        attempt: 1,
      };
    }
    const verdict = resumability(activity);
    const setAside = (exit: string): SetAsideAttempt | undefined =>
      verdict.learnerData.length > 0
        ? { saved_at: activity.saved_at, exit, learner_data: verdict.learnerData }
        : undefined;
    const fresh = (reason: FreshStartReason, exit: string): ResumeDecision => {
      const aside = setAside(exit);
      return {
        resume: false,
        reason,
        path,
        exit,
        ...(aside ? { setAside: aside } : {}),
        attempt: nextAttemptNumber(activity),
      };
    };
    if (launch.newAttempt) return fresh('new_attempt', verdict.exit);
    if (activity.scorm_version !== launch.scormVersion) return fresh('scorm_version_changed', verdict.exit);
    if (verdict.exit !== 'suspend') return fresh('exit_not_suspend', verdict.exit);
    if (verdict.learnerData.length === 0) return fresh('suspended_without_data', verdict.exit);
    return {
      resume: true,
      activity,
      path,
      learnerData: verdict.learnerData,
      attempt: attemptNumber(activity),
    };
  }

  /**
   * The activity a learner left suspended most recently (among `scoIds`), the one an LMS returns them
   * to when they open the course again; null when none would resume, or when sequencing ran on the
   * course (its saved state decides where the learner resumes).
   */
  async lastSuspended(key: StateKey, scoIds: ReadonlySet<string>): Promise<SavedActivity | null> {
    const state = await this.load(key);
    if (state?.sequencing) return null;
    let last: SavedActivity | null = null;
    for (const activity of state?.activities ?? []) {
      if (!scoIds.has(activity.sco_id)) continue;
      const verdict = resumability(activity);
      if (verdict.exit !== 'suspend' || verdict.learnerData.length === 0) continue;
      if (!last || activity.saved_at > last.saved_at) last = activity;
    }
    return last;
  }

  /**
   * Replaces the saved data model of one activity, keeping the others. A file that cannot be read as
   * this course's state is replaced: opening reports it (SESSION_STATE_CORRUPT) and saving is only
   * reached after the caller chose a new attempt.
   */
  async save(request: SaveRequest): Promise<string> {
    return this.saveCourse(request, {
      scormVersion: request.scormVersion,
      activities: { [request.scoId]: request.data },
      ...(request.newAttempt ? { newAttempts: new Set([request.scoId]) } : {}),
    });
  }

  /**
   * Replaces the saved data model of the given activities (keeping the others) and, when given, the
   * sequencing section (the whole tracking state of a sequenced course).
   */
  async saveCourse(key: StateKey, update: CourseSave): Promise<string> {
    const path = this.pathFor(key);
    return this.serialized(path, async () => {
      const k = fullKey(key);
      const existing = await this.load(key).catch(() => null);
      const now = new Date().toISOString();
      const changed = Object.entries(update.activities).map(([scoId, data]): SavedActivity => {
        const before = existing?.activities.find((a) => a.sco_id === scoId);
        const fresh = update.newAttempts?.has(scoId) === true;
        const previous = fresh ? setAsideAttempt(before) : (before?.previous_attempts ?? []);
        return {
          sco_id: scoId,
          scorm_version: update.scormVersion,
          saved_at: now,
          data,
          ...(previous.length > 0 ? { previous_attempts: previous } : {}),
          attempt: !before ? 1 : fresh ? nextAttemptNumber(before) : attemptNumber(before),
          ...(key.writer ? { written_by: key.writer } : {}),
        };
      });
      const state: SavedState = {
        format: SAVED_STATE_FORMAT,
        course_id: k.courseId,
        learner_id: k.learnerId,
        namespace: k.namespace,
        saved_at: now,
        activities: [
          ...(existing?.activities ?? []).filter((a) => !Object.hasOwn(update.activities, a.sco_id)),
          ...changed,
        ],
        sequencing: update.sequencing === undefined ? (existing?.sequencing ?? null) : update.sequencing,
      };
      const sequencingWriter =
        update.sequencing === undefined ? existing?.sequencing_written_by : (key.writer ?? undefined);
      if (state.sequencing !== null && sequencingWriter) state.sequencing_written_by = sequencingWriter;
      await writeFileAtomic(path, JSON.stringify(state, null, 2) + '\n');
      return path;
    });
  }

  /** Deletes the saved state of this course and learner (and a legacy file that belongs to it). */
  async clear(key: StateKey): Promise<{ path: string; deleted: boolean }> {
    const path = this.pathFor(key);
    return this.serialized(path, async () => {
      const legacy = await this.ownLegacyFile(key);
      if (legacy) await rm(legacy.path, { force: true });
      try {
        await rm(path);
        return { path, deleted: true };
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code === 'ENOENT') return { path, deleted: legacy !== null };
        throw error;
      }
    });
  }

  private async serialized<T>(path: string, task: () => Promise<T>): Promise<T> {
    const previous = this.writing.get(path) ?? Promise.resolve();
    const next = previous.catch(() => undefined).then(task);
    this.writing.set(path, next);
    try {
      return await next;
    } finally {
      if (this.writing.get(path) === next) this.writing.delete(path);
    }
  }

  /**
   * A first-format file counts only when it names exactly this course (the old file name mapped course
   * ids differing in "/", ":" or "_" to one file); any other is ignored and left alone.
   */
  private async ownLegacyFile(key: StateKey): Promise<{ path: string; activity: SavedActivity } | null> {
    const path = this.legacyPathFor(key);
    if (!path) return null;
    const text = await readIfExists(path).catch(() => null);
    if (text === null) return null;
    let old: Record<string, unknown>;
    try {
      old = JSON.parse(text) as Record<string, unknown>;
    } catch {
      return null;
    }
    if (
      old?.format !== LEGACY_SAVED_STATE_FORMAT ||
      old.course_id !== key.courseId ||
      typeof old.sco_id !== 'string' ||
      (old.scorm_version !== '1.2' && old.scorm_version !== '2004') ||
      !isStringMap(old.data)
    ) {
      return null;
    }
    return {
      path,
      activity: {
        sco_id: old.sco_id,
        scorm_version: old.scorm_version,
        saved_at: typeof old.saved_at === 'string' ? old.saved_at : new Date(0).toISOString(),
        data: old.data,
      },
    };
  }

  /** One-time move of this course's first-format file into the keyed format. */
  private async migrateLegacy(key: StateKey): Promise<SavedState | null> {
    const legacy = await this.ownLegacyFile(key);
    if (!legacy) return null;
    const k = fullKey(key);
    const state: SavedState = {
      format: SAVED_STATE_FORMAT,
      course_id: k.courseId,
      learner_id: k.learnerId,
      namespace: k.namespace,
      saved_at: legacy.activity.saved_at,
      activities: [legacy.activity],
      sequencing: null,
    };
    try {
      await writeFileAtomic(this.pathFor(key), JSON.stringify(state, null, 2) + '\n');
      await rm(legacy.path, { force: true });
    } catch {
      // A read-only data dir: resume from the old file now; the next save that succeeds moves it.
    }
    return state;
  }
}
