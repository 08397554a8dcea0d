/**
 * The inspector: a local web UI on the sessions of one process (the CLI's `inspect`, or the MCP server
 * once scorm_interactive_develop asks for it). It serves http://127.0.0.1:PORT/TOKEN/ and nothing
 * else, keeps one feed per session it shows, and re-validates watched workspaces. It never writes to
 * stdout (on the MCP server, stdout is the protocol channel).
 */
import { randomBytes } from 'node:crypto';
import type { Server } from 'node:http';
import { basename } from 'node:path';
import { fail } from '../../core/errors.js';
import type { Logger } from '../../core/logger.js';
import type { ToolRegistry } from '../../app/tool.js';
import type { SessionManager } from '../../session/session-manager.js';
import type { Session } from '../../session/session.js';
import { findingsSummary, validateForInspector, type ValidatedFindings } from '../feed/findings.js';
import { SessionFeed, type FeedSubject } from '../feed/session-feed.js';
import type { SseClient } from '../feed/sse.js';
import { watchWorkspace, type WorkspaceWatch } from '../feed/watch.js';
import { createMirror } from '../mirror/mirror.js';
import {
  SESSION_PARAM,
  type ActionResponse,
  type DevelopmentMode,
  type FindingsView,
  type SessionSummary,
} from '../protocol.js';
import { runAction } from './actions.js';
import { listenOnLoopback } from './http.js';
import { createRouter, type InspectorBackend } from './router.js';
import { newToken } from './security.js';

/** Closed sessions whose final state stays viewable; older ones are let go. */
const KEPT_CLOSED_FEEDS = 20;

export interface InspectorOptions {
  sessions: SessionManager;
  tools: ToolRegistry;
  logger: Logger;
  /** Default 0: a free port. */
  port?: number;
  /** Who opened the sessions found in the manager without being attached: the CLI or an agent. */
  origin: 'cli' | 'mcp';
}

export interface AttachOptions {
  mode: DevelopmentMode;
  findings?: ValidatedFindings;
  /** Why the player is not started (shown in the player panel). */
  disabledReason?: string | null;
}

export class Inspector implements InspectorBackend {
  readonly title = 'SCORM Tester inspector';
  private readonly feeds = new Map<string, SessionFeed>();
  private readonly clients = new Set<SseClient>();
  private readonly watches = new Map<string, WorkspaceWatch>();
  private readonly validations = new Map<string, Promise<FindingsView>>();
  /** Feeds whose package is re-validated on file changes; a replacement of the session keeps it. */
  private readonly autoValidated = new Set<string>();
  private readonly stopFollowing: () => void;
  private closed = false;

  private constructor(
    private readonly options: InspectorOptions,
    private readonly server: Server,
    readonly port: number,
    private readonly token: string,
  ) {
    this.stopFollowing = options.sessions.onReplaced((previousId, next) => this.follow(previousId, next));
  }

  static async start(options: InspectorOptions): Promise<Inspector> {
    const token = newToken();
    let inspector: Inspector | null = null;
    const { server, port } = await listenOnLoopback(options.port ?? 0, (req, res) => {
      if (!inspector) {
        res.writeHead(503);
        res.end();
        return Promise.resolve();
      }
      return handler(req, res);
    });
    inspector = new Inspector(options, server, port, token);
    const handler = createRouter(token, port, inspector, options.logger);
    options.logger.info('INSPECTOR_STARTED', { port });
    return inspector;
  }

  /** The UI's address: the one secret a person needs. */
  get url(): string {
    return `http://127.0.0.1:${this.port}/${this.token}/`;
  }

  sessionUrl(id: string): string {
    return `${this.url}?${SESSION_PARAM}=${encodeURIComponent(id)}`;
  }

