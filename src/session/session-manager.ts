/**
 * Owns every session: creation, lookup by id, idle timeouts, shutdown, and the records of closed
 * sessions (events, API log, anomalies), kept readable until deleted or, past the last N closed, dropped.
 */
import { fail } from '../core/errors.js';
import type { Logger } from '../core/logger.js';
import { sessionsRoot } from './data-dir.js';
import { SavedStateStore } from './saved-state.js';
import { Session, type SessionOptions } from './session.js';
import type { SessionObserver } from './session-observer.js';

export const DEFAULT_IDLE_TIMEOUT_MS = 30 * 60 * 1000;
/** Closed sessions whose records are kept (SCORM_TESTER_KEEP_CLOSED_SESSIONS overrides); the oldest go first. */
export const DEFAULT_KEEP_CLOSED_SESSIONS = 20;
/** Ids of dropped or deleted sessions remembered, to say why they cannot be read any more. */
const MAX_GONE_IDS = 1000;

export type SessionCloseResult = Awaited<ReturnType<Session['close']>>;

/** What closing did with the session's records; `dropped_records`: older closed sessions dropped to make room. */
export interface ClosedRecords {
  records: 'kept' | 'deleted';
  dropped_records?: string[];
}

export interface CloseOptions {
  /** Delete the records (and unlist the resources) instead of keeping them. */
  forget?: boolean;
  /** false: keep nothing and say nothing (a temporary session of one tool call, whose id nobody holds). */
  keepRecords?: boolean;
}

/** A session looked up for reading what it recorded, open or closed. */
export interface RecordedSession {
  session: Session;
  closed: boolean;
}

function keepClosedSessions(): number {
  const value = Number(process.env.SCORM_TESTER_KEEP_CLOSED_SESSIONS);
  return Number.isInteger(value) && value >= 0 ? value : DEFAULT_KEEP_CLOSED_SESSIONS;
}

/** Told that a closed session was replaced by a new one on the same course (scorm_reload_course). */
export type ReplacementListener = (previousId: string, next: Session) => void;

export class SessionManager {
  private readonly sessions = new Map<string, Session>();
  /** Closed sessions in closing order, with what their close returned. */
  private readonly closed = new Map<string, { session: Session; result: SessionCloseResult }>();
  private readonly gone = new Map<string, 'dropped' | 'deleted'>();
  private readonly keepClosed: number;
  private readonly replacementListeners = new Set<ReplacementListener>();
  private readonly timer: NodeJS.Timeout;
  readonly store: SavedStateStore;

  constructor(
    private readonly logger: Logger,
    options: {
      store?: SavedStateStore;
      sessionsRoot?: string;
      observer?: SessionObserver;
      keepClosedSessions?: number;
    } = {},
  ) {
    this.keepClosed = options.keepClosedSessions ?? keepClosedSessions();
    this.store = options.store ?? new SavedStateStore();
    this.root = options.sessionsRoot ?? sessionsRoot();
    this.observer = options.observer ?? {};
    this.timer = setInterval(() => void this.closeIdle(), 5_000);
    this.timer.unref();
  }

  private readonly root: string;
  /** Told about every session this manager opens (pass it on to managers opened for one tool call). */
  readonly observer: SessionObserver;

  /** `store` replaces this manager's learner-state store for this session (a throwaway run's scratch). */
  async open(
    options: Partial<SessionOptions> & { packagePath: string },
    store: SavedStateStore = this.store,
  ): Promise<Session> {
    const session = new Session(
      { allowNetwork: false, idleTimeoutMs: DEFAULT_IDLE_TIMEOUT_MS, newAttempt: false, ...options },
      this.root,
      store,
      this.logger,
      this.observer,
    );
    await session.open();
    this.sessions.set(session.id, session);
    this.logger.info('SESSION_OPENED', {
      session_id: session.id,
      package_path: options.packagePath,
      workspace: session.workspace,
    });
    return session;
  }

  /** The open session `id`; a closed one is refused with SESSION_CLOSED, an unknown one with SESSION_NOT_FOUND. */
  get(id: string): Session {
    const session = this.sessions.get(id);
    if (!session) {
      this.closed.get(id)?.session.requireOpen();
      this.notFound(id);
    }
    session.touch();
    return session;
  }

  /** The session `id`, open or closed, for reading what it recorded. */
  recorded(id: string): RecordedSession {
    const open = this.sessions.get(id);
    if (open) {
      open.touch();
      return { session: open, closed: false };
    }
    const closed = this.closed.get(id);
    if (!closed) this.notFound(id);
    return { session: closed.session, closed: true };
  }

