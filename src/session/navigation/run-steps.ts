/**
 * Runs navigation steps in order through the session navigator, the way a learner clicks through an
 * LMS: each request, then whatever the delivered SCO does on its own until its API calls settle
 * (including navigation it asks for with adl.nav.request when it terminates). Shared by
 * scorm_test_navigation_flow, scorm_trace_sequencing and `scorm-tester run --nav`.
 */
import { throwIfCancelled, type WorkControl } from '../../core/progress.js';
import { waitForSettle } from '../../runtime/anomalies/index.js';
import type { CourseRuntime } from '../../runtime/course-runtime.js';
import type { NavStep } from './nav-steps.js';
import type { Session } from '../session.js';
import type { SessionNavigator } from './navigator.js';
import type { NavLogEntry, NavOutcome, NotApplicable, SnInitResult } from './types.js';

export interface StepRecord {
  /** 0 for the launch (start or resumeAll at sn_init), then 1, 2, … for each step. */
  index: number;
  /** The step as written ("launch" for the opening delivery). */
  step: string;
  outcome: NavOutcome;
  /** Requests the delivered SCO made itself before it settled (its adl.nav.request at Terminate). */
  followed_by: NavOutcome[];
  /** The SCO's API calls had stopped when the step ended (false: still coming when the wait ran out). */
  settled: boolean;
}

/** Most SCO-triggered deliveries followed within one step (a course that navigates itself in circles). */
const MAX_SCO_CHAIN = 20;

export interface RunStepsOptions extends WorkControl {
  settleMs: number;
  maxWaitMs: number;
  /** After each step has settled, while its SCO is shown (e.g. a screenshot). */
  afterStep?: (record: StepRecord) => Promise<void>;
}

/** Lets the SCO just delivered run until it settles, and collects what it asked for on its own. */
export async function settleStep(
  navigator: SessionNavigator,
  runtime: CourseRuntime,
  record: Omit<StepRecord, 'followed_by' | 'settled'>,
  options: RunStepsOptions,
): Promise<StepRecord> {
  // Entries from now on are the SCO's own requests (the navigator's log is capped, so count them here).
  const followed: NavLogEntry[] = [];
  const stop = navigator.onRequest((e) => {
    if (e.source === 'sco') followed.push(e);
  });
  let settled = true;
  try {
    let delivered = record.outcome.outcome === 'delivered';
    let seen = 0;
    // A SCO that terminates with adl.nav.request makes the navigator deliver the next one: let that settle too.
    for (let round = 0; delivered && runtime.isOpen && round < MAX_SCO_CHAIN; round++) {
      settled = (await waitForSettle(runtime, options.settleMs, options.maxWaitMs, options.signal)).settled;
      await navigator.idle();
      delivered = followed.slice(seen).some((e) => e.outcome === 'delivered');
      seen = followed.length;
    }
    await navigator.idle();
  } finally {
    stop();
  }
  const done: StepRecord = { ...record, followed_by: followed.map(withoutTrace), settled };
  if (options.afterStep) await options.afterStep(done);
  return done;
}

export async function runNavSteps(
  navigator: SessionNavigator,
  runtime: CourseRuntime,
  steps: readonly NavStep[],
  options: RunStepsOptions,
  firstIndex = 1,
): Promise<StepRecord[]> {
  const out: StepRecord[] = [];
  for (const [i, step] of steps.entries()) {
    throwIfCancelled(options.signal, 'The navigation flow');
    options.progress?.({ done: i, total: steps.length, message: `step ${firstIndex + i}: ${step.text}` });
    await navigator.idle();
    const outcome = await navigator.request(step.request);
    out.push(
      await settleStep(navigator, runtime, { index: firstIndex + i, step: step.text, outcome }, options),
    );
  }
  options.progress?.({ done: steps.length, total: steps.length, message: 'steps done' });
  return out;
}

/** A log entry as an outcome (its trace belongs to scorm_trace_sequencing). */
function withoutTrace(entry: NavLogEntry): NavOutcome {
  const { trace, at, ...outcome } = entry;
  void trace;
  void at;
  return outcome;
}

/**
 * Starts sequencing on the session's open runtime as a new attempt (saved sequencing state ignored),
 * or says why navigation does not apply (a single-SCO course).
 */
export async function startSequencing(
  session: Session,
  fresh = true,
): Promise<{ navigator: SessionNavigator; result: SnInitResult } | NotApplicable> {
  const result = await session.initSequencing(fresh);
  if (!('outcome' in result)) return result;
  if (!session.navigator) throw new Error('scorm_sn_init succeeded without a navigator');
  return { navigator: session.navigator, result };
}
