/**
 * One MCP session: a package (opened read-only or extracted), its parsed manifest, a workspace with
 * artifacts.json, an event log, and at most one course runtime. Learner state is saved when the
 * session closes and restored on the next open of the same course, as the persistence flow describes.
 *
 * This class holds the session's state and decides what to launch; the jobs around it are its
 * collaborators: opening the package (openPackageAndManifest), saving as a runtime closes
 * (saveOnClose), sequencing (SessionNavigator), saved state (SavedStateStore), and the event mirror
 * (mirrorRuntimeEvents).
 */
import { randomBytes } from 'node:crypto';
import { rm } from 'node:fs/promises';
import { join } from 'node:path';
import { fail, isScormTesterError } from '../core/errors.js';
import type { Logger } from '../core/logger.js';
import { resolveLaunch, type LaunchTarget, type ParsedManifest } from '../manifest/index.js';
import type { OpenedPackage } from '../package/open-package.js';
import { buildRteInit, launchFieldsFromItem, type RteInit, type RteLaunch } from '../rte/adapter/index.js';
import type { NavigationOracle } from '../rte/adapter/navigation-oracle.js';
import type { LaunchSharedData } from '../runtime/player/wire.js';
import type { CourseRuntime } from '../runtime/course-runtime.js';
import { ArtifactStore } from './artifacts.js';
import { courseTimeoutMs } from './course-timeout.js';
import { EventLog } from './event-log.js';
import { loadRuntime } from './lazy-runtime.js';
import { learnerDataElements } from './learner-data.js';
import { planResume, planStart, type ResumePlan } from './navigation/engine-setup.js';
import { LearnerStateStore } from './navigation/learner-state.js';
import type { ReportedObjective } from './navigation/foreign-objectives.js';
import { foreignObjectivesOf, lastSuspendedItem } from './navigation/learner-history.js';
import { SessionNavigator, type NavigatorHost } from './navigation/navigator.js';
import { announceSequencing } from './navigation/sequencing-events.js';
import type { NotApplicable, SnInitResult } from './navigation/types.js';
import { openPackageAndManifest } from './open-package-and-manifest.js';
import type { PackageFingerprint } from './package-fingerprint.js';
import { saveOnClose, type CloseSaveHost, type RuntimeCloseResult } from './runtime-close-save.js';
import { mirrorRuntimeEvents } from './runtime-event-mirror.js';
import type { ResumeDecision, SavedStateStore, StateKey } from './saved-state.js';
import { savedStateWriter, type SavedStateWriter } from './saved-state-writer.js';
import { sequencingNotApplicable } from './sequencing-not-applicable.js';
import type { SessionObserver } from './session-observer.js';
import type { RuntimeOpenOptions, SessionOptions } from './session-options.js';

export type { RuntimeCloseResult } from './runtime-close-save.js';
export type { RuntimeOpenOptions, SessionOptions } from './session-options.js';

export type SessionState = 'opening' | 'ready' | 'running' | 'closing' | 'closed';

export class Session {
  readonly id = `sess_${randomBytes(9).toString('base64url')}`;
  readonly startedAt = Date.now();
  lastActivityAt = Date.now();
  state: SessionState = 'opening';
  readonly events = new EventLog();
  readonly artifacts: ArtifactStore;
  runtime: CourseRuntime | null = null;
  /** The last runtime closed in this session: its record (calls, console, requests) stays readable. */
  closedRuntime: CourseRuntime | null = null;
  /** When the session closed (null while open). */
  closedAt: number | null = null;
  launch: LaunchTarget | null = null;
  resume: ResumeDecision | null = null;
  /** Sequencing of a multi-SCO course, from scorm_sn_init (or an open that resumed it) until the runtime closes. */
  navigator: SessionNavigator | null = null;
  /** Global objectives this course reads that another course wrote, as the open found them. */
  foreignGlobalObjectives: ReportedObjective[] = [];
  /** How the open started sequencing, when it reopened a suspended course. */
  openedSequencing: SnInitResult | null = null;
  /** Which package wrote the saved state the last launch resumed (null: it resumed nothing). */
  resumedStateWriter: SavedStateWriter | null = null;
  /** This package, as its saves record it (set by open). */
  fingerprint: PackageFingerprint | null = null;
  private readonly learners: LearnerStateStore;
  private pkg: OpenedPackage | null = null;
  private parsedManifest: ParsedManifest | null = null;

  constructor(
    readonly options: SessionOptions,
    sessionsRoot: string,
    private readonly store: SavedStateStore,
    private readonly logger: Logger,
    private readonly observer: SessionObserver = {},
  ) {
    this.artifacts = new ArtifactStore(join(sessionsRoot, this.id), (artifact, path) =>
      observer.artifactAdded?.(this, artifact, path),
    );
    this.learners = new LearnerStateStore(store.dir);
  }

