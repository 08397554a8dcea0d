/**
 * One learner's sequencing session on one activity tree: the object behind the facade in index.ts. A
 * SCORM 1.2 manifest gives a 1.2 tree (scorm12-tree.ts): the same requests, with prerequisites.
 */
import { quoted } from '../core/course-text.js';
import type { ScormManifest } from '../manifest/model.js';
import type { NavValiditySnapshot } from '../rte/adapter/navigation-oracle.js';
import { buildSeqTree, type SeqActivity, type SeqTree } from './activity-tree.js';
import { createMemoryGlobalObjectiveStore, type GlobalObjectiveStore } from './global-objective-store.js';
import { parseNavRequest, type NavigationRequest } from './navigation-request.js';
import {
  navigationState,
  requestValidity,
  type NavigationState,
  type Verdict,
} from './navigation-validity.js';
import { overallSequencingProcess, type NavigationOutcome } from './overall-sequencing-process.js';
import { createRng } from './random.js';
import { prepareChildren } from './randomize-children-process.js';
import { applyRuntimeReport, type RuntimeAttemptReport } from './runtime-mapping.js';
import { runtimeInit, type RuntimeInit } from './runtime-init.js';
import { applyScorm12Report } from './scorm12-tracking.js';
import { traceEventOut, withReasonOut } from './course-text-out.js';
import { emit, type SequencingContext } from './sequencing-context.js';
import type { TraceEvent, TraceSink } from './trace.js';
import { newTrackingState, type TrackingState } from './tracking-model.js';
import { restoreTracking, serializeTracking, type SerializedTracking } from './tracking-serialization.js';

export interface SequencingSessionOptions {
  /** Organization to sequence (default: the manifest's default organization). */
  organizationId?: string;
  /** Seed for selection and randomization (default 1): the same seed gives the same orders. */
  seed?: number;
  /** Where shared objectives live (default: a new in-memory store). */
  globalObjectives?: GlobalObjectiveStore;
  learnerId?: string;
  trace?: TraceSink;
  /** Clock in milliseconds for attempt durations not reported by content (default Date.now). */
  now?: () => number;
  /** A state from `serialize()` to continue from (suspend → close → reopen). */
  restore?: unknown;
}

export type SessionOutcome =
  | (Extract<NavigationOutcome, { kind: 'deliver' }> & {
      resourceId: string | null;
      parameters: string | null;
      /** What the delivered SCO's run-time data model starts with. */
      runtime: RuntimeInit;
    })
  | Exclude<NavigationOutcome, { kind: 'deliver' }>;

export class SequencingSession {
  readonly tree: SeqTree;
  private readonly ctx: SequencingContext;
  private lastResumed = false;
  /** The tracking state before the last request, for undoDelivery. */
  private beforeRequest: SerializedTracking | null = null;

  constructor(source: ScormManifest | SeqTree, options: SequencingSessionOptions = {}) {
    this.tree = isTree(source) ? source : buildSeqTree(source, options.organizationId);
    const seed = options.seed ?? 1;
    let state: TrackingState;
    if (options.restore !== undefined) {
      const restored = restoreTracking(this.tree, options.restore);
      if (typeof restored === 'string') throw new SequencingStateError(restored);
      state = restored;
    } else state = newTrackingState(this.tree, seed);
    this.ctx = {
      tree: this.tree,
      state,
      globals: options.globalObjectives ?? createMemoryGlobalObjectiveStore(),
      learnerId: options.learnerId ?? 'learner',
      rng: createRng(state.rngState),
      now: options.now ?? (() => Date.now()),
      trace: options.trace ? traced(options.trace) : null,
      dryRun: false,
      lastDenial: null,
      changedGlobals: new Set(),
      propagatingRollup: false,
      rollupParent: null,
    };
    if (options.restore === undefined) prepareChildren(this.ctx, this.tree.root, true);
  }

  get currentActivity(): string | null {
    return this.ctx.state.currentActivity;
  }

  get suspendedActivity(): string | null {
    return this.ctx.state.suspendedActivity;
  }

  setTrace(sink: TraceSink | null): void {
    this.ctx.trace = sink ? traced(sink) : null;
  }

  /** Process an LMS-side navigation request. */
  navigate(request: NavigationRequest): SessionOutcome {
    this.beforeRequest = serializeTracking(this.tree, this.ctx.state);
    const out = overallSequencingProcess(this.ctx, request);
    this.ctx.state.rngState = this.ctx.rng.state();
    if (out.kind !== 'deliver') return withReasonOut(out);
    this.lastResumed = out.resumed;
    const a = this.activity(out.activityId);
    return {
      ...out,
      resourceId: a.resourceId,
      parameters: a.parameters,
      runtime: runtimeInit(this.ctx, a, out.resumed),
    };
  }

  /**
   * How an LMS opens the course: resumeAll when an activity is suspended, else start; when start finds
   * nothing to deliver (flow disabled at the root), the first leaf the learner could choose, as an LMS
   * presenting its table of contents would. `how` says which request delivered.
   */
  launch(): SessionOutcome & { how: 'resumeAll' | 'start' | 'choice' } {
    if (this.ctx.state.suspendedActivity)
      return { ...this.navigate({ type: 'resumeAll' }), how: 'resumeAll' };
    const start = this.navigate({ type: 'start' });
    if (start.kind !== 'denied') return { ...start, how: 'start' };
    for (const a of this.tree.activities) {
      if (
        a.children.length > 0 ||
        !a.isVisible ||
        !requestValidity(this.ctx, { type: 'choice', target: a.id }).valid
      )
        continue;
      return { ...this.navigate({ type: 'choice', target: a.id }), how: 'choice' };
    }
    return { ...start, how: 'start' };
  }

