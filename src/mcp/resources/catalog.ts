/**
 * The files this server made, as MCP resources: each session's artifacts and artifacts.json, reports
 * written outside a session, and the logs. A URI is readable only when listed here; closed sessions'
 * artifacts stay listed (and readable while their files exist) until the server exits or the session is
 * deleted (closed with forget), so the links a tool returned keep working after the session closes.
 * Tools never build links themselves: while a tool call runs inside `collect`, everything listed during
 * it becomes a resource_link of its result: uri, name and mimeType; resources/list describes it.
 */
import { AsyncLocalStorage } from 'node:async_hooks';
import { realpath, stat } from 'node:fs/promises';
import { basename, isAbsolute, join, relative } from 'node:path';
import { courseText, type CourseTexts } from '../../core/course-text.js';
import { fail } from '../../core/errors.js';
import type { Logger } from '../../core/logger.js';
import { contentTypeFor } from '../../runtime/mime.js';
import type { Artifact } from '../../session/artifacts.js';
import type { SessionObserver } from '../../session/session-observer.js';
import type { Session } from '../../session/session.js';
import type { BrowserConsoleLog } from '../../app/browser-console.js';
import type { ResourceLinkContent } from '../../app/tool.js';
import { readResourceFile, type ResourceContents } from './read.js';
import { memorySource, readPage, splitPageUri } from './page.js';
import { answerUri, artifactUri, LOG_URIS, reportUri, sessionManifestUri } from './uris.js';

/** Resources per resources/list page. */
export const PAGE_SIZE = 100;
/** Coalesce list changes: at most one notifications/resources/list_changed per this many ms. */
export const LIST_CHANGED_DELAY_MS = 100;

interface ListedResource {
  uri: string;
  name: string;
  title: string;
  description?: string;
  mimeType: string;
  size?: number;
  annotations?: { lastModified: string };
  /** The course's own identifier, as course text: never in our title or description. */
  _meta?: { course_text: CourseTexts };
}

type Content = { file: string; root: string } | { bytes: () => Buffer };

/** Whole answers the answer guard cut, kept for resources/read: the newest, within both limits. */
export const MAX_KEPT_ANSWERS = 8;
export const MAX_KEPT_ANSWER_BYTES = 64 * 1024 * 1024;

interface Entry {
  seq: number;
  resource: Omit<ListedResource, 'size'>;
  content: Content;
  sessionId?: string;
}

const ARTIFACT_LABELS: Record<Artifact['type'], string> = {
  screenshot: 'Screenshot',
  report: 'Report',
  trace: 'Trace',
  data_model: 'Data model',
  log: 'Log',
};

export class ResourceCatalog {
  /** Insertion order is listing order: an entry listed again moves to the end (with a new seq). */
  private readonly entries = new Map<string, Entry>();
  private seq = 0;
  private readonly calls = new AsyncLocalStorage<Map<string, ResourceLinkContent>>();
  private readonly listeners = new Set<() => void>();
  private changeTimer: NodeJS.Timeout | null = null;
  private answers = 0;
  private readonly kept: Array<{ uri: string; bytes: number }> = [];

  constructor(
    private readonly logger: Logger,
    browserConsole: BrowserConsoleLog,
  ) {
    this.put({
      uri: LOG_URIS.server,
      name: 'app.ndjson',
      title: 'Server log',
      description: "The server's log, one JSON entry per line (what system_get_logs reads, source server).",
      mimeType: 'application/x-ndjson',
      content: { file: join(logger.dir, 'app.ndjson'), root: logger.dir },
    });
    this.put({
      uri: LOG_URIS.serverErrors,
      name: 'errors.ndjson',
      title: 'Server errors',
      description: "The server log's error entries only.",
      mimeType: 'application/x-ndjson',
      content: { file: join(logger.dir, 'errors.ndjson'), root: logger.dir },
    });
    this.put({
      uri: LOG_URIS.browser,
      name: 'browser-console.ndjson',
      title: "Courses' browser console",
      description:
        'Console messages and uncaught errors of every session, with session_id and source (browser:sco|player|popup), newest 10,000.',
      mimeType: 'application/x-ndjson',
      content: { bytes: renderedOnChange(browserConsole) },
    });
    // What exists from the start is in the client's first resources/list: no change to announce.
    clearTimeout(this.changeTimer ?? undefined);
    this.changeTimer = null;
  }