  get workspace(): string {
    return this.artifacts.workspace;
  }

  get packageRoot(): string {
    return this.requirePackage().root;
  }

  get parsed(): ParsedManifest {
    if (!this.parsedManifest) fail('SESSION_NOT_FOUND', `Session ${this.id} is not open.`);
    return this.parsedManifest;
  }

  get version(): '1.2' | '2004' {
    const version = this.parsed.manifest.scorm.version;
    if (!version) {
      fail(
        'MANIFEST_VALIDATION_ERROR',
        'The SCORM version of this package cannot be told (no schemaversion, no SCORM namespaces). Run scorm_lint_manifest and fix the manifest.',
      );
    }
    return version;
  }

  get courseId(): string {
    return this.parsed.manifest.identifier || 'unknown_course';
  }

  /** Saved learner state is kept per course and learner (and, inside, per activity). */
  get stateKey(): StateKey {
    return {
      courseId: this.courseId,
      learnerId: this.options.learnerId,
      ...(this.fingerprint ? { writer: this.fingerprint } : {}),
    };
  }

  touch(): void {
    this.lastActivityAt = Date.now();
  }

  /** Opens the package and parses the manifest. A manifest we cannot parse is a MANIFEST_VALIDATION_ERROR. */
  async open(): Promise<void> {
    try {
      await this.artifacts.init(this.id);
      const opened = await openPackageAndManifest(this.options.packagePath);
      this.pkg = opened.pkg;
      this.parsedManifest = opened.parsed;
      this.fingerprint = opened.fingerprint;
    } catch (error) {
      await this.removeWorkspace();
      throw error;
    }
    this.foreignGlobalObjectives = await this.readForeignObjectives();
    this.state = 'ready';
    this.events.push('session:opened', {
      package_path: this.options.packagePath,
      package_root: this.requirePackage().root,
      course_id: this.courseId,
    });
    this.observer.opened?.(this);
  }

  /** Deletes the workspace: only for a session whose open failed, so nothing in it was ever handed out. */
  async removeWorkspace(): Promise<void> {
    this.observer.discarded?.(this);
    await rm(this.workspace, { recursive: true, force: true }).catch((error: unknown) =>
      this.logger.warn('WORKSPACE_REMOVE_FAILED', { session_id: this.id, error }),
    );
  }

  /** Launches a SCO (default: the first launchable item of the default organization) in a new runtime. */
  async openRuntime(options: RuntimeOpenOptions = {}): Promise<CourseRuntime> {
    this.requireOpen();
    if (this.runtime && this.runtime.isOpen) {
      fail(
        'RUNTIME_ALREADY_OPEN',
        `Session ${this.id} already has an open runtime. Call scorm_runtime_close first, or scorm_reload_course to start over.`,
      );
    }
    const version = this.version;
    const resumeAt = options.itemId === undefined && !this.options.newAttempt;
    if (resumeAt && SessionNavigator.applies(this.parsed.manifest)) {
      // A state sequencing cannot use is reported by scorm_sn_init, as for any open.
      const plan = await planResume(this.navigatorHost()).catch((error: unknown) => {
        this.logger.warn('SEQUENCED_RESUME_FAILED', { session_id: this.id, error });
        this.events.push('error', { during: 'sequenced resume', message: (error as Error).message });
        return null;
      });
      if (plan) return this.openSequencedResume(plan, options);
    }
    const target = resolveLaunch(
      this.parsed.manifest,
      options.itemId ??
        (resumeAt ? await lastSuspendedItem(this.store, this.stateKey, this.parsed.manifest) : undefined),
    );
    if (target.external) {
      fail(
        'MANIFEST_LAUNCH_NOT_FOUND',
        `Item ${target.item.identifier} launches an external URL (${target.launchUrl}); only package content can run here.`,
      );
    }
    const scoId = target.item.identifier ?? 'sco';
    this.resume = await this.store.decide(this.stateKey, {
      scoId,
      scormVersion: version,
      newAttempt: this.options.newAttempt,
    });
    this.resumedStateWriter = this.resume.resume
      ? savedStateWriter([this.resume.activity.written_by], this.fingerprint)
      : null;
    const launch: RteLaunch = {
      version,
      scoId,
      learnerId: this.options.learnerId,
      learnerName: this.options.learnerName,
      ...launchFieldsFromItem(target.item, version, this.parsed.manifest.sequencingCollection),
      restore: this.resume.resume ? this.resume.activity.data : null,
    };
    return this.startRuntime(target, { scoId: launch.scoId, rte: buildRteInit(launch) }, options);
  }

