/**
 * Runs navigation steps in order through the session navigator, the way a learner clicks through an
 * LMS: each request, then whatever the delivered SCO does on its own until its API calls settle
 * (including navigation it asks for with adl.nav.request when it terminates). Shared by
 * scorm_test_navigation_flow, scorm_trace_sequencing and `scorm-tester run --nav`.
 */
import { waitForSettle } from '../../runtime/anomalies/index.js';
import type { CourseRuntime } from '../../runtime/course-runtime.js';
import type { NavStep } from './nav-steps.js';
import type { SessionNavigator } from './navigator.js';
import type { NavLogEntry, NavOutcome } from './types.js';

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

export interface RunStepsOptions {
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
  const logged = navigator.log.length;
  let settled = true;
  let delivered = record.outcome.outcome === 'delivered';
  let seen = logged;
  // A SCO that terminates with adl.nav.request makes the navigator deliver the next one: let that settle too.
  for (let round = 0; delivered && runtime.isOpen && round < MAX_SCO_CHAIN; round++) {
    settled = (await waitForSettle(runtime, options.settleMs, options.maxWaitMs)).settled;
    await navigator.idle();
    const fresh = navigator.log.slice(seen);
    seen = navigator.log.length;
    delivered = fresh.some((e) => e.outcome === 'delivered');
  }
  await navigator.idle();
  const followed = navigator.log.slice(logged).filter((e: NavLogEntry) => e.source === 'sco');
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
    await navigator.idle();
    const outcome = await navigator.request(step.request);
    out.push(
      await settleStep(navigator, runtime, { index: firstIndex + i, step: step.text, outcome }, options),
    );
  }
  return out;
}

/** A log entry as an outcome (its trace belongs to scorm_trace_sequencing). */
function withoutTrace(entry: NavLogEntry): NavOutcome {
  const { trace, at, ...outcome } = entry;
  void trace;
  void at;
  return outcome;
}