  /** Hooks for the session managers: sessions' workspaces and artifacts are listed as they appear. */
  readonly observer: SessionObserver = {
    opened: (session) => this.putManifest(session, 'open'),
    artifactAdded: (session, artifact, path) => this.putArtifact(session, artifact, path),
    closed: (session) => this.putManifest(session, 'closed'),
    forgotten: (session) => this.removeSession(session.id),
    discarded: (session) => this.removeSession(session.id),
  };

  /** Lists a report written under the output root (not in a session). */
  async addReport(path: string, root: string): Promise<void> {
    try {
      const realRoot = await realpath(root);
      const rel = relative(realRoot, await realpath(path));
      if (rel === '' || rel.startsWith('..') || isAbsolute(rel)) return;
      const posix = rel.split('\\').join('/');
      this.put({
        uri: reportUri(posix),
        name: posix,
        title: `Report ${basename(path)}`,
        description: 'Written outside a session, under SCORM_TESTER_OUTPUT_DIR.',
        mimeType: contentTypeFor(posix),
        lastModified: Date.now(),
        content: { file: join(realRoot, rel), root: realRoot },
      });
    } catch (error) {
      this.logger.warn('RESOURCE_LIST_FAILED', { path, error });
    }
  }

  /**
   * Runs a tool call; returns what it made as resource_link blocks (each resource once, in the order
   * listed), including what tools it ran itself listed.
   */
  async collect<T>(run: () => Promise<T>): Promise<{ value: T; links: ResourceLinkContent[] }> {
    const made = new Map<string, ResourceLinkContent>();
    const value = await this.calls.run(made, run);
    return { value, links: [...made.values()] };
  }

  /** One page of resources/list, in the order they were listed; `cursor` is the previous page's nextCursor. */
  async list(cursor?: string): Promise<{ resources: ListedResource[]; nextCursor?: string }> {
    const after = cursor === undefined ? 0 : Number(cursor);
    if (!Number.isSafeInteger(after) || after < 0) {
      fail(
        'INVALID_ARGUMENT',
        'Invalid cursor: pass back the nextCursor of the previous resources/list page, or none for the first page.',
      );
    }
    const page: Entry[] = [];
    let more = false;
    for (const entry of this.entries.values()) {
      if (entry.seq <= after) continue;
      if (page.length === PAGE_SIZE) {
        more = true;
        break;
      }
      page.push(entry);
    }
    const resources = await Promise.all(page.map((e) => withSize(e)));
    return { resources, ...(more ? { nextCursor: String(page[page.length - 1]!.seq) } : {}) };
  }

  /**
   * resources/read: only a listed URI, compared as given (no decoding, no normalisation), optionally
   * followed by `?offset=<n>` for a page past the first.
   */
  async read(requested: string): Promise<ResourceContents> {
    const page = splitPageUri(requested);
    const uri = page.uri;
    const entry = this.entries.get(uri);
    if (!entry) {
      const shown = uri.length > 200 ? `${uri.slice(0, 200)}…` : uri;
      fail(
        'RESOURCE_NOT_FOUND',
        `No resource "${shown}": only the URIs resources/list returns can be read (this server's logs, its sessions' artifacts and artifacts.json, and the reports it wrote). Call resources/list, or use the resource_link of a tool result.`,
        { uri: shown },
      );
    }
    const { uri: listed, mimeType } = entry.resource;
    if ('bytes' in entry.content) {
      return readPage(listed, mimeType, true, memorySource(entry.content.bytes()), page.offset);
    }
    return readResourceFile(listed, mimeType, entry.content.file, entry.content.root, page.offset);
  }

  /**
   * Keeps the whole of an answer the answer guard cut, as `scorm-tester://answer/<n>`, and returns its
   * link; null when it is larger than all kept answers may be. The oldest kept answers make room.
   */
  keepAnswer(tool: string, json: string): ResourceLinkContent | null {
    const bytes = Buffer.from(json, 'utf8');
    if (bytes.length > MAX_KEPT_ANSWER_BYTES) return null;
    const uri = answerUri(++this.answers);
    this.kept.push({ uri, bytes: bytes.length });
    this.put({
      uri,
      name: `answer-${this.answers}.json`,
      title: `Whole answer of ${tool}`,
      description: `The answer of ${tool} before it was cut to the answer budget; read it in pages.`,
      mimeType: 'application/json',
      lastModified: Date.now(),
      content: { bytes: () => bytes },
    });
    let total = this.kept.reduce((sum, k) => sum + k.bytes, 0);
    while (this.kept.length > MAX_KEPT_ANSWERS || total > MAX_KEPT_ANSWER_BYTES) {
      const oldest = this.kept.shift()!;
      this.entries.delete(oldest.uri);
      total -= oldest.bytes;
    }
    const listed = this.entries.get(uri)!.resource;
    return { type: 'resource_link', uri, name: listed.name, title: listed.title, mimeType: listed.mimeType };
  }