  private async startRuntime(
    target: LaunchTarget,
    sco: { scoId: string; rte: RteInit; sharedData?: LaunchSharedData; oracle?: NavigationOracle },
    options: RuntimeOpenOptions,
  ): Promise<CourseRuntime> {
    const { openCourseRuntime } = await loadRuntime();
    const runtime = await openCourseRuntime({
      packageRoot: this.packageRoot,
      launchPath: target.launchUrl,
      scormVersion: this.version,
      scoId: sco.scoId,
      rte: sco.rte,
      ...(sco.sharedData ? { sharedData: sco.sharedData } : {}),
      ...(sco.oracle ? { navigationOracle: sco.oracle } : {}),
      ...(this.resume ? { scormAttempt: this.resume.attempt } : {}),
      // Sequencing saves through its navigator, which a cancelled open never started.
      ...(sco.oracle
        ? {}
        : { onCancelledWhileLoading: (loading) => this.keepCancelledOpen(target, loading) }),
      viewport: options.viewport,
      allowNetwork: this.options.allowNetwork,
      allowLoopback: this.options.allowLoopback === true,
      ...(this.options.memoryBudgetMb === undefined ? {} : { memoryBudgetMb: this.options.memoryBudgetMb }),
      timeoutMs: courseTimeoutMs(),
      title: this.parsed.manifest.organizations.list[0]?.title ?? undefined,
      ...(options.control ? { control: options.control } : {}),
    });
    this.runtime = runtime;
    this.launch = target;
    this.state = 'running';
    this.wireRuntimeEvents(runtime);
    const resume = this.resume;
    this.events.push('runtime:opened', {
      runtime_id: runtime.id,
      sco_id: sco.scoId,
      launch_url: target.launchUrl,
      resumed: resume?.resume === true,
      ...(resume && !resume.resume ? { fresh_start_reason: resume.reason } : {}),
    });
    return runtime;
  }

  /**
   * An open cancelled while its SCO loaded: what the course set so far is saved, as closing it would
   * (its exit "suspend" when it left it empty), before the runtime goes.
   */
  private async keepCancelledOpen(target: LaunchTarget, runtime: CourseRuntime): Promise<void> {
    this.runtime = runtime;
    this.launch = target;
    const closed = await this.closeRuntime();
    if (closed.saved_state_path)
      this.logger.info('RUNTIME_OPEN_CANCELLED_STATE_SAVED', {
        session_id: this.id,
        saved_from: closed.saved_from,
      });
  }

  /**
   * Reopens a sequenced course where the learner suspended it: the runtime opens on the activity the
   * engine's resumeAll delivered, with its saved data, and sequencing runs from the start (as
   * scorm_sn_init would have started it).
   */
  private async openSequencedResume(plan: ResumePlan, options: RuntimeOpenOptions): Promise<CourseRuntime> {
    const id = plan.launch.scoId;
    const saved = plan.engine.runtimeData.get(id) ?? {};
    const file = await this.store.load(this.stateKey);
    this.resumedStateWriter = savedStateWriter(
      [
        file?.sequencing_written_by,
        ...(file?.activities ?? []).filter((a) => a.sco_id === id).map((a) => a.written_by),
      ],
      this.fingerprint,
    );
    this.resume = {
      resume: true,
      path: this.store.pathFor(this.stateKey),
      activity: { sco_id: id, scorm_version: this.version, saved_at: '', data: saved },
      learnerData: learnerDataElements(saved, this.version),
      // The suspended attempt resumed: sequencing counted it when it began.
      attempt: Math.max(1, plan.engine.seq.tracking.activities[id]?.attemptCount ?? 1),
    };
    return this.openOnDelivery(plan, options);
  }

  /**
   * Opens a sequenced course on a fresh start (`run --nav`): the engine's start decides the first SCO
   * before the runtime opens, so that SCO is launched once, as its first attempt. A course that is not
   * sequenced, or whose start delivers nothing, opens as openRuntime does (initSequencing then says why).
   */
  async openSequencedStart(options: RuntimeOpenOptions = {}): Promise<CourseRuntime> {
    this.requireOpen();
    if (this.runtime?.isOpen || !SessionNavigator.applies(this.parsed.manifest))
      return this.openRuntime(options);
    const plan = await planStart(this.navigatorHost());
    if (!plan) return this.openRuntime(options);
    this.resume = await this.store.decide(this.stateKey, {
      scoId: plan.launch.scoId,
      scormVersion: this.version,
      newAttempt: true,
    });
    this.resumedStateWriter = null;
    return this.openOnDelivery(plan, options);
  }

