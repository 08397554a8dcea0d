/**
 * The session navigator: owns one course's sequencing session (our SN engine) for one learner and
 * drives the player with it. It is the runtime's NavigationOracle (adl.nav.request_valid answers come
 * from the real state and are pushed to the page after every change), delivers activities on start or
 * resumeAll, acts on a SCO's adl.nav.request when that SCO terminates, and carries out LMS-side
 * requests: a running SCO is unloaded first (it may Terminate in its unload handler; if it does not,
 * the attempt is ended for it), then the delivered SCO loads with its own run-time data. The whole
 * tracking state and each activity's run-time data are saved with the learner state after every step.
 */
import { fail, isScormTesterError, type ErrorCode } from '../../core/errors.js';
import type { Logger } from '../../core/logger.js';
import {
  defaultOrganization,
  resolveLaunch,
  walkItems,
  type Item,
  type ScormManifest,
} from '../../manifest/index.js';
import { sharedDataMapsOf } from '../../rte/adapter/from-manifest.js';
import type { SharedDataStore } from '../../rte/strict/shared-data.js';
import type { LaunchSharedData } from '../../runtime/player/wire.js';
import { rteInitForDelivery } from '../../rte/adapter/from-sequencing.js';
import type { NavValiditySnapshot, NavigationOracle } from '../../rte/adapter/navigation-oracle.js';
import type { CourseRuntime } from '../../runtime/course-runtime.js';
import {
  attemptReport,
  buildSeqTree,
  createSequencingSession,
  shownAt,
  SequencingStateError,
  scorm12AttemptReport,
  type RuntimeAttemptReport,
  type SeqTree,
  type SequencingSession,
  type SessionOutcome,
  type TraceEvent,
  type TraceLevel,
} from '../../sequencing/index.js';
import { corrupt, type SavedStateStore, type StateKey } from '../saved-state.js';
import type { LearnerState, LearnerStateStore } from './learner-state.js';
import { describeRequest, navOutcome, navStateView } from './views.js';
import type {
  DeliveredSco,
  LmsRequest,
  NavLogEntry,
  NavOutcome,
  NavStateView,
  SnInitResult,
  UnloadedSco,
} from './types.js';

/** What the navigator needs from its session. */
export interface NavigatorHost {
  readonly manifest: ScormManifest;
  readonly version: '1.2' | '2004';
  readonly stateKey: StateKey;
  readonly learnerName?: string;
  readonly store: SavedStateStore;
  readonly learners: LearnerStateStore;
  readonly logger: Logger;
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

/** The sequencing section of saved-state@2. */
export const SEQUENCING_STATE_FORMAT = 'scorm-tester/sequencing@1';
const LOG_LIMIT = 1000;
const ABANDON = new Set(['abandon', 'abandonAll']);

interface Delivery {
  activityId: string;
  /** The runtime's attempt number of this delivery. */
  attempt: number;
  /** Its end was processed (Terminate acted on, or unloaded by an LMS-side request). */
  handled: boolean;
  /** The SCO's last accepted adl.nav.request. */
  pendingNav?: string;
  sco: DeliveredSco;
}

function pendingRequest(d: Delivery, values: Record<string, string>): string {
  return d.pendingNav ?? values['adl.nav.request'] ?? '_none_';
}

export class SessionNavigator implements NavigationOracle {
  /** Does sequencing apply to this course: more than one launchable activity (SCORM 2004 or 1.2). */
  static applies(manifest: ScormManifest): boolean {
    const org = defaultOrganization(manifest);
    return (
      org !== null && org !== undefined && walkItems(org).filter((i) => i.identifierref?.trim()).length > 1
    );
  }