  /** Shows a session (opened by whoever): its feed, created once. */
  attach(session: Session, origin: 'cli' | 'mcp', options: AttachOptions): SessionFeed {
    const existing = this.feeds.get(session.id);
    const feed = existing ?? this.createFeed(subjectOf(session, origin, options.mode));
    // A tab may have listed the session (in the default mode) while it was still opening.
    if (existing) existing.setMode(options.mode);
    if (options.findings) feed.setFindings(options.findings);
    if (options.disabledReason !== undefined) feed.setDisabledReason(options.disabledReason);
    return feed;
  }

  /** Shows a package that could not be opened as a session: its findings, and why nothing runs. */
  attachUnopened(
    packagePath: string,
    findings: ValidatedFindings,
    reason: string,
    mode: DevelopmentMode,
  ): SessionFeed {
    const feed = this.createFeed({
      id: `pkg_${randomBytes(9).toString('base64url')}`,
      session: null,
      title: basename(packagePath),
      packagePath,
      packageRoot: packagePath,
      scormVersion: 'unknown',
      origin: 'cli',
      mode,
    });
    feed.setFindings(findings);
    feed.setDisabledReason(reason);
    return feed;
  }

  /**
   * Re-validates the package whenever its files change (debounced), publishing each new findings
   * revision and a session event. Stops when the session closes.
   */
  async autoValidate(feed: SessionFeed): Promise<void> {
    if (this.watches.has(feed.id) || feed.closed) return;
    this.autoValidated.add(feed.id);
    const watcher = await watchWorkspace(feed.subject.packagePath, (changed) => {
      void this.revalidate(feed, changed).catch((error: unknown) =>
        this.options.logger.warn('INSPECTOR_REVALIDATE_FAILED', { session_id: feed.id, error }),
      );
    });
    this.watches.set(feed.id, watcher);
    feed.onClose(() => this.stopWatching(feed.id));
    this.options.logger.info('INSPECTOR_WATCHING', { session_id: feed.id, target: watcher.target });
  }

  isWatching(id: string): boolean {
    return this.watches.has(id);
  }

  /** Validates the feed's package again (one run at a time per feed; a request during a run waits for it). */
  async revalidate(feed: SessionFeed, changed: string[] = []): Promise<FindingsView> {
    const running = this.validations.get(feed.id);
    const next = (running ?? Promise.resolve())
      .catch(() => undefined)
      .then(async () => {
        const view = feed.setFindings(await validateForInspector(feed.subject.packagePath));
        if (!feed.closed) {
          feed.subject.session?.events.push('inspector:validated', {
            source: 'inspector',
            revision: view.revision,
            valid: view.valid,
            score: view.score,
            summary: findingsSummary(view),
            ...(changed.length > 0 ? { changed_files: changed.slice(0, 20) } : {}),
          });
        }
        return view;
      });
    this.validations.set(feed.id, next);
    void next
      .finally(() => {
        if (this.validations.get(feed.id) === next) this.validations.delete(feed.id);
      })
      .catch(() => undefined);
    return next;
  }

  async close(): Promise<void> {
    if (this.closed) return;
    this.closed = true;
    this.stopFollowing();
    for (const client of this.clients) client.close();
    for (const feed of this.feeds.values()) feed.dispose();
    await Promise.all([...this.watches.keys()].map((id) => this.stopWatching(id)));
    this.server.closeAllConnections();
    await new Promise<void>((resolve) => this.server.close(() => resolve()));
    this.options.logger.info('INSPECTOR_CLOSED', { port: this.port });
  }

  // ---- InspectorBackend (the router's view) -------------------------------------------------

  sessions(): SessionSummary[] {
    for (const session of this.options.sessions.list()) this.feed(session.id);
    return [...this.feeds.values()].map((f) => f.summary());
  }

  feed(id: string): SessionFeed | undefined {
    const known = this.feeds.get(id);
    if (known) return known;
    // A session an agent opened with any other tool is shown too.
    const session = this.options.sessions.list().find((s) => s.id === id);
    return session ? this.createFeed(subjectOf(session, this.options.origin, 'debug_api')) : undefined;
  }