  /** The runtime opened on the activity the plan delivered, and the navigator attached to it. */
  private async openOnDelivery(plan: ResumePlan, options: RuntimeOpenOptions): Promise<CourseRuntime> {
    const seq = plan.engine.seq;
    const runtime = await this.startRuntime(
      resolveLaunch(this.parsed.manifest, plan.launch.scoId),
      { ...plan.launch, oracle: { snapshot: () => seq.validity() } },
      options,
    );
    try {
      this.startNavigator(await SessionNavigator.attach(this.navigatorHost(), plan), true);
    } catch (error) {
      await this.closeRuntime().catch(() => undefined);
      throw error;
    }
    return runtime;
  }

  /** Why navigation does not apply now, or null when the navigator runs. */
  navigationNotApplicable(): NotApplicable | null {
    return sequencingNotApplicable(this.navigator !== null, this.parsed.manifest);
  }

  /**
   * Starts sequencing on the open runtime: the SCO the runtime opened is unloaded (it ran outside
   * sequencing and is not saved), and the engine delivers start, or resumeAll when the saved state was
   * suspended. `fresh` ignores the saved sequencing state (scorm_sn_reset, new_attempt). With no runtime
   * open, the course opens on what sequencing delivers, so its first SCO launches once.
   */
  async initSequencing(fresh = false): Promise<SnInitResult | NotApplicable> {
    if (!this.runtime?.isOpen && SessionNavigator.applies(this.parsed.manifest)) {
      const opened = await this.openThroughSequencing(fresh);
      if (opened) return opened;
    }
    this.requireRuntime();
    const notApplicable = this.navigationNotApplicable();
    if (notApplicable?.not_applicable.code === 'SINGLE_SCO') return notApplicable;
    // Sequencing started by the open (a suspended course reopened) and nothing happened since.
    if (!fresh && this.navigator && this.openedSequencing && this.navigator.log.length === 1)
      return this.openedSequencing;
    this.navigator?.dispose();
    this.navigator = null;
    // Read before the start: the start's own writes make the objectives (and the state) this course's.
    const foreign = await this.readForeignObjectives();
    const before =
      fresh || this.options.newAttempt ? null : await this.store.load(this.stateKey).catch(() => null);
    const started = await SessionNavigator.init(this.navigatorHost(), {
      fresh: fresh || this.options.newAttempt,
    });
    this.startNavigator(started, false);
    const writer =
      started.result.restored && before
        ? { saved_state_writer: savedStateWriter([before.sequencing_written_by], this.fingerprint) }
        : {};
    return { ...started.result, foreign_global_objectives: foreign, ...writer };
  }

  /**
   * Opens the course on sequencing's first delivery. A saved sequencing state opens as scorm_runtime_open
   * does (a suspended course resumes there; otherwise null, and initSequencing restores the state on the
   * opened runtime); without one, the engine's fresh start decides the SCO before anything launches.
   */
  private async openThroughSequencing(fresh: boolean): Promise<SnInitResult | null> {
    const saved =
      fresh || this.options.newAttempt ? null : await this.store.load(this.stateKey).catch(() => null);
    if (saved?.sequencing) {
      await this.openRuntime();
      return null;
    }
    // Read before the start: the start's own writes make the objectives (and the state) this course's.
    const foreign = await this.readForeignObjectives();
    await this.openSequencedStart();
    const started = this.navigator && this.openedSequencing;
    return started ? { ...started, foreign_global_objectives: foreign } : null;
  }

  /** The learner's global objectives this course reads and another course wrote last. */
  async readForeignObjectives(): Promise<ReportedObjective[]> {
    const { manifest } = this.parsed;
    return foreignObjectivesOf(
      manifest,
      this.learners,
      this.options.learnerId,
      this.courseId,
      this.fingerprint,
    );
  }

  private startNavigator(
    { navigator, result }: { navigator: SessionNavigator; result: SnInitResult },
    byOpen: boolean,
  ): void {
    this.navigator = navigator;
    this.openedSequencing = byOpen ? result : null;
    announceSequencing(this.events, navigator, result, byOpen);
  }

  private navigatorHost(): NavigatorHost {
    return {
      manifest: this.parsed.manifest,
      packageRoot: this.packageRoot,
      version: this.version,
      stateKey: this.stateKey,
      ...(this.options.learnerName === undefined ? {} : { learnerName: this.options.learnerName }),
      store: this.store,
      learners: this.learners,
      logger: this.logger,
      requireRuntime: () => this.requireRuntime(),
    };
  }

