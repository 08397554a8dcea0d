/**
 * A delivered SCO as the navigator follows it (its runtime attempt, its pending adl.nav.request, whether
 * its end was processed), and the readings and acts on it: the report its data gives the engine, and
 * ending its attempt for it when an LMS-side request or a close unloads it without a Terminate.
 */
import type { SharedDataMap } from '../../rte/strict/shared-data.js';
import { NAMES } from '../../runtime/anomalies/elements.js';
import type { CourseRuntime } from '../../runtime/course-runtime.js';
import { attemptReport, scorm12AttemptReport, type RuntimeAttemptReport } from '../../sequencing/index.js';
import type { DeliverySpec } from './engine-setup.js';
import type { DeliveredSco, UnloadedSco } from './types.js';

export interface Delivery {
  activityId: string;
  /** The runtime's attempt number of this delivery. */
  attempt: number;
  /** Its end was processed (Terminate acted on, or unloaded by an LMS-side request). */
  handled: boolean;
  /** The SCO's last accepted adl.nav.request. */
  pendingNav?: string;
  /** Its data went to the engine (terminate or commit). */
  reported?: boolean;
  /** Its adl.data maps, in the order of adl.data.n (2004). */
  sharedMaps: SharedDataMap[];
  sco: DeliveredSco;
}

/** The SCO's navigation request: the one it set (the engine clears it as it terminates), or its data's. */
export function pendingRequest(d: Delivery, values: Record<string, string>): string {
  return d.pendingNav ?? values['adl.nav.request'] ?? '_none_';
}

/** The pending request an LMS-side request or a close ignored, if the SCO left one. */
export function ignoredRequest(pending: string): string | null {
  return pending === '_none_' || pending === '' ? null : pending;
}

/** What the engine reads from the SCO's data (SCORM 1.2 has no adl.nav.request). */
export function reportOf(
  version: '1.2' | '2004',
  values: Record<string, string>,
  navRequest: string,
  setByContent: ReadonlySet<string> | undefined,
): RuntimeAttemptReport {
  if (version === '1.2') return scorm12AttemptReport(values);
  return attemptReport(values, navRequest, setByContent ?? new Set());
}

/**
 * The SCO in the frame was unloaded: if it initialized but never terminated, we end its attempt (on a
 * close, with exit "suspend" when it left the exit empty, so the learner can resume it).
 */
export async function endAttemptForSco(
  runtime: CourseRuntime,
  version: '1.2' | '2004',
  closing: boolean,
): Promise<{ terminatedBy: UnloadedSco['terminated_by']; exitSetByTester: boolean }> {
  const state = runtime.initializeState;
  if (state === 'terminated') return { terminatedBy: 'course', exitSetByTester: false };
  if (state !== 'initialized') return { terminatedBy: 'none', exitSetByTester: false };
  let exitSetByTester = false;
  const exit = NAMES[version].exit;
  if (closing && ((await runtime.getDataModel())[exit] ?? '') === '') {
    const set = await runtime.callApi('SetValue', [exit, 'suspend']);
    exitSetByTester = set.result === 'true';
  }
  await runtime.callApi('Terminate', ['']);
  return { terminatedBy: 'tester', exitSetByTester };
}

/**
 * Loads the delivered activity's SCO as attempt `scormAttempt` of the activity. The delivery is made
 * current (`becomesCurrent`) before the SCO loads: it may set a request or Terminate while its document
 * loads; its runtime attempt number is filled in when the runtime launches it.
 */
export async function launchDelivery(
  runtime: CourseRuntime,
  spec: DeliverySpec,
  scormAttempt: number,
  becomesCurrent: (d: Delivery) => void,
): Promise<DeliveredSco> {
  const id = spec.launch.scoId;
  const sco: DeliveredSco = { ...spec.delivered, runtime_attempt: -1 };
  const sharedMaps = spec.launch.sharedData?.maps ?? [];
  const d: Delivery = { activityId: id, attempt: -1, handled: false, sharedMaps, sco };
  becomesCurrent(d);
  const offLaunch = runtime.on('launch', (l) => {
    if (d.attempt === -1 && l.scoId === id) d.attempt = sco.runtime_attempt = l.attempt;
  });
  try {
    await runtime.launchAttempt({ ...spec.launch, scormAttempt });
  } finally {
    offLaunch();
  }
  return sco;
}

/** The exit kept in an activity's data when its attempt ended, and whether the course or a close set it. */
export function endedExit(
  data: Record<string, string> | undefined,
  version: '1.2' | '2004',
  exitSetByTester: boolean,
): { exit: string | null; exit_set_by: 'course' | 'tester' | null } {
  const exit = data?.[NAMES[version].exit] ?? null;
  if (exit === null || exit === '') return { exit, exit_set_by: null };
  return { exit, exit_set_by: exitSetByTester ? 'tester' : 'course' };
}

/**
 * Follows the current delivery's SCO in the runtime: the adl.nav.request it sets (the engine clears it
 * as it terminates, so it is taken from the SetValue) and its Terminate. Returns the unsubscribe.
 */
export function watchDelivery(
  runtime: CourseRuntime,
  current: () => Delivery | null,
  terminated: (attempt: number) => void,
): () => void {
  const offTerminate = runtime.on('terminate', (t) => {
    const d = current();
    if (d && !d.handled && t.attempt === d.attempt) terminated(t.attempt);
  });
  const offNav = runtime.on('nav_request', (n) => {
    const d = current();
    if (d && !d.handled && n.scoId === d.activityId) d.pendingNav = n.request;
  });
  return () => {
    offTerminate();
    offNav();
  };
}
