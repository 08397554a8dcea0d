/**
 * One session as the inspector shows it. The feed keeps its own copy of what the session recorded (the
 * newest SNAPSHOT_LIMITS of each list, across runtimes, and after the session closed), so a tab opened
 * later catches up from one snapshot. Live changes come from the session's event log and its runtime's
 * events (never by polling the records), are batched per FLUSH_MS tick, and go to every open tab.
 */
import type {
  ApiCallRecord,
  BlockedRequest,
  ConsoleEntry,
  DataChange,
  NetworkEntry,
} from '../../runtime/records.js';
import { packageRelative } from '../../runtime/package-relative-url.js';
import type { CourseRuntime } from '../../runtime/course-runtime.js';
import type { Mirror } from '../mirror/mirror.js';
import type { SessionEvent } from '../../session/event-log.js';
import type { Session } from '../../session/session.js';
import {
  SNAPSHOT_LIMITS,
  type ArtifactView,
  type DevelopmentMode,
  type FeedMessage,
  type FindingsView,
  type MirrorFrame,
  type RuntimeView,
  type SessionSnapshot,
  type SessionSummary,
} from '../protocol.js';
import { CappedList } from './capped-list.js';
import { navigationState, outlineOf, sequencingOf } from './course-views.js';
import type { ValidatedFindings } from './findings.js';

/** How long deltas gather before they are sent: an API call reaches the tabs well within 100 ms. */
export const FLUSH_MS = 20;
/** Elements whose latest value the feed remembers beyond the data-change window. */
const MAX_ELEMENTS = 50_000;
/** Event types the feed leaves out: every API call is one, and the API panel has them already. */
const QUIET_EVENTS = new Set(['debug:api_call']);

/** What the inspector knows about the session besides the session itself. */
export interface FeedSubject {
  id: string;
  /** null: the package could not be opened as a session (its findings say why). */
  session: Session | null;
  title: string;
  packagePath: string;
  packageRoot: string;
  scormVersion: string;
  origin: 'cli' | 'mcp';
  mode: DevelopmentMode;
}

export interface FeedListener {
  send(message: FeedMessage): void;
}

type DirtyPart = 'session' | 'runtime' | 'course' | 'findings' | 'artifacts';

export class SessionFeed {
  private readonly calls = new CappedList<ApiCallRecord>(SNAPSHOT_LIMITS.api_calls);
  private readonly changes = new CappedList<DataChange>(SNAPSHOT_LIMITS.data_changes);
  private readonly latestByElement = new Map<string, DataChange>();
  private readonly console = new CappedList<ConsoleEntry>(SNAPSHOT_LIMITS.console);
  private readonly network = new CappedList<NetworkEntry>(SNAPSHOT_LIMITS.network);
  private readonly blocked = new CappedList<BlockedRequest>(SNAPSHOT_LIMITS.blocked);
  private readonly events = new CappedList<SessionEvent>(SNAPSHOT_LIMITS.events);
  private readonly listeners = new Set<FeedListener>();
  private readonly closeHooks: Array<() => void> = [];
  private pending = emptyPending();
  private readonly dirty = new Set<DirtyPart>();
  private flushTimer: NodeJS.Timeout | null = null;
  private runtime: CourseRuntime | null = null;
  private runtimeOff: Array<() => void> = [];
  private sessionOff: (() => void) | null = null;
  private findingsView: FindingsView | null = null;
  private findingsRevision = 0;
  private artifactCount = 0;
  private lastCourseJson = '';
  private closedState = false;
  private mirrorView: Mirror | null = null;
  private pendingMirror: MirrorFrame | null = null;
  /** The newest frame since the mirror last started (an older one names elements of a world now gone). */
  private latestMirror: MirrorFrame | null = null;
  private replacedBy: string | null = null;
  /** Why the player is not running, when it is not (set by whoever decided not to start it). */
  disabledReason: string | null = null;

  constructor(readonly subject: FeedSubject) {
    const session = subject.session;
    if (!session) return;
    for (const event of session.events.since(0, SNAPSHOT_LIMITS.events).events) this.addEvent(event);
    this.artifactCount = session.artifacts.count;
    if (session.runtime?.isOpen) this.attachRuntime(session.runtime);
    if (session.state === 'closed') this.closedState = true;
    else this.sessionOff = session.events.subscribe((event) => this.onSessionEvent(event));
  }

