/** Reading a saved-state file: its text, its JSON, and the checks that it is this course's and learner's state. */
import { readFile } from 'node:fs/promises';
import { fail } from '../core/errors.js';
import {
  SAVED_STATE_FORMAT,
  type PreviousAttempt,
  type SavedActivity,
  type SavedState,
  type StateKey,
} from './saved-state-format.js';

/** The file's text; null when it does not exist (ENOTDIR: a parent is not a directory, so it cannot). */
export async function readIfExists(path: string): Promise<string | null> {
  try {
    return await readFile(path, 'utf8');
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (code === 'ENOENT' || code === 'ENOTDIR') return null;
    return corrupt(path, `it cannot be read (${(error as Error).message})`);
  }
}

export function parseJson(path: string, text: string): unknown {
  try {
    return JSON.parse(text) as unknown;
  } catch (error) {
    return corrupt(path, `it is not valid JSON (${(error as Error).message})`);
  }
}

export function isStringMap(value: unknown): value is Record<string, string> {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return false;
  return Object.values(value).every((v) => typeof v === 'string');
}

export function checkState(
  value: unknown,
  key: Required<Omit<StateKey, 'writer'>>,
  path: string,
): SavedState {
  const state = value as Partial<SavedState> | null;
  if (typeof state !== 'object' || state === null || state.format !== SAVED_STATE_FORMAT) {
    return corrupt(path, `it is not a ${SAVED_STATE_FORMAT} file`);
  }
  for (const [field, expected] of [
    ['course_id', key.courseId],
    ['learner_id', key.learnerId],
    ['namespace', key.namespace],
  ] as const) {
    if (state[field] !== expected) {
      return corrupt(
        path,
        `it holds the state of ${field} ${JSON.stringify(state[field])}, not ${JSON.stringify(expected)}`,
      );
    }
  }
  if (!Array.isArray(state.activities)) return corrupt(path, 'it has no activities list');
  const seen = new Set<string>();
  for (const activity of state.activities as unknown[]) {
    const a = activity as Partial<SavedActivity> | null;
    if (
      typeof a !== 'object' ||
      a === null ||
      typeof a.sco_id !== 'string' ||
      (a.scorm_version !== '1.2' && a.scorm_version !== '2004')
    ) {
      return corrupt(path, 'an activity lacks its sco_id or scorm_version');
    }
    if (seen.has(a.sco_id)) return corrupt(path, `activity ${JSON.stringify(a.sco_id)} appears twice`);
    seen.add(a.sco_id);
    if (!isStringMap(a.data)) {
      return corrupt(path, `the data of activity ${JSON.stringify(a.sco_id)} is not a map of strings`);
    }
    const previous = a.previous_attempts;
    if (
      previous !== undefined &&
      (!Array.isArray(previous) ||
        !previous.every(
          (p: Partial<PreviousAttempt> | null) => typeof p?.saved_at === 'string' && isStringMap(p.data),
        ))
    ) {
      return corrupt(path, `the previous attempts of activity ${JSON.stringify(a.sco_id)} are not readable`);
    }
  }
  const sequencing = state.sequencing ?? null;
  if (sequencing !== null && (typeof sequencing !== 'object' || Array.isArray(sequencing))) {
    return corrupt(path, 'its sequencing section is not an object');
  }
  return { ...(state as SavedState), sequencing };
}

/** SESSION_STATE_CORRUPT for the saved state at `path`, with both ways out. */
export function corrupt(path: string, why: string): never {
  fail(
    'SESSION_STATE_CORRUPT',
    `The saved learner state at ${path} is unreadable: ${why}. Open with new_attempt: true (or force_new: true) to start fresh, or call scorm_clear_saved_data to delete it.`,
    { path },
  );
}
