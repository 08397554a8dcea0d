/**
 * Saved learner state, per course id and namespace, as the persistence flow describes: the whole data
 * model is written on every close; the next open resumes only when the saved exit is "suspend" and a
 * location was saved, unless a new attempt is forced. Files are written atomically.
 */
import { readFile, rm } from 'node:fs/promises';
import { join } from 'node:path';
import { fail } from '../core/errors.js';
import { writeFileAtomic } from './atomic-write.js';
import { dataDir } from './data-dir.js';

export const SAVED_STATE_FORMAT = 'scorm-tester/saved-state@1';
export const DEFAULT_NAMESPACE = 'mcp';

export interface SavedState {
  format: typeof SAVED_STATE_FORMAT;
  course_id: string;
  namespace: string;
  scorm_version: '1.2' | '2004';
  sco_id: string;
  saved_at: string;
  /** Flat data model (element -> value), as the runtime holds it at Terminate. */
  data: Record<string, string>;
}

export type ResumeDecision =
  | { resume: true; state: SavedState; path: string }
  | {
      resume: false;
      reason: 'new_attempt' | 'no_saved_state' | 'exit_not_suspend' | 'no_location';
      path: string;
      exit?: string;
    };

export function sanitizeCourseId(courseId: string): string {
  const cleaned = courseId
    .replace(/[^A-Za-z0-9._-]+/g, '_')
    .replace(/^\.+/, '_')
    .slice(0, 120);
  return cleaned || 'unknown_course';
}

export class SavedStateStore {
  constructor(readonly dir: string = join(dataDir(), 'scorm-sessions')) {}

  pathFor(courseId: string, namespace = DEFAULT_NAMESPACE): string {
    return join(this.dir, `${namespace}_${sanitizeCourseId(courseId)}.json`);
  }

  async load(courseId: string, namespace = DEFAULT_NAMESPACE): Promise<SavedState | null> {
    const path = this.pathFor(courseId, namespace);
    let text: string;
    try {
      text = await readFile(path, 'utf8');
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
      throw error;
    }
    let state: SavedState;
    try {
      state = JSON.parse(text) as SavedState;
    } catch (error) {
      return corrupt(path, `it is not valid JSON (${(error as Error).message})`);
    }
    if (state?.format !== SAVED_STATE_FORMAT || typeof state.data !== 'object' || state.data === null) {
      return corrupt(path, `it is not a ${SAVED_STATE_FORMAT} file`);
    }
    for (const [key, value] of Object.entries(state.data)) {
      if (typeof value !== 'string')
        return corrupt(path, `element ${key} holds a ${typeof value}, not a string`);
    }
    return state;
  }

  async decide(
    courseId: string,
    options: { newAttempt: boolean; namespace?: string },
  ): Promise<ResumeDecision> {
    const path = this.pathFor(courseId, options.namespace);
    if (options.newAttempt) return { resume: false, reason: 'new_attempt', path };
    const state = await this.load(courseId, options.namespace);
    if (!state) return { resume: false, reason: 'no_saved_state', path };
    const exit = state.scorm_version === '1.2' ? state.data['cmi.core.exit'] : state.data['cmi.exit'];
    if (exit !== 'suspend') return { resume: false, reason: 'exit_not_suspend', path, exit: exit ?? '' };
    const location =
      state.scorm_version === '1.2' ? state.data['cmi.core.lesson_location'] : state.data['cmi.location'];
    if (!location) return { resume: false, reason: 'no_location', path, exit };
    return { resume: true, state, path };
  }

  async save(state: Omit<SavedState, 'format' | 'saved_at'>): Promise<string> {
    const path = this.pathFor(state.course_id, state.namespace);
    const full: SavedState = { format: SAVED_STATE_FORMAT, saved_at: new Date().toISOString(), ...state };
    await writeFileAtomic(path, JSON.stringify(full, null, 2) + '\n');
    return path;
  }

  async clear(courseId: string, namespace = DEFAULT_NAMESPACE): Promise<{ path: string; deleted: boolean }> {
    const path = this.pathFor(courseId, namespace);
    try {
      await rm(path);
      return { path, deleted: true };
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') return { path, deleted: false };
      throw error;
    }
  }
}

function corrupt(path: string, why: string): never {
  fail(
    'SESSION_STATE_CORRUPT',
    `The saved learner state at ${path} is unreadable: ${why}. Open with new_attempt: true (or force_new: true) to start fresh, or call scorm_clear_saved_data to delete it.`,
    { path },
  );
}