  get id(): string {
    return this.subject.id;
  }

  get closed(): boolean {
    return this.closedState;
  }

  get findings(): FindingsView | null {
    return this.findingsView;
  }

  /** Adds a tab: it gets the snapshot now, then every delta. Returns the function that removes it. */
  subscribe(listener: FeedListener): () => void {
    // What is pending is already in the snapshot: send it to the others first, so nobody gets it twice.
    this.flush();
    this.listeners.add(listener);
    // The player view is kept up to date only while someone looks.
    if (this.listeners.size === 1 && !this.closedState) this.mirrorView?.start();
    listener.send({ kind: 'snapshot', snapshot: this.snapshot() });
    return () => {
      this.listeners.delete(listener);
      if (this.listeners.size === 0) this.stopMirror();
    };
  }

  /** The live view of the SCO for the player panel (src/inspector/mirror/); its frames go to every tab. */
  setMirror(mirror: Mirror): void {
    this.mirrorView = mirror;
    if (this.listeners.size > 0 && !this.closedState) mirror.start();
  }

  get mirror(): Mirror | null {
    return this.closedState ? null : this.mirrorView;
  }

  /** A new rendering of the SCO: only the newest one pending is sent. */
  pushMirror(frame: MirrorFrame): void {
    this.latestMirror = frame;
    this.pendingMirror = frame;
    this.schedule();
  }

  /** Runs `hook` when the session closes (or at once if it has): watchers stop with it. */
  onClose(hook: () => void): void {
    if (this.closedState) hook();
    else this.closeHooks.push(hook);
  }

  setFindings(findings: ValidatedFindings): FindingsView {
    this.findingsView = { ...findings, revision: ++this.findingsRevision };
    this.markDirty('findings');
    return this.findingsView;
  }

  setDisabledReason(reason: string | null): void {
    this.disabledReason = reason;
    this.markDirty('runtime');
  }

  setMode(mode: DevelopmentMode): void {
    if (this.subject.mode === mode) return;
    this.subject.mode = mode;
    this.markDirty('session');
  }

  /** The session was replaced by `id` (a reload): every tab is told through the session summary. */
  setReplacedBy(id: string): void {
    this.replacedBy = id;
    this.markDirty('session');
  }

  summary(): SessionSummary {
    const s = this.subject;
    return {
      id: s.id,
      title: s.title,
      package_root: s.packageRoot,
      scorm_version: s.scormVersion,
      state: this.closedState ? 'closed' : (s.session?.state ?? 'ready'),
      origin: s.origin,
      development_mode: s.mode,
      ...(this.replacedBy ? { replaced_by: this.replacedBy } : {}),
    };
  }

  snapshot(): SessionSnapshot {
    const nav = navigationState(this.subject.session);
    return {
      session: this.summary(),
      outline: outlineOf(this.subject.session, nav),
      runtime: this.runtimeView(),
      sequencing: sequencingOf(nav),
      findings: this.findingsView,
      api_calls: this.calls.newest(),
      data_changes: this.dataChanges(),
      console: this.console.newest(),
      network: this.network.newest(),
      blocked: this.blocked.newest(),
      artifacts: this.artifacts(),
      events: this.events.newest(),
      mirror: this.latestMirror,
      omitted: {
        api_calls: this.calls.omitted,
        data_changes: this.changes.omitted,
        console: this.console.omitted,
        network: this.network.omitted,
        blocked: this.blocked.omitted,
        events: this.events.omitted,
      },
    };
  }

  /** Stops listening to the session and ends every tab's stream (the inspector is shutting down). */
  dispose(): void {
    this.stopMirror();
    this.detachRuntime();
    this.sessionOff?.();
    this.sessionOff = null;
    this.clearTimers();
    this.listeners.clear();
    for (const hook of this.closeHooks.splice(0)) hook();
  }

  // ---- what the session and its runtime report -------------------------------------------

