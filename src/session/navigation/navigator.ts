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
import type { ScormManifest } from '../../manifest/index.js';
import type { SharedDataStore } from '../../rte/strict/shared-data.js';
import type { NavValiditySnapshot, NavigationOracle } from '../../rte/adapter/navigation-oracle.js';
import type { CourseRuntime } from '../../runtime/course-runtime.js';
import type {
  RuntimeAttemptReport,
  SeqTree,
  SequencingSession,
  SessionOutcome,
  TraceLevel,
} from '../../sequencing/index.js';
import { CourseStateSaver } from './course-state-saver.js';
import {
  bucketStoreOf,
  deliverySpec,
  prepareEngine,
  sequencingApplies,
  snInitResult,
  type PreparedEngine,
  type ResumePlan,
} from './engine-setup.js';
import type { LearnerState } from './learner-state.js';
import type { NavigatorClose, NavigatorHost, NavigatorOptions, RecordClose } from './navigator-host.js';
import {
  endAttemptForSco,
  endedExit,
  ignoredRequest,
  launchDelivery,
  pendingRequest,
  reportOf,
  watchDelivery,
  type Delivery,
} from './delivery.js';
import { endFromRecord } from './record-close.js';
import { RequestLog, type NavigatorListener } from './request-log.js';
import { deniedByVerdict, describeRequest, navOutcome, navStateView } from './views.js';
import type {
  DeliveredSco,
  LmsRequest,
  NavLogEntry,
  NavOutcome,
  NavStateView,
  SnInitResult,
  UnloadedSco,
} from './types.js';

export type { NavigatorClose, NavigatorHost, NavigatorOptions, RecordClose } from './navigator-host.js';
export type { NavigatorListener } from './request-log.js';

/** Launch errors the runtime raises before the frame loads anything (launch-check.ts). */
const LAUNCH_REFUSALS = new Set<ErrorCode>(['MANIFEST_LAUNCH_NOT_FOUND', 'SECURITY_VIOLATION']);
const ABANDON = new Set(['abandon', 'abandonAll']);

export class SessionNavigator implements NavigationOracle {
  /** Does sequencing apply to this course: more than one launchable activity (SCORM 2004 or 1.2). */
  static readonly applies: (manifest: ScormManifest) => boolean = sequencingApplies;

  /** Builds the engine (restoring the saved state unless fresh), takes over the runtime and delivers start/resumeAll. */
  static async init(
    host: NavigatorHost,
    options: NavigatorOptions = {},
  ): Promise<{ navigator: SessionNavigator; result: SnInitResult }> {
    const runtime = host.requireRuntime();
    const engine = await prepareEngine(host, options);
    const navigator = SessionNavigator.assemble(host, runtime, engine);
    const outcome = await navigator.takeOver();
    return { navigator, result: snInitResult(engine, navigator.launchedHow, outcome) };
  }

  /**
   * Takes over a runtime that opened on the activity `plan` delivered (resumeAll or start decided before
   * the runtime opened, so no SCO ran outside sequencing): that delivery becomes the current one.
   */
  static async attach(
    host: NavigatorHost,
    plan: ResumePlan,
  ): Promise<{ navigator: SessionNavigator; result: SnInitResult }> {
    const runtime = host.requireRuntime();
    const navigator = SessionNavigator.assemble(host, runtime, plan.engine);
    const outcome = await navigator.adopt(plan);
    return { navigator, result: snInitResult(plan.engine, navigator.launchedHow, outcome) };
  }

  private static assemble(
    host: NavigatorHost,
    runtime: CourseRuntime,
    engine: PreparedEngine,
  ): SessionNavigator {
    const navigator = new SessionNavigator(host, runtime, engine.seq, engine.learner);
    for (const [k, v] of engine.buckets) navigator.attemptBuckets.set(k, v);
    for (const [k, v] of engine.runtimeData) navigator.saver.runtimeData.set(k, v);
    return navigator;
  }

  /** adl.data buckets of this attempt on the course (sharedDataGlobalToSystem="false"). */
  private readonly attemptBuckets = new Map<string, string>();
  private readonly saver: CourseStateSaver;
  private readonly requests = new RequestLog();
  private delivery: Delivery | null = null;
  /** The delivery an LMS-side request or a close is unloading (a close from the record still saves it). */
  private unloading: Delivery | null = null;
  /** The close saved from the record: whatever the page answers late is not saved over it. */
  private savedFromRecord = false;
  /** The close set the running SCO's exit ("suspend") because the course left it empty. */
  private exitSetByTester = false;
  private chain: Promise<unknown> = Promise.resolve();
  private launchedHow: SnInitResult['how'] = 'start';
  private ended = false;
  private disposed = false;
  private readonly unsubscribe: () => void;

  private constructor(
    private readonly host: NavigatorHost,
    private readonly runtime: CourseRuntime,
    private readonly seq: SequencingSession,
    private readonly learner: LearnerState,
  ) {
    this.saver = new CourseStateSaver(host, seq, learner, this.attemptBuckets, () => this.ended);
    seq.setTrace((e) => this.requests.trace(e));
    this.unsubscribe = watchDelivery(
      runtime,
      () => this.delivery,
      (attempt) =>
        void this.exclusive(() => this.afterTerminate(attempt)).catch((error: unknown) =>
          host.logger.warn('NAV_AFTER_TERMINATE_FAILED', { error }),
        ),
    );
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
    return this.requests.all;
  }

