/**
 * The session navigator: owns one course's sequencing session (our SN engine) for one learner and
 * drives the player with it. It is the runtime's NavigationOracle (adl.nav.request_valid answers come
 * from the real state and are pushed to the page after every change), delivers activities on start or
 * resumeAll, acts on a SCO's adl.nav.request when that SCO terminates, and carries out LMS-side
 * requests: a running SCO is unloaded first (it may Terminate in its unload handler; if it does not,
 * the attempt is ended for it), then the delivered SCO loads with its own run-time data. The whole
 * tracking state and each activity's run-time data are saved with the learner state after every step.
 */
import type { CourseTexts } from '../../core/course-text.js';
import { fail, isScormTesterError, type ErrorCode } from '../../core/errors.js';
import type { Logger } from '../../core/logger.js';
import { defaultOrganization, walkItems, type ScormManifest } from '../../manifest/index.js';
import type { SharedDataMap, SharedDataStore } from '../../rte/strict/shared-data.js';
import type { NavValiditySnapshot, NavigationOracle } from '../../rte/adapter/navigation-oracle.js';
import type { CourseRuntime } from '../../runtime/course-runtime.js';
import {
  attemptReport,
  shownAt,
  scorm12AttemptReport,
  type RuntimeAttemptReport,
  type SeqTree,
  type SequencingSession,
  type SessionOutcome,
  type TraceEvent,
  type TraceLevel,
} from '../../sequencing/index.js';
import type { SavedStateStore, StateKey } from '../saved-state.js';
import {
  SEQUENCING_STATE_FORMAT,
  bucketStoreOf,
  deliverySpec,
  prepareEngine,
  type PreparedEngine,
  type ResumePlan,
} from './engine-setup.js';
import type { LearnerState, LearnerStateStore } from './learner-state.js';
import { recordedDelivery } from './recorded-delivery.js';
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
import { NAMES } from '../../runtime/anomalies/elements.js';

/** What the navigator needs from its session. */
export interface NavigatorHost {
  readonly manifest: ScormManifest;
  /** Where the package's files are (a delivery whose launch file is not there is refused up front). */
  readonly packageRoot: string;
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

/** What a close from the record did: as close(), plus the exit saved and the elements left out. */
export interface RecordClose {
  saved_state_path: string | null;
  suspended: boolean;
  unloaded: UnloadedSco | null;
  exit: string | null;
  exit_set_by: 'course' | 'tester' | null;
  omitted: string[];
}

const LOG_LIMIT = 1000;
/** Launch errors the runtime raises before the frame loads anything (launch-check.ts). */
const LAUNCH_REFUSALS = new Set<ErrorCode>(['MANIFEST_LAUNCH_NOT_FOUND', 'SECURITY_VIOLATION']);
const ABANDON = new Set(['abandon', 'abandonAll']);

interface Delivery {
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
    const engine = await prepareEngine(host, options);
    const navigator = SessionNavigator.assemble(host, runtime, engine);
    const outcome = await navigator.takeOver();
    return { navigator, result: navigator.initResult(engine, outcome) };
  }

  /**
   * Takes over a runtime that opened on the activity `plan` delivered (resumeAll decided before the
   * runtime opened, so no SCO ran outside sequencing): that delivery becomes the current one.
   */
  static async attach(
    host: NavigatorHost,
    plan: ResumePlan,
  ): Promise<{ navigator: SessionNavigator; result: SnInitResult }> {
    const runtime = host.requireRuntime();
    const navigator = SessionNavigator.assemble(host, runtime, plan.engine);
    const outcome = await navigator.adopt(plan);
    return { navigator, result: navigator.initResult(plan.engine, outcome) };
  }

  private static assemble(
    host: NavigatorHost,
    runtime: CourseRuntime,
    engine: PreparedEngine,
  ): SessionNavigator {
    const navigator = new SessionNavigator(host, runtime, engine.seq, engine.learner);
    for (const [k, v] of engine.buckets) navigator.attemptBuckets.set(k, v);
    for (const [k, v] of engine.runtimeData) navigator.runtimeData.set(k, v);
    return navigator;
  }