  /** Refuses work that needs a live course once the session closed (its records stay readable). */
  requireOpen(): void {
    if (this.state === 'closed') {
      fail(
        'SESSION_CLOSED',
        `Session ${this.id} is closed: this needs a live course. What it recorded stays readable (scorm_session_events, scorm_debug_api_calls, scorm_runtime_status, scorm_session_status, console errors, network requests, data-model history, its resources); open the course again with scorm_open_course.`,
        { session_id: this.id, closed_at: this.closedAt },
      );
    }
  }

  /** The runtime open now, or else the last one closed: whose record a read of a closed session shows. */
  get recordedRuntime(): CourseRuntime | null {
    return this.runtime ?? this.closedRuntime;
  }

  private closeSaveHost(): CloseSaveHost {
    return {
      sessionId: this.id,
      version: this.version,
      stateKey: this.stateKey,
      store: this.store,
      resumed: this.resume?.resume === true,
      launchedItemId: this.launch?.item.identifier ?? undefined,
      events: this.events,
      logger: this.logger,
    };
  }

  requireRuntime(): CourseRuntime {
    this.requireOpen();
    if (!this.runtime || !this.runtime.isOpen) {
      if (this.runtime?.isCrashed) {
        fail(
          'BROWSER_CRASHED',
          `The browser running session ${this.id} died (${this.runtime.crashedBecause ?? 'no reason known'}). Call scorm_runtime_close, then scorm_runtime_open to start the course again in a new browser.`,
        );
      }
      fail('RUNTIME_NOT_OPEN', `Session ${this.id} has no open runtime. Call scorm_runtime_open first.`);
    }
    return this.runtime;
  }

  /**
   * Leaves the course as a learner closing the window would (the SCO's unload handlers run), then, if the
   * attempt is still open, sets the exit to "suspend" when the course left it empty and terminates it;
   * the SCO's whole data model is then saved as its activity's state. The exit the course set is read
   * from the engine's data model (cmi.exit / cmi.core.exit are write-only to GetValue).
   *
   * What the course set is never lost to a page that cannot answer: when the engine does not give its
   * data model within the close's budget (a hung unload handler, a starved renderer), or the browser
   * died, the data model is rebuilt from the record Node already holds (launch values plus every recorded
   * change) and saved from there (saved_from "record"). When there was state to save and it could not be
   * saved, save_error says why.
   */
  async closeRuntime(): Promise<RuntimeCloseResult> {
    const result: RuntimeCloseResult = {
      saved_state_path: null,
      saved_from: null,
      terminated_by: 'none',
      exit: null,
      exit_set_by: null,
      save_error: null,
    };
    const runtime = this.runtime;
    if (!runtime) return result;
    try {
      // A runtime closed on purpose (a throwaway run) leaves nothing; one whose browser died still saves.
      if (!runtime.isOpen && !runtime.isCrashed) return result;
      await saveOnClose(this.closeSaveHost(), runtime, this.navigator, result);
    } catch (error) {
      result.save_error = {
        error_code: isScormTesterError(error) ? error.code : 'INTERNAL_ERROR',
        message: (error as Error).message,
      };
      this.logger.warn('RUNTIME_CLOSE_SAVE_FAILED', { session_id: this.id, error });
      this.events.push('error', { during: 'runtime close', message: (error as Error).message });
    } finally {
      this.navigator?.dispose();
      this.navigator = null;
      this.openedSequencing = null;
      await runtime.close().catch(() => undefined);
      this.runtime = null;
      this.closedRuntime = runtime;
      if (this.state === 'running') this.state = 'ready';
      this.events.push('runtime:closed', { runtime_id: runtime.id, terminated_by: result.terminated_by });
    }
    return result;
  }

  async close(): Promise<RuntimeCloseResult & { artifacts_manifest_path: string }> {
    this.state = 'closing';
    const closed = await this.closeRuntime();
    await this.pkg?.cleanup().catch(() => undefined);
    this.pkg = null;
    this.state = 'closed';
    this.closedAt = Date.now();
    this.events.push('session:closed');
    this.observer.closed?.(this);
    return { artifacts_manifest_path: this.artifacts.manifestPath, ...closed };
  }

  private requirePackage(): OpenedPackage {
    if (!this.pkg) fail('SESSION_NOT_FOUND', `Session ${this.id} is closed.`);
    return this.pkg;
  }

  /** Mirrors runtime activity into the session's event log (see mirrorRuntimeEvents). */
  private wireRuntimeEvents(runtime: CourseRuntime): void {
    mirrorRuntimeEvents(runtime, this.events, (entry) => this.observer.console?.(this, entry));
  }
}