  /** Builds the engine (restoring the saved state unless fresh), takes over the runtime and delivers start/resumeAll. */
  static async init(
    host: NavigatorHost,
    options: NavigatorOptions = {},
  ): Promise<{ navigator: SessionNavigator; result: SnInitResult }> {
    const runtime = host.requireRuntime();
    const fresh = options.fresh === true;
    const saved = fresh ? null : await host.store.load(host.stateKey);
    const learner = await loadLearner(host, fresh);
    let tree: SeqTree;
    try {
      tree = buildSeqTree(host.manifest);
    } catch (error) {
      fail(
        'SN_INIT_FAILED',
        `The activity tree cannot be built: ${(error as Error).message}. Run scorm_lint_sequencing.`,
      );
    }
    const section = saved?.sequencing ?? null;
    const restore = section ? restoredTracking(host, section) : undefined;
    let seq: SequencingSession;
    try {
      seq = createSequencingSession(tree, {
        learnerId: learner.learnerId,
        globalObjectives: learner.globalObjectives,
        seed: options.seed ?? 1,
        ...(restore === undefined ? {} : { restore }),
      });
    } catch (error) {
      if (error instanceof SequencingStateError)
        corrupt(
          host.store.pathFor(host.stateKey),
          `its sequencing section cannot be used (${error.message})`,
        );
      fail('SN_INIT_FAILED', `The sequencing engine could not start: ${(error as Error).message}.`);
    }
    const navigator = new SessionNavigator(host, runtime, seq, learner);
    for (const [k, v] of Object.entries(restoredBuckets(host, section))) navigator.attemptBuckets.set(k, v);
    for (const a of saved?.activities ?? [])
      if (tree.byId.has(a.sco_id)) navigator.runtimeData.set(a.sco_id, a.data);
    const outcome = await navigator.takeOver();
    const how = navigator.launchedHow;
    return {
      navigator,
      result: {
        success: true,
        sn_available: true,
        how,
        restored: restore !== undefined,
        activity_count: tree.activities.length,
        outcome,
      },
    };
  }

  /** Run-time data of each activity's last delivery (restored when the engine resumes it). */
  private readonly runtimeData = new Map<string, Record<string, string>>();
  private readonly changedActivities = new Set<string>();
  /** adl.data buckets of this attempt on the course (sharedDataGlobalToSystem="false"). */
  private readonly attemptBuckets = new Map<string, string>();
  private readonly entries: NavLogEntry[] = [];
  private readonly listeners = new Set<NavigatorListener>();
  private delivery: Delivery | null = null;
  private chain: Promise<unknown> = Promise.resolve();
  private traceLevel: TraceLevel | null = 'detailed';
  private traceBuffer: TraceEvent[] = [];
  private launchedHow: SnInitResult['how'] = 'start';
  private ended = false;
  private disposed = false;
  private unsubscribe: () => void;
  /** The last save that failed (reported by close). */
  saveError: { error_code: ErrorCode; message: string } | null = null;

  private constructor(
    private readonly host: NavigatorHost,
    private readonly runtime: CourseRuntime,
    private readonly seq: SequencingSession,
    private readonly learner: LearnerState,
  ) {
    seq.setTrace((e) => this.traceBuffer.push(e));
    this.unsubscribe = runtime.on('terminate', (t) => {
      const d = this.delivery;
      if (!d || d.handled || t.attempt !== d.attempt) return;
      void this.exclusive(() => this.afterTerminate(t.attempt)).catch((error: unknown) =>
        host.logger.warn('NAV_AFTER_TERMINATE_FAILED', { error }),
      );
    });
    // The engine clears adl.nav.request as it terminates: the request is taken from the SCO's SetValue.
    const offNav = runtime.on('nav_request', (n) => {
      const d = this.delivery;
      if (d && !d.handled && n.scoId === d.activityId) d.pendingNav = n.request;
    });
    const offTerminate = this.unsubscribe;
    this.unsubscribe = () => {
      offTerminate();
      offNav();
    };
  }

  /** The engine, for trace and inspection tools. */
  get sequencing(): SequencingSession {
    return this.seq;
  }

  get tree(): SeqTree {
    return this.seq.tree;
  }

  /** Every request processed so far (LMS-side and the SCOs' own), oldest first (the last 1,000). */
  get log(): readonly NavLogEntry[] {
    return this.entries;
  }

  /** adl.nav.request_valid answers (NavigationOracle). */
  snapshot(scoId: string): NavValiditySnapshot {
    void scoId;
    return this.seq.validity();
  }

  /** Carries out an LMS-side request; a denied request is an outcome (success false), never an exception. */
  request(request: LmsRequest): Promise<NavOutcome> {
    return this.exclusive(() => this.lmsRequest(request));
  }

  /** Resolves when no SCO-triggered navigation (a Terminate with adl.nav.request) is pending. */
  async idle(): Promise<void> {
    let seen: Promise<unknown>;
    do {
      seen = this.chain;
      await seen.catch(() => undefined);
    } while (seen !== this.chain);
  }

  /** Current activity, valid requests, hidden LMS controls and the table of contents. */
  state(): NavStateView {
    const d = this.delivery;
    const initializeState =
      d && d.attempt === this.runtime.log.currentAttempt ? this.runtime.initializeState : 'none';
    return navStateView(
      this.seq.navigationState(),
      this.ended,
      d ? { ...d.sco, initialize_state: initializeState } : null,
    );
  }

  /** Called with every processed request (trace and flow tools subscribe). Returns the unsubscribe. */
  onRequest(listener: NavigatorListener): () => void {
    this.listeners.add(listener);
    return () => void this.listeners.delete(listener);
  }