  /** Called (at most every LIST_CHANGED_DELAY_MS) after resources were listed or removed. */
  onListChanged(listener: () => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  private putManifest(session: Session, state: 'open' | 'closed'): void {
    this.put({
      uri: sessionManifestUri(session.id),
      name: `${session.id}/artifacts.json`,
      title: `Artifacts of session ${session.id}`,
      description: `Every file session ${session.id} (${state}) produced: type, path, time, metadata. The course's identifier is in _meta.course_text.course_id.`,
      mimeType: 'application/json',
      lastModified: Date.now(),
      sessionId: session.id,
      _meta: courseMeta(session),
      content: { file: session.artifacts.manifestPath, root: session.workspace },
    });
  }

  private putArtifact(session: Session, artifact: Artifact, path: string): void {
    const tool = typeof artifact.metadata?.tool === 'string' ? `, by ${artifact.metadata.tool}` : '';
    this.put({
      uri: artifactUri(session.id, artifact.path),
      name: artifact.path,
      title: `${ARTIFACT_LABELS[artifact.type]} ${basename(artifact.path)}`,
      description: `Session ${session.id}${tool}; the course's identifier is in _meta.course_text.course_id.`,
      mimeType: contentTypeFor(artifact.path),
      lastModified: artifact.created_at,
      sessionId: session.id,
      _meta: courseMeta(session, artifact.metadata?.sco_id),
      content: { file: path, root: session.workspace },
    });
    // artifacts.json was rewritten with it.
    this.putManifest(session, session.state === 'closed' ? 'closed' : 'open');
  }

  private removeSession(sessionId: string): void {
    let removed = false;
    for (const [uri, entry] of this.entries) {
      if (entry.sessionId !== sessionId) continue;
      this.entries.delete(uri);
      removed = true;
    }
    if (removed) this.changed();
  }

  private put(
    item: Omit<ListedResource, 'size' | 'annotations'> & {
      content: Content;
      sessionId?: string;
      lastModified?: number;
    },
  ): void {
    const { content, sessionId, lastModified, ...resource } = item;
    const listed: Entry['resource'] = {
      ...resource,
      ...(lastModified !== undefined
        ? { annotations: { lastModified: new Date(lastModified).toISOString() } }
        : {}),
    };
    this.entries.delete(listed.uri);
    this.entries.set(listed.uri, {
      seq: ++this.seq,
      resource: listed,
      content,
      ...(sessionId !== undefined ? { sessionId } : {}),
    });
    // The link only points: its title, description and course text are in resources/list (issue 22).
    this.calls.getStore()?.set(listed.uri, {
      type: 'resource_link',
      uri: listed.uri,
      name: listed.name,
      mimeType: listed.mimeType,
    });
    this.changed();
  }

  private changed(): void {
    if (this.changeTimer) return;
    this.changeTimer = setTimeout(() => {
      this.changeTimer = null;
      for (const listener of this.listeners) listener();
    }, LIST_CHANGED_DELAY_MS);
    this.changeTimer.unref();
  }
}

/** The course's identifier, and the SCO an artifact is about, as course text (never in names or descriptions). */
function courseMeta(session: Session, scoId?: unknown): { course_text: CourseTexts } {
  return {
    course_text: {
      course_id: courseText(session.courseId),
      ...(typeof scoId === 'string' ? { sco_id: courseText(scoId) } : {}),
    },
  };
}

/** The browser console as NDJSON, rendered again only after a message was added (pages read one rendering). */
function renderedOnChange(browserConsole: BrowserConsoleLog): () => Buffer {
  let rendered: { added: number; bytes: Buffer } | null = null;
  return () => {
    if (rendered?.added !== browserConsole.added) {
      const text = browserConsole
        .tail(Number.MAX_SAFE_INTEGER)
        .map((e) => JSON.stringify(e) + '\n')
        .join('');
      rendered = { added: browserConsole.added, bytes: Buffer.from(text, 'utf8') };
    }
    return rendered.bytes;
  };
}

async function withSize(entry: Entry): Promise<ListedResource> {
  if (!('file' in entry.content)) return entry.resource;
  const size = await stat(entry.content.file).then(
    (s) => s.size,
    () => undefined,
  );
  return size === undefined ? entry.resource : { ...entry.resource, size };
}
