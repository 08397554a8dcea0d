/**
 * What a close needs of the delivered SCO when its page cannot answer: its data model, the adl.data it
 * wrote and the elements it set, all from the record Node holds (the page's own readings are
 * getDataModel, readSharedData and readSetByContent). An attempt still open is ended as the close
 * would end it through the engine: exit "suspend" when the SCO left it empty, session time added to
 * the total.
 */
import { fail } from '../../core/errors.js';
import type { SharedDataMap } from '../../rte/strict/shared-data.js';
import type { CourseRuntime } from '../../runtime/course-runtime.js';
import { addSessionTimeToTotal } from '../../runtime/data-model/end-attempt-time.js';
import { canonicalMethod } from '../../runtime/records.js';
import { NAMES } from '../../runtime/anomalies/elements.js';

export interface RecordedDelivery {
  values: Record<string, string>;
  /** adl.data buckets the SCO wrote, by target id (SCORM 2004). */
  sharedData: Record<string, string>;
  setByContent: Set<string>;
  /** Elements left out because the record holds only the head of their value. */
  omitted: string[];
  terminatedBy: 'course' | 'tester';
  exit: string;
  exitSetBy: 'course' | 'tester' | null;
}

const STORE = /^adl\.data\.(\d+)\.store$/;

export function recordedDelivery(
  runtime: CourseRuntime,
  version: '1.2' | '2004',
  sharedMaps: readonly SharedDataMap[],
  why: string,
): RecordedDelivery {
  const recorded = runtime.recordedState();
  if (!recorded.complete)
    fail(
      'SESSION_STATE_SAVE_FAILED',
      `The learner state could not be saved: ${why}, and the record of its data changes is incomplete (the change cap was reached).`,
    );
  const attempt = runtime.log.currentAttempt;
  const sets = runtime.calls.filter(
    (c) =>
      c.attempt === attempt &&
      c.result === 'true' &&
      canonicalMethod(c.method) === 'SetValue' &&
      typeof c.args[0] === 'string',
  );
  const terminate = runtime.calls.findLast(
    (c) => c.attempt === attempt && c.result === 'true' && canonicalMethod(c.method) === 'Terminate',
  );
  const values = recorded.data;
  const exitElement = NAMES[version].exit;
  const open = runtime.initializeState === 'initialized';
  let exitSetBy: RecordedDelivery['exitSetBy'] = null;
  if ((values[exitElement] ?? '') !== '') {
    const setExit = sets.findLast((c) => c.args[0] === exitElement);
    exitSetBy = setExit?.source === 'tool' ? 'tester' : 'course';
  } else if (open) {
    values[exitElement] = 'suspend';
    exitSetBy = 'tester';
  }
  if (open) addSessionTimeToTotal(values, version);

  const sharedData: Record<string, string> = {};
  for (const call of sets) {
    const store = STORE.exec(call.args[0] as string);
    const map = store ? sharedMaps[Number(store[1])] : undefined;
    // A value the record cut is not written back cut.
    if (map && typeof call.args[1] === 'string') sharedData[map.targetId] = call.args[1];
  }
  return {
    values,
    sharedData,
    setByContent: new Set(sets.map((c) => c.args[0] as string)),
    omitted: recorded.omitted,
    terminatedBy: terminate?.source === 'tool' || open ? 'tester' : 'course',
    exit: values[exitElement] ?? '',
    exitSetBy,
  };
}