  /** Records the SN trace events of each request up to this level (default detailed); null stops. */
  setTraceLevel(level: TraceLevel | null): void {
    this.traceLevel = level;
  }

  /**
   * The learner closes the course: a running SCO is unloaded (its attempt ended as the persistence flow
   * says: exit "suspend" when it left the exit empty) and, unless the sequencing session already ended,
   * suspended with suspendAll; the tracking state, each activity's data, global objectives and shared
   * data are saved. Stops listening to the runtime.
   */
  close(): Promise<{ saved_state_path: string | null; suspended: boolean; unloaded: UnloadedSco | null }> {
    return this.exclusive(async () => {
      let unloaded: UnloadedSco | null = null;
      let suspended = false;
      try {
        if (this.runtime.isOpen) unloaded = await this.unloadCurrent('suspendAll', true);
        if (!this.ended && this.seq.currentActivity !== null) {
          const out = this.seq.navigate({ type: 'suspendAll' });
          suspended = out.kind !== 'denied';
          if (out.kind === 'ended') this.ended = true;
        }
      } finally {
        this.dispose();
      }
      const path = await this.persist();
      return { saved_state_path: path, suspended, unloaded };
    });
  }

  /** Stops acting on the runtime (the session closes it or a reset replaces this navigator). */
  dispose(): void {
    if (this.disposed) return;
    this.disposed = true;
    this.unsubscribe();
  }

  // ---- the steps -----------------------------------------------------------------------------

  /** sn_init: the SCO the runtime opened ran outside sequencing; it is unloaded unsaved and the engine launches. */
  private takeOver(): Promise<NavOutcome> {
    return this.exclusive(async () => {
      await this.runtime.setNavigationOracle(this);
      if (this.runtime.log.frameLoads > 0) {
        // The launch made before sequencing started is replaced, not delivered: not judged as an attempt.
        this.runtime.log.discardedAttempts.add(this.runtime.log.currentAttempt);
        await this.runtime.unload();
      }
      // A state saved mid-activity (the server stopped before a close) resumes like a suspended one.
      if (this.seq.currentActivity !== null && this.seq.suspendedActivity === null)
        this.seq.navigate({ type: 'suspendAll' });
      const launched = this.seq.launch();
      this.launchedHow = launched.how;
      if (launched.how !== 'resumeAll') this.attemptBuckets.clear();
      return this.finish(launched.how === 'choice' ? 'choice' : launched.how, 'lms', launched, null);
    });
  }

  private async lmsRequest(request: LmsRequest): Promise<NavOutcome> {
    this.ensureUsable();
    const label = describeRequest(request);
    const verdict = this.seq.isValid(request);
    if (!verdict.valid) {
      const denied: SessionOutcome = {
        kind: 'denied',
        code: verdict.code ?? 'unknown',
        reason: verdict.reason ?? 'the request is not valid now',
        process: 'NB.2.1 Navigation Request Process',
      };
      return this.record(navOutcome(label, 'lms', denied, null, null, this.seq.currentActivity, this.ended));
    }
    const unloaded = await this.unloadCurrent(request.type, false);
    return this.finish(label, 'lms', this.seq.navigate(request), unloaded);
  }

  /** The delivered SCO terminated: its data becomes tracking data, then its adl.nav.request is acted on. */
  private async afterTerminate(attempt: number): Promise<void> {
    const d = this.delivery;
    if (!d || d.handled || d.attempt !== attempt || this.disposed) return;
    d.handled = true;
    const values = await this.runtime.getDataModel();
    const navRequest = pendingRequest(d, values);
    this.keepRuntimeData(d.activityId, values);
    await this.keepSharedData();
    const report = await this.report(values, navRequest);
    // An abandoned attempt's run-time data does not become tracking data.
    const outcome = this.seq.terminate(d.activityId, ABANDON.has(navRequest) ? { navRequest } : report);
    if (outcome.kind === 'nothing' && navRequest === '_none_') {
      await this.refreshSco();
      await this.persist();
      return;
    }
    await this.finish(navRequest, 'sco', outcome, null);
  }