  private onSessionEvent(event: SessionEvent): void {
    this.addEvent(event);
    const session = this.subject.session;
    switch (event.type) {
      case 'runtime:opened':
        if (session?.runtime) this.attachRuntime(session.runtime);
        this.markDirty('runtime', 'course');
        break;
      case 'runtime:closed':
        this.detachRuntime();
        this.markDirty('runtime', 'course');
        break;
      case 'navigation:completed':
        this.markDirty('runtime', 'course');
        break;
      case 'session:closed':
        this.onSessionClosed();
        break;
      default:
        if (event.type.startsWith('sequencing:')) this.markDirty('course');
    }
    if (session && session.artifacts.count !== this.artifactCount) {
      this.artifactCount = session.artifacts.count;
      this.markDirty('artifacts');
    }
  }

  private addEvent(event: SessionEvent): void {
    if (QUIET_EVENTS.has(event.type)) return;
    this.events.push(event);
    this.pending.events.push(event);
    this.schedule();
  }

  private attachRuntime(runtime: CourseRuntime): void {
    if (this.runtime === runtime) return;
    this.detachRuntime();
    this.runtime = runtime;
    const log = runtime.log;
    // Catch up with what it recorded before we listened; on() then gives the rest, in order.
    this.calls.skipped(log.calls.length - SNAPSHOT_LIMITS.api_calls);
    for (const call of log.calls.slice(-SNAPSHOT_LIMITS.api_calls)) this.addCall(call);
    for (const change of log.dataChanges) this.addChange(change);
    for (const entry of log.consoleMessages) this.addConsole(entry);
    for (const entry of log.networkRequests) this.addRequest(entry);
    for (const entry of log.blockedRequests) this.addBlocked(entry);
    this.runtimeOff = [
      runtime.on('api_call', (call) => this.addCall(call)),
      runtime.on('data_change', (change) => this.addChange(change)),
      runtime.on('console', (entry) => this.addConsole(entry)),
      runtime.on('request', (entry) => this.addRequest(entry)),
      // Sent once more (same id) when its status is in.
      runtime.on('request_settled', (entry) => this.resendRequest(entry)),
      runtime.on('request_blocked', (entry) => this.addBlocked(entry)),
      runtime.on('launch', () => this.markDirty('runtime', 'course')),
      runtime.on('terminate', () => this.markDirty('course')),
      runtime.on('crashed', () => this.markDirty('runtime')),
    ];
  }

  private detachRuntime(): void {
    for (const off of this.runtimeOff.splice(0)) off();
    this.runtime = null;
  }

  private addCall(call: ApiCallRecord): void {
    this.calls.push(call);
    this.pending.calls.push(call);
    this.schedule();
  }

  private addChange(change: DataChange): void {
    this.changes.push(change);
    if (this.latestByElement.size < MAX_ELEMENTS || this.latestByElement.has(change.element)) {
      this.latestByElement.set(change.element, change);
    }
    this.pending.changes.push(change);
    this.schedule();
  }

  private addConsole(entry: ConsoleEntry): void {
    this.console.push(entry);
    this.pending.console.push(entry);
    this.schedule();
  }

  private addRequest(entry: NetworkEntry): void {
    this.network.push(entry);
    this.pending.network.push(entry);
    this.schedule();
  }

  private resendRequest(entry: NetworkEntry): void {
    this.pending.network.push(entry);
    this.schedule();
  }

  private addBlocked(entry: BlockedRequest): void {
    this.blocked.push(entry);
    this.pending.blocked.push(entry);
    this.schedule();
  }

  private onSessionClosed(): void {
    this.stopMirror();
    this.detachRuntime();
    this.sessionOff?.();
    this.sessionOff = null;
    this.closedState = true;
    this.markDirty('session', 'runtime', 'course', 'artifacts');
    this.flush();
    for (const hook of this.closeHooks.splice(0)) hook();
  }

  private stopMirror(): void {
    this.latestMirror = null;
    void this.mirrorView?.stop();
  }

  // ---- sending -----------------------------------------------------------------------------

  private markDirty(...parts: DirtyPart[]): void {
    for (const part of parts) this.dirty.add(part);
    this.schedule();
  }

  private schedule(): void {
    if (this.flushTimer || this.listeners.size === 0) {
      // Nobody listens: nothing to send, the snapshot has it all.
      if (this.listeners.size === 0) this.resetPending();
      return;
    }
    this.flushTimer = setTimeout(() => this.flush(), FLUSH_MS);
  }