  private initResult(engine: PreparedEngine, outcome: NavOutcome): SnInitResult {
    return {
      success: true,
      sn_available: true,
      how: this.launchedHow,
      restored: engine.restored,
      activity_count: engine.seq.tree.activities.length,
      outcome,
    };
  }

  /** Run-time data of each activity's last delivery (restored when the engine resumes it). */
  private readonly runtimeData = new Map<string, Record<string, string>>();
  private readonly changedActivities = new Set<string>();
  /**
   * Activities delivered ab-initio whose new attempt is not saved yet: its first save keeps the saved
   * attempt as a previous one instead of overwriting it.
   */
  private readonly unsavedNewAttempts = new Set<string>();
  /** adl.data buckets of this attempt on the course (sharedDataGlobalToSystem="false"). */
  private readonly attemptBuckets = new Map<string, string>();
  private readonly entries: NavLogEntry[] = [];
  private readonly listeners = new Set<NavigatorListener>();
  private delivery: Delivery | null = null;
  /** The delivery an LMS-side request or a close is unloading (a close from the record still saves it). */
  private unloading: Delivery | null = null;
  /** The close saved from the record: whatever the page answers late is not saved over it. */
  private savedFromRecord = false;
  /** The close set the running SCO's exit ("suspend") because the course left it empty. */
  private exitSetByTester = false;
  /** The save in progress, if any. */
  private saving: Promise<unknown> = Promise.resolve();
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
  close(): Promise<{
    saved_state_path: string | null;
    suspended: boolean;
    unloaded: UnloadedSco | null;
    /** The exit the unloaded SCO's attempt ended with, and who set it (null: no SCO was running). */
    exit: string | null;
    exit_set_by: 'course' | 'tester' | null;
  }> {
    return this.exclusive(async () => {
      let unloaded: UnloadedSco | null = null;
      let suspended = false;
      let ended: { exit: string | null; exit_set_by: 'course' | 'tester' | null } = {
        exit: null,
        exit_set_by: null,
      };
      try {
        if (this.runtime.isOpen) unloaded = await this.unloadCurrent('suspendAll', true);
        if (unloaded && unloaded.terminated_by !== 'none') ended = this.endedExit(unloaded.activity_id);
        if (!this.ended && this.seq.currentActivity !== null) {
          const out = this.seq.navigate({ type: 'suspendAll' });
          suspended = out.kind !== 'denied';
          if (out.kind === 'ended') this.ended = true;
        }
      } finally {
        this.dispose();
      }
      if (this.savedFromRecord) return { saved_state_path: null, suspended, unloaded, ...ended };
      const path = await this.persist();
      return { saved_state_path: path, suspended, unloaded, ...ended };
    });
  }

  /** The exit kept in the activity's data when its attempt ended, and whether the course or the close set it. */
  private endedExit(activityId: string): { exit: string | null; exit_set_by: 'course' | 'tester' | null } {
    const exit = this.runtimeData.get(activityId)?.[NAMES[this.host.version].exit] ?? null;
    if (exit === null || exit === '') return { exit, exit_set_by: null };
    return { exit, exit_set_by: this.exitSetByTester ? 'tester' : 'course' };
  }