  /**
   * Unloads the SCO in the frame before an LMS-side request (or a close): it may Terminate in its
   * unload handler; if it does not, we end its attempt (on close, with exit "suspend" when it left the
   * exit empty). Its pending adl.nav.request is ignored; its data becomes tracking data unless abandoned.
   */
  private async unloadCurrent(requestType: string, closing: boolean): Promise<UnloadedSco | null> {
    const d = this.delivery;
    if (!d) return null;
    this.delivery = null;
    const wasHandled = d.handled;
    d.handled = true;
    const live = d.attempt === this.runtime.log.currentAttempt;
    if (!live) return null;
    await this.runtime.unload();
    if (wasHandled) return { activity_id: d.activityId, terminated_by: 'course', ignored_nav_request: null };
    let terminatedBy: UnloadedSco['terminated_by'] = 'none';
    const state = this.runtime.initializeState;
    if (state === 'terminated') terminatedBy = 'course';
    else if (state === 'initialized') {
      const exit = this.host.version === '1.2' ? 'cmi.core.exit' : 'cmi.exit';
      if (closing && ((await this.runtime.getDataModel())[exit] ?? '') === '')
        await this.runtime.callApi('SetValue', [exit, 'suspend']);
      await this.runtime.callApi('Terminate', ['']);
      terminatedBy = 'tester';
    }
    if (state === 'none')
      return { activity_id: d.activityId, terminated_by: 'none', ignored_nav_request: null };
    const values = await this.runtime.getDataModel();
    const pending = pendingRequest(d, values);
    this.keepRuntimeData(d.activityId, values);
    await this.keepSharedData();
    if (!ABANDON.has(requestType))
      this.seq.commit(d.activityId, { ...(await this.report(values, pending)), navRequest: '_none_' });
    return {
      activity_id: d.activityId,
      terminated_by: terminatedBy,
      ignored_nav_request: pending === '_none_' || pending === '' ? null : pending,
    };
  }

  /** Delivers what the engine decided, saves, and records the request. */
  private async finish(
    label: string,
    source: NavOutcome['source'],
    outcome: SessionOutcome,
    unloaded: UnloadedSco | null,
  ): Promise<NavOutcome> {
    let delivered: DeliveredSco | null = null;
    if (outcome.kind === 'ended') this.ended = true;
    if (outcome.kind === 'deliver') {
      this.ended = false;
      delivered = await this.deliver(outcome);
    } else await this.refreshSco();
    await this.persist();
    return this.record(
      navOutcome(label, source, outcome, unloaded, delivered, this.seq.currentActivity, this.ended),
    );
  }

  private async deliver(outcome: Extract<SessionOutcome, { kind: 'deliver' }>): Promise<DeliveredSco> {
    const id = outcome.activityId;
    const target = resolveLaunch(this.host.manifest, id);
    const saved = this.runtimeData.get(id);
    const rte = rteInitForDelivery({
      version: this.host.version,
      scoId: id,
      ...(this.host.stateKey.learnerId === undefined ? {} : { learnerId: this.host.stateKey.learnerId }),
      ...(this.host.learnerName === undefined ? {} : { learnerName: this.host.learnerName }),
      runtime: outcome.runtime,
      ...(saved ? { saved } : {}),
    });
    const sco: DeliveredSco = {
      activity_id: id,
      title: this.tree.byId.get(id)?.title ?? '',
      launch_url: target.launchUrl,
      entry: outcome.runtime.entry,
      runtime_attempt: -1,
    };
    // Current before it loads: a SCO may set a request or Terminate while its document loads.
    const d: Delivery = { activityId: id, attempt: -1, handled: false, sco };
    this.delivery = d;
    const offLaunch = this.runtime.on('launch', (l) => {
      if (d.attempt === -1 && l.scoId === id) d.attempt = sco.runtime_attempt = l.attempt;
    });
    try {
      await this.runtime.launchAttempt({
        scoId: id,
        launchPath: target.launchUrl,
        rte,
        ...(this.host.version === '2004' ? { sharedData: this.sharedDataFor(target.item) } : {}),
      });
    } finally {
      offLaunch();
    }
    return sco;
  }

  /** adl.data for a delivered SCO: its item's maps and the current value of each bucket. */
  private sharedDataFor(item: Item): LaunchSharedData {
    const maps = sharedDataMapsOf(item);
    const store = this.bucketStore();
    const values: Record<string, string> = {};
    for (const m of maps) {
      const v = store.get(m.targetId);
      if (v !== undefined) values[m.targetId] = v;
    }
    return { maps, values };
  }

  /** The learner's buckets, or this course attempt's with sharedDataGlobalToSystem="false". */
  private bucketStore(): SharedDataStore {
    if (this.tree.sharedDataGlobalToSystem) return this.learner.sharedData;
    return {
      get: (id) => this.attemptBuckets.get(id),
      set: (id, value) => void this.attemptBuckets.set(id, value),
    };
  }