  act(feed: SessionFeed, body: unknown): Promise<ActionResponse> {
    return runAction(feed, body, {
      tools: this.options.tools,
      logger: this.options.logger,
      revalidate: (f) => this.revalidate(f),
    });
  }

  contentRoot(feed: SessionFeed): string | null {
    const session = feed.subject.session;
    if (!session || feed.closed) return null;
    try {
      return session.packageRoot;
    } catch {
      return null;
    }
  }

  artifactRoot(feed: SessionFeed, path: string): string | null {
    const session = feed.subject.session;
    if (!session) return null;
    return session.artifacts.all().some((a) => a.path === path) ? session.workspace : null;
  }

  track(client: SseClient): void {
    if (this.closed) return client.close();
    this.clients.add(client);
    client.onClose(() => this.clients.delete(client));
  }

  // ---- internals ---------------------------------------------------------------------------

  private createFeed(subject: FeedSubject): SessionFeed {
    if (this.closed) fail('INSPECTOR_START_FAILED', 'The inspector is shutting down.');
    const feed = new SessionFeed(subject);
    const session = subject.session;
    if (session) {
      feed.setMirror(
        createMirror({
          runtime: () => session.runtime,
          tools: this.options.tools,
          sessionId: session.id,
          contentBase: `/${this.token}/api/sessions/${encodeURIComponent(session.id)}/content/`,
          onFrame: (frame) => feed.pushMirror(frame),
        }),
      );
    }
    this.feeds.set(subject.id, feed);
    feed.onClose(() => this.forgetOldClosedFeeds());
    return feed;
  }

  private forgetOldClosedFeeds(): void {
    const closed = [...this.feeds.values()].filter((f) => f.closed);
    for (const feed of closed.slice(0, Math.max(0, closed.length - KEPT_CLOSED_FEEDS))) {
      feed.dispose();
      this.feeds.delete(feed.id);
      this.autoValidated.delete(feed.id);
    }
  }

  /**
   * A session it shows was replaced (scorm_reload_course): the new one is shown the same way (mode,
   * findings, auto-validation) before the old feed names it, so a tab that follows finds it ready.
   */
  private follow(previousId: string, next: Session): void {
    const previous = this.feeds.get(previousId);
    if (!previous || this.closed) return;
    const feed = this.attach(next, previous.subject.origin, { mode: previous.subject.mode });
    const logFailure = (error: unknown): void =>
      this.options.logger.warn('INSPECTOR_REVALIDATE_FAILED', { session_id: feed.id, error });
    // The files may have changed since the old session's findings: validate the package the new one opened.
    if (previous.findings) void this.revalidate(feed).catch(logFailure);
    if (this.autoValidated.delete(previousId)) void this.autoValidate(feed).catch(logFailure);
    previous.setReplacedBy(next.id);
    this.options.logger.info('INSPECTOR_FOLLOWED', { session_id: previousId, replaced_by: next.id });
  }

  private async stopWatching(id: string): Promise<void> {
    const watcher = this.watches.get(id);
    if (!watcher) return;
    this.watches.delete(id);
    await watcher.close().catch(() => undefined);
  }
}

function subjectOf(session: Session, origin: 'cli' | 'mcp', mode: DevelopmentMode): FeedSubject {
  const manifest = session.parsed.manifest;
  const title =
    manifest.organizations.list[0]?.title ?? manifest.identifier ?? basename(session.options.packagePath);
  let packageRoot = session.options.packagePath;
  try {
    packageRoot = session.packageRoot;
  } catch {
    // Closed: the path as given stays the best description.
  }
  return {
    id: session.id,
    session,
    title,
    packagePath: session.options.packagePath,
    packageRoot,
    scormVersion: manifest.scorm.version ?? 'unknown',
    origin,
    mode,
  };
}