  /**
   * close() for a page that cannot answer (its script hung, its renderer starved, its browser died):
   * the delivered SCO's data, the adl.data it wrote and what it set are taken from the record (its
   * attempt ended as close would end it), then suspendAll and the same save. It does not wait for the
   * steps the page holds up, and what they get late is not saved over this.
   */
  async closeFromRecord(why: string): Promise<RecordClose> {
    this.savedFromRecord = true;
    this.dispose();
    const d = this.delivery ?? this.unloading;
    this.delivery = null;
    let unloaded: UnloadedSco | null = null;
    let exit: Pick<RecordClose, 'exit' | 'exit_set_by' | 'omitted'> = {
      exit: null,
      exit_set_by: null,
      omitted: [],
    };
    const live = d !== null && d.attempt === this.runtime.log.currentAttempt;
    if (d && live && this.runtime.initializeState !== 'none') {
      const rec = recordedDelivery(this.runtime, this.host.version, d.sharedMaps, why);
      const pending = pendingRequest(d, rec.values);
      this.keepRuntimeData(d.activityId, rec.values);
      if (this.host.version === '2004') {
        const store = this.bucketStore();
        for (const [id, value] of Object.entries(rec.sharedData)) store.set(id, value);
      }
      if (!d.reported) {
        d.reported = true;
        const report =
          this.host.version === '1.2'
            ? scorm12AttemptReport(rec.values)
            : attemptReport(rec.values, '_none_', rec.setByContent);
        this.seq.commit(d.activityId, report);
      }
      unloaded = {
        activity_id: d.activityId,
        terminated_by: rec.terminatedBy,
        ignored_nav_request: pending === '_none_' || pending === '' ? null : pending,
      };
      exit = { exit: rec.exit, exit_set_by: rec.exitSetBy, omitted: rec.omitted };
    }
    let suspended = false;
    if (!this.ended && this.seq.currentActivity !== null) {
      const out = this.seq.navigate({ type: 'suspendAll' });
      suspended = out.kind !== 'denied';
      if (out.kind === 'ended') this.ended = true;
    }
    const path = await this.persist(true);
    return { saved_state_path: path, suspended, unloaded, ...exit };
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

  /** attach: the runtime opened on the resumed activity; it is the current delivery from its first call. */
  private adopt(plan: ResumePlan): Promise<NavOutcome> {
    return this.exclusive(async () => {
      await this.runtime.setNavigationOracle(this);
      this.launchedHow = 'resumeAll';
      const attempt = this.runtime.log.currentAttempt;
      const sco: DeliveredSco = { ...plan.delivered, runtime_attempt: attempt };
      const sharedMaps = plan.launch.sharedData?.maps ?? [];
      this.delivery = { activityId: sco.activity_id, attempt, handled: false, sharedMaps, sco };
      const outcome = await this.finish('resumeAll', 'lms', plan.launched, null, sco);
      // A SCO that terminated while it loaded did so before we listened.
      if (this.runtime.initializeState === 'terminated')
        void this.exclusive(() => this.afterTerminate(attempt)).catch((error: unknown) =>
          this.host.logger.warn('NAV_AFTER_TERMINATE_FAILED', { error }),
        );
      return outcome;
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
        ...(verdict.course_text ? { course_text: verdict.course_text } : {}),
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
    if (this.savedFromRecord) return;
    d.reported = true;
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
    this.unloading = d;
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
      const exit = NAMES[this.host.version].exit;
      if (closing && ((await this.runtime.getDataModel())[exit] ?? '') === '') {
        const set = await this.runtime.callApi('SetValue', [exit, 'suspend']);
        this.exitSetByTester = set.result === 'true';
      }
      await this.runtime.callApi('Terminate', ['']);
      terminatedBy = 'tester';
    }
    if (state === 'none')
      return { activity_id: d.activityId, terminated_by: 'none', ignored_nav_request: null };
    const values = await this.runtime.getDataModel();
    const pending = pendingRequest(d, values);
    this.keepRuntimeData(d.activityId, values);
    await this.keepSharedData();
    const report = await this.report(values, pending);
    if (this.savedFromRecord) return null;
    d.reported = true;
    if (!ABANDON.has(requestType)) this.seq.commit(d.activityId, { ...report, navRequest: '_none_' });
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
    /** The SCO is already loaded (attach). */
    loaded?: DeliveredSco,
  ): Promise<NavOutcome> {
    let delivered: DeliveredSco | null = null;
    if (outcome.kind === 'ended') this.ended = true;
    if (outcome.kind === 'deliver') {
      try {
        delivered = loaded ?? (await this.deliver(outcome));
      } catch (error) {
        if (!isScormTesterError(error) || !LAUNCH_REFUSALS.has(error.code)) throw error;
        return this.launchFailed(label, source, outcome.activityId, error, unloaded);
      }
      this.ended = false;
    } else await this.refreshSco();
    await this.persist();
    return this.record(
      navOutcome(label, source, outcome, unloaded, delivered, this.seq.currentActivity, this.ended),
    );
  }

  /**
   * The player refused the launch before loading anything (the package changed since sequencing
   * started): the delivery is undone, so no attempt begins, and the request is a traced denial.
   */
  private async launchFailed(
    label: string,
    source: NavOutcome['source'],
    activityId: string,
    { code, message, details }: { code: ErrorCode; message: string; details?: Record<string, unknown> },
    unloaded: UnloadedSco | null,
  ): Promise<NavOutcome> {
    this.delivery = null;
    this.unsavedNewAttempts.delete(activityId);
    this.seq.undoDelivery();
    const process = 'DB.2 Content Delivery Environment Process';
    // The launch check's message names the manifest's href and ids only through its course_text.
    const texts = details?.course_text as CourseTexts | undefined;
    const course = texts ? { course_text: texts } : {};
    this.traceBuffer.push({ level: 'basic', process, kind: 'denied', code, message, ...course });
    const denied: SessionOutcome = {
      kind: 'denied',
      code,
      reason: `cannot launch: ${message}`,
      process,
      ...course,
    };
    await this.persist();
    return this.record(
      navOutcome(label, source, denied, unloaded, null, this.seq.currentActivity, this.ended),
    );
  }

  private async deliver(outcome: Extract<SessionOutcome, { kind: 'deliver' }>): Promise<DeliveredSco> {
    const spec = deliverySpec(this.host, this.tree, this.runtimeData, this.bucketStore(), outcome);
    const id = spec.launch.scoId;
    // The SCORM attempt is the activity's: the delivery counted a new one, a resumed one keeps its number.
    const scormAttempt = Math.max(1, this.seq.tracking.activities[id]?.attemptCount ?? 1);
    const sco: DeliveredSco = { ...spec.delivered, runtime_attempt: -1 };
    if (sco.entry === 'ab-initio') this.unsavedNewAttempts.add(sco.activity_id);
    // Current before it loads: a SCO may set a request or Terminate while its document loads.
    const sharedMaps = spec.launch.sharedData?.maps ?? [];
    const d: Delivery = { activityId: id, attempt: -1, handled: false, sharedMaps, sco };
    this.delivery = d;
    const offLaunch = this.runtime.on('launch', (l) => {
      if (d.attempt === -1 && l.scoId === id) d.attempt = sco.runtime_attempt = l.attempt;
    });
    try {
      await this.runtime.launchAttempt({ ...spec.launch, scormAttempt });
    } finally {
      offLaunch();
    }
    return sco;
  }

  /** The learner's buckets, or this course attempt's with sharedDataGlobalToSystem="false". */
  private bucketStore(): SharedDataStore {
    return bucketStoreOf(this.tree, this.learner, this.attemptBuckets);
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
  private persist(fromRecord = false): Promise<string | null> {
    if (this.savedFromRecord && !fromRecord) return Promise.resolve(null);
    // A close from the record may start while the page's close is still writing: its save goes after.
    const next = this.saving.then(() => this.save());
    this.saving = next.catch(() => undefined);
    return next;
  }

  private async save(): Promise<string | null> {
    const changed = [...this.changedActivities];
    const activities = Object.fromEntries(changed.map((id) => [id, this.runtimeData.get(id) ?? {}]));
    const newAttempts = new Set(changed.filter((id) => this.unsavedNewAttempts.has(id)));
    try {
      const path = await this.host.store.saveCourse(this.host.stateKey, {
        scormVersion: this.host.version,
        activities,
        newAttempts,
        sequencing: {
          format: SEQUENCING_STATE_FORMAT,
          ended: this.ended,
          tracking: this.seq.serialize(),
          shared_data: Object.fromEntries(this.attemptBuckets),
        },
      });
      await this.learner.save();
      this.changedActivities.clear();
      for (const id of newAttempts) this.unsavedNewAttempts.delete(id);
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
