/**
 * The session navigator: owns one course's sequencing session (our SN engine) for one learner and
 * drives the player with it. It is the runtime's NavigationOracle (adl.nav.request_valid answers come
 * from the real state and are pushed to the page after every change), delivers activities on start or
 * resumeAll, acts on a SCO's adl.nav.request when that SCO terminates, and carries out LMS-side
 * requests: a running SCO is unloaded first (it may Terminate in its unload handler; if it does not,
 * the attempt is ended for it), then the delivered SCO loads with its own run-time data. The whole
 * tracking state and each activity's run-time data are saved with the learner state after every step.
 */
import type { ScormManifest } from '../../manifest/index.js';
import type { NavValiditySnapshot, NavigationOracle } from '../../rte/adapter/navigation-oracle.js';
import type { CourseRuntime } from '../../runtime/course-runtime.js';
import type { SeqTree, SequencingSession, TraceEvent } from '../../sequencing/index.js';
import type { SavedStateStore, StateKey } from '../saved-state.js';
import type { LearnerStateStore } from './learner-state.js';
import type { LmsRequest, NavLogEntry, NavOutcome, NavStateView, SnInitResult } from './types.js';

/** What the navigator needs from its session. */
export interface NavigatorHost {
  readonly manifest: ScormManifest;
  readonly version: '1.2' | '2004';
  readonly stateKey: StateKey;
  readonly learnerName?: string;
  readonly store: SavedStateStore;
  readonly learners: LearnerStateStore;
  /** The open runtime (RUNTIME_NOT_OPEN otherwise). */
  requireRuntime(): CourseRuntime;
}

export interface NavigatorOptions {
  /** Ignore the saved sequencing state and each activity's saved data (a new attempt on the course). */
  fresh?: boolean;
  /** Seed for selection and randomization (default 1). */
  seed?: number;
}

export type NavigatorListener = (entry: NavLogEntry) => void;

export class SessionNavigator implements NavigationOracle {
  /** Does sequencing apply to this course (more than one launchable activity)? */
  static applies(manifest: ScormManifest): boolean {
    void manifest;
    throw new Error('TODO');
  }

  /** Builds the engine (restoring the saved state unless fresh), takes over the runtime and delivers start/resumeAll. */
  static init(
    host: NavigatorHost,
    options: NavigatorOptions = {},
  ): Promise<{ navigator: SessionNavigator; result: SnInitResult }> {
    void host;
    void options;
    throw new Error('TODO');
  }

  /** The engine, for trace and inspection tools. */
  get sequencing(): SequencingSession {
    throw new Error('TODO');
  }

  get tree(): SeqTree {
    throw new Error('TODO');
  }

  /** Every request processed so far (LMS-side and the SCOs' own), oldest first. */
  get log(): readonly NavLogEntry[] {
    throw new Error('TODO');
  }

  /** adl.nav.request_valid answers (NavigationOracle). */
  snapshot(scoId: string): NavValiditySnapshot {
    void scoId;
    throw new Error('TODO');
  }

  /** Carries out an LMS-side request; a denied request is an outcome (success false), never an exception. */
  request(request: LmsRequest): Promise<NavOutcome> {
    void request;
    throw new Error('TODO');
  }

  /** Resolves when no SCO-triggered navigation (a Terminate with adl.nav.request) is pending. */
  idle(): Promise<void> {
    throw new Error('TODO');
  }

  /** Current activity, valid requests, hidden LMS controls and the table of contents. */
  state(): NavStateView {
    throw new Error('TODO');
  }

  /** Called with every processed request (trace and flow tools subscribe). Returns the unsubscribe. */
  onRequest(listener: NavigatorListener): () => void {
    void listener;
    throw new Error('TODO');
  }

  /** Records the SN trace events of each request at this level (default basic); null stops. */
  setTraceLevel(level: TraceEvent['level'] | null): void {
    void level;
    throw new Error('TODO');
  }

  /**
   * The learner closes the course: a running SCO is unloaded (its attempt ended as the persistence flow
   * says) and, unless the sequencing session already ended, suspended with suspendAll; the tracking
   * state, each activity's data, global objectives and shared data are saved. Returns the state file.
   */
  close(): Promise<{ saved_state_path: string | null; suspended: boolean }> {
    throw new Error('TODO');
  }
}
