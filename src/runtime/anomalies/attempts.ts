/**
 * Splits the recorded calls into attempts (one engine instance each) and notes, for every call, the
 * attempt's state when it was made. Calls made by tools count for the state (a tool's Initialize
 * initializes the attempt) but the rules only blame the course for the SCO's own calls.
 */
import {
  canonicalMethod,
  type ApiCallRecord,
  type CanonicalMethod,
  type DataChange,
  type InitializeState,
  type IntegrityEvent,
} from '../records.js';
import type { Anomaly, AnomalyInput } from './types.js';
import { NAMES, type VersionNames } from './elements.js';

export type Canonical = CanonicalMethod;

export interface TimedCall {
  call: ApiCallRecord;
  method: Canonical;
  /** The attempt's state just before this call. */
  state: InitializeState;
  /** The element (first argument) when it is a string. */
  element: string | null;
  fromSco: boolean;
}

export interface Attempt {
  /** The launch (one engine instance): how the calls are grouped. */
  attempt: number;
  /** The SCORM attempt the launch began or resumed (see AnomalyInput.scormAttempts): what anomalies name. */
  number: number;
  scoId: string;
  calls: TimedCall[];
  /** The state after the last call. */
  state: InitializeState;
  reachedInitialized: boolean;
  /** The runtime reports the attempt terminated although no successful Terminate is in the record. */
  terminatedOffRecord: boolean;
  /** False for the last attempt while the SCO still runs: end-of-attempt rules do not apply yet. */
  ended: boolean;
}

export interface RuleContext {
  version: '1.2' | '2004';
  names: VersionNames;
  attempts: Attempt[];
  dataModel: Record<string, string> | undefined;
  /** The run's data-model history (RuntimeLog.dataChanges), when given. */
  changes: readonly DataChange[];
  integrity: readonly IntegrityEvent[];
  /** More than one attempt: anomalies name their SCO. */
  multi: boolean;
}

export type Rule = (ctx: RuleContext) => Anomaly[];

export const ERROR_INFO_METHODS: ReadonlySet<Canonical> = new Set([
  'GetLastError',
  'GetErrorString',
  'GetDiagnostic',
]);

export function isSuccess(call: ApiCallRecord): boolean {
  return call.result === 'true' && (call.errorCode === '0' || call.errorCode === '');
}

export function buildContext(input: AnomalyInput): RuleContext {
  const byAttempt = new Map<number, Attempt>();
  for (const call of input.calls) {
    let attempt = byAttempt.get(call.attempt);
    if (!attempt) {
      attempt = {
        attempt: call.attempt,
        number: scormAttemptOf(input, call.attempt),
        scoId: call.scoId,
        calls: [],
        state: 'none',
        reachedInitialized: false,
        terminatedOffRecord: false,
        ended: true,
      };
      byAttempt.set(call.attempt, attempt);
    }
    const method = canonicalMethod(call.method) as Canonical;
    const first = call.args[0];
    attempt.calls.push({
      call,
      method,
      state: attempt.state,
      element: typeof first === 'string' ? first : null,
      // A call from outside the SCO's frame is not the SCO's doing (call_from_outside_sco names it).
      fromSco: call.source === 'sco' && call.caller !== 'outside_sco',
    });
    if (call.result === 'true') {
      if (method === 'Initialize' && attempt.state === 'none') {
        attempt.state = 'initialized';
        attempt.reachedInitialized = true;
      } else if (method === 'Terminate' && attempt.state === 'initialized') attempt.state = 'terminated';
    }
  }
  // A launch the LMS replaced before delivering it (sequencing started) was no attempt: nothing is said about it.
  const discarded = new Set(input.discardedAttempts ?? []);
  const attempts = [...byAttempt.values()]
    .filter((a) => !discarded.has(a.attempt))
    .sort((a, b) => a.attempt - b.attempt);
  const last = attempts[attempts.length - 1];
  if (last) {
    // The record may miss calls (dropped past the log's cap); the runtime's own state wins.
    if (input.finalState === 'terminated' && last.state === 'initialized') last.terminatedOffRecord = true;
    if (input.ended === false && last.state !== 'terminated' && !last.terminatedOffRecord) last.ended = false;
  }
  return {
    version: input.version,
    names: NAMES[input.version],
    attempts,
    dataModel: input.dataModel,
    changes: input.changes ?? [],
    integrity: input.integrity ?? [],
    multi: attempts.length > 1,
  };
}

/** Names the SCO and the (SCORM) attempt the anomaly is about. */
export function scoped(_ctx: RuleContext, attempt: Attempt, anomaly: Anomaly): Anomaly {
  return { ...anomaly, ...(attempt.scoId ? { sco_id: attempt.scoId } : {}), attempt: attempt.number };
}

/** The SCORM attempt a launch began or resumed; the launch number when the run did not say. */
export function scormAttemptOf(input: Pick<AnomalyInput, 'scormAttempts'>, launch: number): number {
  return input.scormAttempts?.get(launch) ?? launch;
}

/** Successful SetValue calls made by the SCO, in order. */
export function successfulSets(attempt: Attempt): TimedCall[] {
  return attempt.calls.filter((c) => c.fromSco && c.method === 'SetValue' && isSuccess(c.call));
}

export function plural(n: number, word: string, many = `${word}s`): string {
  return `${n} ${n === 1 ? word : many}`;
}