  /** The last save that failed (reported by close). */
  get saveError(): { error_code: ErrorCode; message: string } | null {
    return this.saver.saveError;
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
    return this.requests.onRequest(listener);
  }

  /** Records the SN trace events of each request up to this level (default detailed); null stops. */
  setTraceLevel(level: TraceLevel | null): void {
    this.requests.setLevel(level);
  }

  /**
   * The learner closes the course: a running SCO is unloaded (its attempt ended as the persistence flow
   * says: exit "suspend" when it left the exit empty) and, unless the sequencing session already ended,
   * suspended with suspendAll; the tracking state, each activity's data, global objectives and shared
   * data are saved. Stops listening to the runtime.
   */
  close(): Promise<NavigatorClose> {
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
        suspended = this.suspendUnlessEnded();
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
    return endedExit(this.saver.runtimeData.get(activityId), this.host.version, this.exitSetByTester);
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
    const { unloaded, exit } = endFromRecord(this.runtime, this.host.version, d, why, {
      saver: this.saver,
      buckets: () => this.bucketStore(),
      seq: this.seq,
    });
    const suspended = this.suspendUnlessEnded();
    const path = await this.persist(true);
    return { saved_state_path: path, suspended, unloaded, ...exit };
  }

  /** A close suspends the sequencing session (suspendAll) unless it ended; true when it did. */
  private suspendUnlessEnded(): boolean {
    if (this.ended || this.seq.currentActivity === null) return false;
    const out = this.seq.navigate({ type: 'suspendAll' });
    if (out.kind === 'ended') this.ended = true;
    return out.kind !== 'denied';
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

  /** attach: the runtime opened on the delivered activity; it is the current delivery from its first call. */
  private adopt(plan: ResumePlan): Promise<NavOutcome> {
    return this.exclusive(async () => {
      await this.runtime.setNavigationOracle(this);
      const how = plan.how;
      this.launchedHow = how;
      const attempt = this.runtime.log.currentAttempt;
      const sco: DeliveredSco = { ...plan.delivered, runtime_attempt: attempt };
      const sharedMaps = plan.launch.sharedData?.maps ?? [];
      this.delivery = { activityId: sco.activity_id, attempt, handled: false, sharedMaps, sco };
      const outcome = await this.finish(how, 'lms', plan.launched, null, sco);
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
      const denied = deniedByVerdict(verdict);
      return this.requests.record(
        navOutcome(label, 'lms', denied, null, null, this.seq.currentActivity, this.ended),
      );
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
    this.saver.keepRuntimeData(d.activityId, values);
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
    const { terminatedBy, exitSetByTester } = await endAttemptForSco(
      this.runtime,
      this.host.version,
      closing,
    );
    if (exitSetByTester) this.exitSetByTester = true;
    if (terminatedBy === 'none')
      return { activity_id: d.activityId, terminated_by: 'none', ignored_nav_request: null };
    const values = await this.runtime.getDataModel();
    const pending = pendingRequest(d, values);
    this.saver.keepRuntimeData(d.activityId, values);
    await this.keepSharedData();
    const report = await this.report(values, pending);
    if (this.savedFromRecord) return null;
    d.reported = true;
    if (!ABANDON.has(requestType)) this.seq.commit(d.activityId, { ...report, navRequest: '_none_' });
    return {
      activity_id: d.activityId,
      terminated_by: terminatedBy,
      ignored_nav_request: ignoredRequest(pending),
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
    return this.requests.record(
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
    this.saver.noNewAttempt(activityId);
    this.seq.undoDelivery();
    const process = 'DB.2 Content Delivery Environment Process';
    // The launch check's message names the manifest's href and ids only through its course_text.
    const texts = details?.course_text as CourseTexts | undefined;
    const course = texts ? { course_text: texts } : {};
    this.requests.trace({ level: 'basic', process, kind: 'denied', code, message, ...course });
    const denied: SessionOutcome = {
      kind: 'denied',
      code,
      reason: `cannot launch: ${message}`,
      process,
      ...course,
    };
    await this.persist();
    return this.requests.record(
      navOutcome(label, source, denied, unloaded, null, this.seq.currentActivity, this.ended),
    );
  }

  private async deliver(outcome: Extract<SessionOutcome, { kind: 'deliver' }>): Promise<DeliveredSco> {
    const spec = deliverySpec(this.host, this.tree, this.saver.runtimeData, this.bucketStore(), outcome);
    // The SCORM attempt is the activity's: the delivery counted a new one, a resumed one keeps its number.
    const scormAttempt = Math.max(1, this.seq.tracking.activities[spec.launch.scoId]?.attemptCount ?? 1);
    if (spec.delivered.entry === 'ab-initio') this.saver.newAttempt(spec.delivered.activity_id);
    return launchDelivery(this.runtime, spec, scormAttempt, (d) => (this.delivery = d));
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
    const setBy = this.host.version === '1.2' ? undefined : await this.runtime.readSetByContent();
    return reportOf(this.host.version, values, navRequest, setBy);
  }

  /** Gives the SCO in the frame (if it still runs) the new adl.nav.request_valid answers. */
  private async refreshSco(): Promise<void> {
    if (this.runtime.isOpen && this.delivery && !this.delivery.handled)
      await this.runtime.refreshNavigation();
  }

  /** Saves the course state (tracking + changed activities) and the learner's; a failure is kept for close. */
  private persist(fromRecord = false): Promise<string | null> {
    if (this.savedFromRecord && !fromRecord) return Promise.resolve(null);
    return this.saver.persist();
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
