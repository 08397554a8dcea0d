/** Owns every open session: creation, lookup by id (SESSION_NOT_FOUND), idle timeouts, shutdown. */
import { fail } from '../core/errors.js';
import type { Logger } from '../core/logger.js';
import { sessionsRoot } from './data-dir.js';
import { SavedStateStore } from './saved-state.js';
import { Session, type SessionOptions } from './session.js';
import type { SessionObserver } from './session-observer.js';

export const DEFAULT_IDLE_TIMEOUT_MS = 30 * 60 * 1000;

/** Told that a closed session was replaced by a new one on the same course (scorm_reload_course). */
export type ReplacementListener = (previousId: string, next: Session) => void;

export class SessionManager {
  private readonly sessions = new Map<string, Session>();
  private readonly replacementListeners = new Set<ReplacementListener>();
  private readonly timer: NodeJS.Timeout;
  readonly store: SavedStateStore;

  constructor(
    private readonly logger: Logger,
    options: { store?: SavedStateStore; sessionsRoot?: string; observer?: SessionObserver } = {},
  ) {
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

  get(id: string): Session {
    const session = this.sessions.get(id);
    if (!session) {
      fail(
        'SESSION_NOT_FOUND',
        `Unknown session_id "${id}": it was never opened, or it was closed (explicitly or after its idle timeout). Open one with scorm_session_open or scorm_open_course.`,
      );
    }
    session.touch();
    return session;
  }

  async close(id: string): Promise<Awaited<ReturnType<Session['close']>>> {
    const session = this.get(id);
    this.sessions.delete(id);
    const result = await session.close();
    this.logger.info('SESSION_CLOSED', { session_id: id });
    return result;
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
        this.sessions.delete(session.id);
        await session
          .close()
          .catch((error) => this.logger.warn('SESSION_CLOSE_FAILED', { session_id: session.id, error }));
      }
    }
  }
}