  /**
   * Closes the session (saving learner state) and keeps its records, dropping the oldest closed
   * session's past the limit. Closing a closed session returns its close again, or deletes its records
   * (`forget`).
   */
  async close(id: string, options: CloseOptions = {}): Promise<SessionCloseResult & ClosedRecords> {
    const earlier = this.closed.get(id);
    if (earlier) {
      if (options.forget) this.forget(id, earlier.session);
      return { ...earlier.result, records: options.forget ? 'deleted' : 'kept' };
    }
    const session = this.get(id);
    this.sessions.delete(id);
    const result = await session.close();
    this.logger.info('SESSION_CLOSED', { session_id: id });
    if (options.keepRecords === false) return { ...result, records: 'deleted' };
    if (options.forget) {
      this.forget(id, session);
      return { ...result, records: 'deleted' };
    }
    const dropped = this.keep(session, result);
    return { ...result, records: 'kept', ...(dropped.length > 0 ? { dropped_records: dropped } : {}) };
  }

  /** Keeps a closed session's records; returns the ids of the oldest ones dropped to stay within the limit. */
  private keep(session: Session, result: SessionCloseResult): string[] {
    this.closed.set(session.id, { session, result });
    const dropped: string[] = [];
    for (const oldest of this.closed.keys()) {
      if (this.closed.size <= this.keepClosed) break;
      this.closed.delete(oldest);
      this.remember(oldest, 'dropped');
      dropped.push(oldest);
    }
    if (dropped.length > 0) this.logger.info('SESSION_RECORDS_DROPPED', { session_ids: dropped });
    return dropped;
  }

  private forget(id: string, session: Session): void {
    this.closed.delete(id);
    this.remember(id, 'deleted');
    this.observer.forgotten?.(session);
    this.logger.info('SESSION_RECORDS_DELETED', { session_id: id });
  }

  private remember(id: string, why: 'dropped' | 'deleted'): void {
    this.gone.set(id, why);
    for (const oldest of this.gone.keys()) {
      if (this.gone.size <= MAX_GONE_IDS) break;
      this.gone.delete(oldest);
    }
  }

  private notFound(id: string): never {
    const why = this.gone.get(id);
    fail(
      'SESSION_NOT_FOUND',
      why === 'deleted'
        ? `Session "${id}" was closed and its records deleted (closed with forget). Open the course again with scorm_open_course.`
        : why === 'dropped'
          ? `Session "${id}" was closed and its records dropped: the server keeps those of the last ${this.keepClosed} closed sessions (SCORM_TESTER_KEEP_CLOSED_SESSIONS). Open the course again with scorm_open_course.`
          : `Unknown session_id "${id}": this server never opened it (a temporary session of one tool call ends with the call). Open one with scorm_session_open or scorm_open_course.`,
    );
  }

  /**
   * Closes a session whose open could not complete (e.g. its runtime failed to start) and deletes its
   * workspace: its id was never handed out, so nothing in it can be wanted.
   */
  async discard(id: string): Promise<void> {
    const session = this.sessions.get(id);
    if (!session) return;
    this.sessions.delete(id);
    await session
      .close()
      .catch((error) => this.logger.warn('SESSION_CLOSE_FAILED', { session_id: id, error }));
    await session.removeWorkspace();
    this.logger.info('SESSION_DISCARDED', { session_id: id });
  }

  /**
   * Says that `previousId` (closed by now) was replaced by `next`, so that whoever shows sessions to a
   * person (the inspector) follows it. Listeners are called synchronously; one that throws is logged.
   */
  replaced(previousId: string, next: Session): void {
    this.logger.info('SESSION_REPLACED', { session_id: previousId, replaced_by: next.id });
    for (const listener of this.replacementListeners) {
      try {
        listener(previousId, next);
      } catch (error) {
        this.logger.warn('SESSION_REPLACED_LISTENER_FAILED', { session_id: previousId, error });
      }
    }
  }

  /** Listens for replacements; returns the function that stops listening. */
  onReplaced(listener: ReplacementListener): () => void {
    this.replacementListeners.add(listener);
    return () => this.replacementListeners.delete(listener);
  }

  list(): Session[] {
    return [...this.sessions.values()];
  }

  async closeAll(): Promise<void> {
    clearInterval(this.timer);
    await Promise.all(this.list().map((s) => this.close(s.id).catch(() => undefined)));
  }

  private async closeIdle(): Promise<void> {
    const now = Date.now();
    for (const session of this.list()) {
      if (now - session.lastActivityAt > session.options.idleTimeoutMs) {
        this.logger.info('SESSION_IDLE_TIMEOUT', { session_id: session.id });
        await this.close(session.id).catch((error: unknown) =>
          this.logger.warn('SESSION_CLOSE_FAILED', { session_id: session.id, error }),
        );
      }
    }
  }
}
