/**
 * Saving the learner state as a runtime closes: through the engine in the page (or the navigator, for a
 * sequenced course) within the close's budget; when the page cannot answer in time or the browser died,
 * from the record Node holds of the course's calls and data changes.
 */
import { fail, isScormTesterError, ScormTesterError, type ErrorCode } from '../core/errors.js';
import type { Logger } from '../core/logger.js';
import { TIMEOUT, within } from '../core/within.js';
import { NAMES } from '../runtime/anomalies/elements.js';
import type { CourseRuntime } from '../runtime/course-runtime.js';
import { addSessionTimeToTotal } from '../runtime/data-model/end-attempt-time.js';
import { canonicalMethod } from '../runtime/records.js';
import { CLOSE_GRACE_MS, closeThroughEngine, lastCallOf, type EngineClose } from './close-through-engine.js';
import type { EventLog } from './event-log.js';
import type { SessionNavigator } from './navigation/navigator.js';
import type { SavedStateStore, StateKey } from './saved-state.js';

/** What closing a runtime did with the learner state; save_error is set when state existed but was not saved. */
export interface RuntimeCloseResult {
  saved_state_path: string | null;
  /**
   * Where the saved data model came from: the engine in the page, or (when the page could not answer in
   * time, or the browser died) the record of the course's calls and data changes Node holds.
   */
  saved_from: 'engine' | 'record' | null;
  /** Elements left out of a save from the record because the record holds only the head of their value. */
  omitted_elements?: string[];
  terminated_by: 'course' | 'tester' | 'none';
  /** The exit saved: the course's own, or "suspend" when the course left it empty (exit_set_by "tester"). */
  exit: string | null;
  exit_set_by: 'course' | 'tester' | null;
  save_error: { error_code: ErrorCode; message: string } | null;
}

/** What a close's save needs of its session. */
export interface CloseSaveHost {
  readonly sessionId: string;
  readonly version: '1.2' | '2004';
  readonly stateKey: StateKey;
  readonly store: SavedStateStore;
  /** The launch resumed a saved attempt; one that did not saves a new attempt. */
  readonly resumed: boolean;
  /** The manifest item the runtime launched, when the runtime cannot tell its SCO. */
  readonly launchedItemId: string | undefined;
  readonly events: EventLog;
  readonly logger: Logger;
}

/**
 * Saves what the closing runtime's course set into `result`: through the navigator when sequencing
 * runs, else through the engine, else from the record. Throws when there was state and it was not saved.
 */
export async function saveOnClose(
  host: CloseSaveHost,
  runtime: CourseRuntime,
  navigator: SessionNavigator | null,
  result: RuntimeCloseResult,
): Promise<void> {
  if (navigator) {
    await closeSequenced(host, runtime, navigator, result);
    return;
  }
  let fromEngine: EngineClose | null = null;
  let engineError: unknown = null;
  if (runtime.isOpen) {
    const reading = closeThroughEngine(runtime, host.version);
    reading.catch(() => undefined);
    const out = await within(reading, runtime.timeoutMs + CLOSE_GRACE_MS).catch((error: unknown) => {
      engineError = error;
      return null;
    });
    if (out === TIMEOUT) {
      engineError = new ScormTesterError(
        'COURSE_TIMEOUT',
        `the page did not give its data model within ${runtime.timeoutMs + CLOSE_GRACE_MS} ms`,
      );
    } else fromEngine = out;
  }
  if (fromEngine) {
    Object.assign(result, fromEngine.result);
    if (fromEngine.data) {
      result.saved_state_path = await saveState(host, runtime, fromEngine.data);
      result.saved_from = 'engine';
      host.events.push('state:saved', { path: result.saved_state_path, exit: result.exit });
    }
    return;
  }
  await saveFromRecord(host, runtime, result, engineError);
}

/**
 * The navigator's close, within the same bound as a single SCO's; when the page cannot answer in time
 * (or the browser died) the navigator saves the delivered SCO from the record instead.
 */
