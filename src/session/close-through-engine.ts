/** The engine's side of closing a runtime: the SCO unloaded, an attempt still open ended, the data model read to save. */
import { NAMES } from '../runtime/anomalies/elements.js';
import type { CourseRuntime } from '../runtime/course-runtime.js';
import type { ApiCallRecord } from '../runtime/records.js';
import type { RuntimeCloseResult } from './runtime-close-save.js';

/**
 * Past the course's own time limit, how long the engine may take to give the data model at close: long
 * enough for a timed-out call to probe the page (under 3 s) and stop a stuck script, whose stop fetches
 * the records its task never sent (up to 3 s), so they are in the record a fallback save reads.
 */
export const CLOSE_GRACE_MS = 8_000;

export interface EngineClose {
  result: Pick<RuntimeCloseResult, 'terminated_by' | 'exit' | 'exit_set_by'>;
  /** The data model to save, or null when the attempt left nothing to save. */
  data: Record<string, string> | null;
}

/**
 * The engine's side of a close: unload, then end an attempt still open (exit "suspend" when the course
 * left it empty) and read the data model to save.
 */
export async function closeThroughEngine(
  runtime: CourseRuntime,
  version: '1.2' | '2004',
): Promise<EngineClose> {
  const result: EngineClose['result'] = { terminated_by: 'none', exit: null, exit_set_by: null };
  await runtime.unload();
  const exitElement = NAMES[version].exit;
  if (runtime.initializeState === 'terminated') result.terminated_by = 'course';
  else if (runtime.initializeState === 'initialized') {
    result.exit = (await runtime.getDataModel())[exitElement] ?? '';
    if (result.exit === '') {
      // callApi maps the 2004 names to the course's version (LMSSetValue, LMSFinish on 1.2).
      const set = await runtime.callApi('SetValue', [exitElement, 'suspend']);
      if (set.result === 'true') result.exit_set_by = 'tester';
    }
    await runtime.callApi('Terminate', ['']);
    result.terminated_by = 'tester';
  }
  if (runtime.initializeState !== 'terminated' && runtime.calls.length === 0) return { result, data: null };
  const data = await runtime.getDataModel();
  result.exit = data[exitElement] ?? '';
  if (result.exit !== '' && result.exit_set_by === null) result.exit_set_by = 'course';
  return { result, data };
}

/** The latest successful call of the latest attempt that `matches`, if any. */
export function lastCallOf(
  calls: readonly ApiCallRecord[],
  matches: (call: ApiCallRecord) => boolean,
): ApiCallRecord | null {
  const attempt = calls[calls.length - 1]?.attempt;
  for (let i = calls.length - 1; i >= 0; i--) {
    const call = calls[i]!;
    if (call.attempt !== attempt) break;
    if (call.result === 'true' && matches(call)) return call;
  }
  return null;
}