  /** A SCO committed: its run-time data becomes tracking data (rollup included). */
  commit(activityId: string, report: RuntimeAttemptReport): void {
    this.apply(this.activity(activityId), report, false);
  }

  /**
   * A SCO terminated: map its data, then act on the navigation request it left (adl.nav.request), or
   * on cmi.exit "time-out"/"logout" (exitAll). Without either the activity stays current and the LMS
   * waits for the learner's next request.
   */
  terminate(activityId: string, report: RuntimeAttemptReport): SessionOutcome {
    const current = this.ctx.state.currentActivity;
    if (current !== activityId)
      return withReasonOut({
        kind: 'denied' as const,
        code: 'TERMINATE-NOT-CURRENT',
        reason: `${quoted(activityId)} is not the current activity (current: ${current === null ? 'none' : quoted(current)})`,
        process: 'Terminate',
      });
    this.apply(this.activity(activityId), report, true);
    const parsed = report.navRequest === undefined ? null : parseNavRequest(report.navRequest);
    if (parsed === undefined) {
      const reason = `adl.nav.request ${quoted(report.navRequest ?? '')} is not a navigation request`;
      const process = 'NB.2.1 Navigation Request Process';
      emit(this.ctx, {
        level: 'basic',
        process,
        kind: 'denied',
        activity: activityId,
        code: 'NB.2.1-13',
        message: reason,
      });
      return withReasonOut({ kind: 'denied' as const, code: 'NB.2.1-13', reason, process });
    }
    if (parsed) return this.navigate(parsed);
    if (report.exit === 'time-out' || report.exit === 'logout') return this.navigate({ type: 'exitAll' });
    emit(this.ctx, {
      level: 'basic',
      process: 'Terminate',
      kind: 'outcome',
      activity: activityId,
      message: 'no navigation request: waiting for the learner',
    });
    return { kind: 'nothing', reason: 'the SCO terminated without a navigation request' };
  }

  /** Would this request be valid now? (No state changes.) */
  isValid(request: NavigationRequest): Verdict {
    if (!this.ctx.trace) return withReasonOut(requestValidity(this.ctx, request));
    const checks: TraceEvent[] = [];
    const verdict = requestValidity(this.ctx, request, undefined, (e) => checks.push(e));
    // A denial is traced with the checks (rules and their condition values) that led to it; a valid
    // request's checks run again for real when it is carried out.
    if (!verdict.valid) for (const e of checks) emit(this.ctx, e);
    return withReasonOut(verdict);
  }

  /** Answers for adl.nav.request_valid.* (NavigationOracle snapshot). */
  validity(): NavValiditySnapshot {
    return navigationState(this.ctx).validity;
  }

  /** Current activity, valid requests, LMS controls after hideLMSUI, and the table of contents. */
  navigationState(): NavigationState {
    const state = navigationState(this.ctx);
    const requests = Object.fromEntries(
      Object.entries(state.requests).map(([name, v]) => [name, withReasonOut(v)]),
    ) as NavigationState['requests'];
    const toc = state.toc.map((e) => {
      if (e.whyNot === undefined) return e;
      const { reason, course_text } = withReasonOut({ reason: e.whyNot });
      return course_text ? { ...e, whyNot: reason, course_text } : e;
    });
    return { ...state, requests, toc };
  }

  /** What a (re)delivered activity's run-time data model starts with. */
  runtimeInit(activityId: string): RuntimeInit {
    const resumed = activityId === this.ctx.state.currentActivity && this.lastResumed;
    return runtimeInit(this.ctx, this.activity(activityId), resumed);
  }

  /**
   * The player could not launch what the last request delivered: the tracking state goes back to what
   * it was before that request (SN book DB.2: an attempt begins only with a delivery), so no attempt
   * begins and the current activity stays what it was. A report applied before it (terminate) is kept.
   */
  undoDelivery(): void {
    if (!this.beforeRequest) return;
    const restored = restoreTracking(this.tree, this.beforeRequest);
    if (typeof restored === 'string') throw new SequencingStateError(restored);
    this.ctx.state = restored;
    this.ctx.rng = createRng(restored.rngState);
    this.beforeRequest = null;
  }

  /** The whole tracking state (with the suspended activity) as versioned JSON. */
  serialize(): SerializedTracking {
    return serializeTracking(this.tree, this.ctx.state);
  }

  /** Read-only view of the tracking state, for tools and tests. */
  get tracking(): Readonly<TrackingState> {
    return this.ctx.state;
  }

  /** A 1.2 SCO reports cmi.core.*: its LMSFinish rules run first (scorm12-tracking.ts). */
  private apply(a: SeqActivity, report: RuntimeAttemptReport, finished: boolean): void {
    const mapped = a.scorm12 ? applyScorm12Report(this.ctx, a, report, finished) : report;
    applyRuntimeReport(this.ctx, a, mapped);
  }

  private activity(id: string): SeqActivity {
    const a = this.tree.byId.get(id);
    if (!a) throw new Error(`no activity "${id}" in the activity tree`);
    return a;
  }
}

/** A saved sequencing state that cannot be used (the caller reports SESSION_STATE_CORRUPT). */
export class SequencingStateError extends Error {
  override readonly name = 'SequencingStateError';
}

/** Trace events leave the engine with their course text separated. */
function traced(sink: TraceSink): TraceSink {
  return (e) => sink(traceEventOut(e));
}

function isTree(source: ScormManifest | SeqTree): source is SeqTree {
  return 'byId' in source && 'root' in source;
}