async function closeSequenced(
  host: CloseSaveHost,
  runtime: CourseRuntime,
  navigator: SessionNavigator,
  result: RuntimeCloseResult,
): Promise<void> {
  let why = 'the browser running the course died';
  if (runtime.isOpen) {
    const closing = navigator.close();
    closing.catch(() => undefined);
    const bound = runtime.timeoutMs + CLOSE_GRACE_MS;
    const out = await within(closing, bound).catch((error: unknown) => error as Error);
    if (out !== TIMEOUT && !(out instanceof Error)) {
      result.saved_state_path = out.saved_state_path;
      if (out.saved_state_path) result.saved_from = 'engine';
      result.terminated_by = out.unloaded?.terminated_by ?? 'none';
      result.exit = out.exit;
      result.exit_set_by = out.exit_set_by;
      result.save_error = navigator.saveError;
      host.events.push('state:saved', { path: result.saved_state_path, suspended: out.suspended });
      return;
    }
    why = out === TIMEOUT ? `the page did not give its data model within ${bound} ms` : out.message;
  }
  const closed = await navigator.closeFromRecord(why);
  result.saved_state_path = closed.saved_state_path;
  if (closed.saved_state_path) result.saved_from = 'record';
  result.terminated_by = closed.unloaded?.terminated_by ?? 'none';
  result.exit = closed.exit;
  result.exit_set_by = closed.exit_set_by;
  if (closed.omitted.length > 0) result.omitted_elements = closed.omitted;
  result.save_error = navigator.saveError;
  savedFromRecord(host, why, { path: result.saved_state_path, suspended: closed.suspended });
}

/**
 * Saves the data model the record rebuilds, when the engine could not give its own. An attempt still
 * open gets the exit "suspend" the tester would have set, as the engine path does.
 */
async function saveFromRecord(
  host: CloseSaveHost,
  runtime: CourseRuntime,
  result: RuntimeCloseResult,
  engineError: unknown,
): Promise<void> {
  const why = runtime.isCrashed
    ? 'the browser running the course died'
    : engineError instanceof Error
      ? engineError.message
      : 'the page did not answer';
  if (runtime.initializeState === 'none' && runtime.calls.length === 0) {
    if (runtime.isCrashed) return;
    throw engineError instanceof Error ? engineError : new Error(why);
  }
  const recorded = runtime.recordedState();
  if (!recorded.complete) {
    fail(
      'SESSION_STATE_SAVE_FAILED',
      `The learner state could not be saved: ${why}, and the record of its data changes is incomplete (the change cap was reached).`,
    );
  }
  const exitElement = NAMES[host.version].exit;
  const terminate = lastCallOf(runtime.calls, (c) => canonicalMethod(c.method) === 'Terminate');
  result.terminated_by = terminate ? (terminate.source === 'tool' ? 'tester' : 'course') : 'none';
  const exit = recorded.data[exitElement] ?? '';
  if (exit === '' && runtime.initializeState === 'initialized') {
    recorded.data[exitElement] = 'suspend';
    result.exit_set_by = 'tester';
  } else if (exit !== '') {
    // The close may have got as far as setting the exit itself before the page stopped answering.
    const setExit = lastCallOf(
      runtime.calls,
      (c) => canonicalMethod(c.method) === 'SetValue' && c.args[0] === exitElement,
    );
    result.exit_set_by = setExit?.source === 'tool' ? 'tester' : 'course';
  }
  // This save ends an attempt the engine never ended: its session time joins the total as at Terminate.
  if (runtime.initializeState === 'initialized') addSessionTimeToTotal(recorded.data, host.version);
  result.exit = recorded.data[exitElement] ?? '';
  result.saved_state_path = await saveState(host, runtime, recorded.data);
  result.saved_from = 'record';
  if (recorded.omitted.length > 0) result.omitted_elements = recorded.omitted;
  savedFromRecord(host, why, { path: result.saved_state_path, exit: result.exit });
}

/** Logs and announces a save rebuilt from the record (the engine could not give its data model). */
function savedFromRecord(host: CloseSaveHost, why: string, saved: Record<string, unknown>): void {
  host.logger.warn('RUNTIME_CLOSE_SAVED_FROM_RECORD', { session_id: host.sessionId, reason: why });
  host.events.push('state:saved', { ...saved, saved_from: 'record', message: why });
}

async function saveState(
  host: CloseSaveHost,
  runtime: CourseRuntime,
  data: Record<string, string>,
): Promise<string> {
  const scoId = runtime.status().scoId ?? host.launchedItemId ?? 'sco';
  try {
    // A launch that did not resume started a new attempt: the saved one is kept as a previous attempt.
    const newAttempt = !host.resumed;
    return await host.store.save({ ...host.stateKey, scoId, scormVersion: host.version, data, newAttempt });
  } catch (error) {
    if (isScormTesterError(error)) throw error;
    fail(
      'SESSION_STATE_SAVE_FAILED',
      `The learner state could not be written to ${host.store.dir}: ${(error as Error).message}. ` +
        'Point SCORM_TESTER_DATA_DIR at a writable directory (the state of this attempt is lost).',
      { dir: host.store.dir },
    );
  }
}