  /** What the SCO wrote to adl.data goes back to the buckets (2004). */
  private async keepSharedData(): Promise<void> {
    if (this.host.version !== '2004') return;
    const store = this.bucketStore();
    for (const [id, value] of Object.entries(await this.runtime.readSharedData())) store.set(id, value);
  }

  /** What the engine reads from the SCO's data (SCORM 1.2 has no adl.nav.request). */
  private async report(values: Record<string, string>, navRequest: string): Promise<RuntimeAttemptReport> {
    if (this.host.version === '1.2') return scorm12AttemptReport(values);
    return attemptReport(values, navRequest, await this.runtime.readSetByContent());
  }

  /** Gives the SCO in the frame (if it still runs) the new adl.nav.request_valid answers. */
  private async refreshSco(): Promise<void> {
    if (this.runtime.isOpen && this.delivery && !this.delivery.handled)
      await this.runtime.refreshNavigation();
  }

  private keepRuntimeData(activityId: string, values: Record<string, string>): void {
    const data = { ...values };
    delete data['adl.nav.request'];
    this.runtimeData.set(activityId, data);
    this.changedActivities.add(activityId);
  }

  /** Saves the course state (tracking + changed activities) and the learner's; a failure is kept for close. */
  private async persist(): Promise<string | null> {
    const activities = Object.fromEntries(
      [...this.changedActivities].map((id) => [id, this.runtimeData.get(id) ?? {}]),
    );
    try {
      const path = await this.host.store.saveCourse(this.host.stateKey, {
        scormVersion: this.host.version,
        activities,
        sequencing: {
          format: SEQUENCING_STATE_FORMAT,
          ended: this.ended,
          tracking: this.seq.serialize(),
          shared_data: Object.fromEntries(this.attemptBuckets),
        },
      });
      await this.learner.save();
      this.changedActivities.clear();
      this.saveError = null;
      return path;
    } catch (error) {
      this.saveError = {
        error_code: isScormTesterError(error) ? error.code : 'SESSION_STATE_SAVE_FAILED',
        message: `The learner state could not be written to ${this.host.store.dir}: ${(error as Error).message}. Point SCORM_TESTER_DATA_DIR at a writable directory.`,
      };
      this.host.logger.warn('NAV_STATE_SAVE_FAILED', { error });
      return null;
    }
  }

  private record(outcome: NavOutcome): NavOutcome {
    const level = this.traceLevel;
    const trace = level ? this.traceBuffer.filter((e) => shownAt(e, level)) : [];
    this.traceBuffer = [];
    const entry: NavLogEntry = { ...outcome, at: new Date().toISOString(), trace };
    this.entries.push(entry);
    if (this.entries.length > LOG_LIMIT) this.entries.shift();
    for (const l of this.listeners) l(entry);
    return outcome;
  }

  private exclusive<T>(task: () => Promise<T>): Promise<T> {
    const next = this.chain.catch(() => undefined).then(task);
    this.chain = next;
    return next;
  }

  private ensureUsable(): void {
    if (this.disposed)
      fail(
        'RUNTIME_NOT_OPEN',
        'Sequencing stopped with the runtime. Call scorm_runtime_open, then scorm_sn_init.',
      );
    this.host.requireRuntime();
  }
}

async function loadLearner(host: NavigatorHost, fresh: boolean): Promise<LearnerState> {
  const { learnerId, namespace } = host.stateKey;
  try {
    return await host.learners.load(learnerId, namespace);
  } catch (error) {
    // A new attempt starts without an unreadable learner file (and replaces it on the first save).
    if (fresh && isScormTesterError(error) && error.code === 'SESSION_STATE_CORRUPT')
      return host.learners.empty(learnerId, namespace);
    throw error;
  }
}

function restoredTracking(host: NavigatorHost, section: Record<string, unknown>): unknown {
  if (section.format !== SEQUENCING_STATE_FORMAT || section.tracking === undefined)
    corrupt(
      host.store.pathFor(host.stateKey),
      `its sequencing section is not a ${SEQUENCING_STATE_FORMAT} state`,
    );
  return section.tracking;
}

function restoredBuckets(
  host: NavigatorHost,
  section: Record<string, unknown> | null,
): Record<string, string> {
  const buckets = section?.shared_data ?? {};
  if (typeof buckets !== 'object' || buckets === null || Array.isArray(buckets))
    corrupt(host.store.pathFor(host.stateKey), 'its sequencing section has shared_data that is not a map');
  for (const v of Object.values(buckets))
    if (typeof v !== 'string')
      corrupt(
        host.store.pathFor(host.stateKey),
        'its sequencing section has shared_data that is not a map of strings',
      );
  return buckets as Record<string, string>;
}