  private resetPending(): void {
    this.pending = emptyPending();
    this.pendingMirror = null;
    if (this.dirty.has('course')) this.lastCourseJson = '';
    this.dirty.clear();
  }

  private flush(): void {
    if (this.flushTimer) clearTimeout(this.flushTimer);
    this.flushTimer = null;
    if (this.listeners.size === 0) {
      this.resetPending();
      return;
    }
    const messages = this.pendingMessages();
    for (const listener of this.listeners) {
      for (const message of messages) listener.send(message);
    }
  }

  private pendingMessages(): FeedMessage[] {
    const p = this.pending;
    const dirty = this.dirty;
    this.pending = emptyPending();
    const out: FeedMessage[] = [];
    if (dirty.has('session')) out.push({ kind: 'session', session: this.summary() });
    if (dirty.has('runtime')) out.push({ kind: 'runtime', runtime: this.runtimeView() });
    if (dirty.has('course')) {
      const nav = navigationState(this.subject.session);
      const outline = outlineOf(this.subject.session, nav);
      const sequencing = sequencingOf(nav);
      const json = JSON.stringify([outline, sequencing]);
      if (json !== this.lastCourseJson) {
        this.lastCourseJson = json;
        out.push({ kind: 'outline', outline }, { kind: 'sequencing', sequencing });
      }
    }
    if (dirty.has('findings') && this.findingsView)
      out.push({ kind: 'findings', findings: this.findingsView });
    if (p.calls.length > 0) out.push({ kind: 'api_calls', calls: p.calls });
    if (p.changes.length > 0) out.push({ kind: 'data_changes', changes: p.changes });
    if (p.console.length > 0) out.push({ kind: 'console', entries: p.console });
    if (p.network.length > 0 || p.blocked.length > 0)
      out.push({ kind: 'network', requests: p.network, blocked: p.blocked });
    if (dirty.has('artifacts')) out.push({ kind: 'artifacts', artifacts: this.artifacts() });
    if (p.events.length > 0) out.push({ kind: 'events', events: p.events });
    if (this.pendingMirror) out.push({ kind: 'mirror', mirror: this.pendingMirror });
    this.pendingMirror = null;
    dirty.clear();
    return out;
  }

  private clearTimers(): void {
    if (this.flushTimer) clearTimeout(this.flushTimer);
    this.flushTimer = null;
  }

  // ---- views -------------------------------------------------------------------------------

  private runtimeView(): RuntimeView {
    const runtime = this.closedState ? null : (this.subject.session?.runtime ?? null);
    const open = runtime?.isOpen === true;
    const status = runtime?.status();
    return {
      open,
      disabled_reason: open
        ? null
        : this.closedState
          ? 'The session is closed.'
          : runtime?.isCrashed
            ? 'The browser running the course died: close the runtime and open it again.'
            : this.disabledReason,
      sco_id: status?.scoId ?? null,
      sco_url: runtime && status?.url ? packageRelative(runtime, status.url) : null,
    };
  }

  /** The newest changes, preceded by the latest change of each element that fell out of that window. */
  private dataChanges(): DataChange[] {
    const window = this.changes.newest();
    if (this.changes.omitted === 0) return window;
    const inWindow = new Set(window);
    const older = [...this.latestByElement.values()].filter((c) => !inWindow.has(c));
    older.sort((a, b) => a.timestamp - b.timestamp);
    return [...older, ...window];
  }

  private artifacts(): ArtifactView[] {
    const session = this.subject.session;
    if (!session) return [];
    return session.artifacts.all().map((a) => ({
      name: a.path.slice(a.path.lastIndexOf('/') + 1),
      type: a.type,
      url: `api/sessions/${encodeURIComponent(this.subject.id)}/artifacts/${a.path
        .split('/')
        .map(encodeURIComponent)
        .join('/')}`,
      created_at: a.created_at,
    }));
  }
}

function emptyPending(): {
  calls: ApiCallRecord[];
  changes: DataChange[];
  console: ConsoleEntry[];
  network: NetworkEntry[];
  blocked: BlockedRequest[];
  events: SessionEvent[];
} {
  return { calls: [], changes: [], console: [], network: [], blocked: [], events: [] };
}
