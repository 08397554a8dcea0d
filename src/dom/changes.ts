/**
 * "What changed" around an action in the SCO: taken before it (positions in the runtime's records, the
 * SCO frames and their URLs, a listener for frame navigations) and read after it, once the page's
 * records are flushed. Cheap on purpose: starting an observer costs no browser round trip.
 */
import type { Frame, Page, Request } from 'playwright-core';
import { sleepUnlessCancelled } from '../core/progress.js';
import type { CourseRuntime } from '../runtime/course-runtime.js';
import type { RecordedValue } from '../runtime/records.js';
import { scoFrames, type ScoFrame } from './frames.js';

export interface ApiCallChange {
  index: number;
  method: string;
  args: RecordedValue[];
  result: RecordedValue;
  error_code: string;
}

export interface DataModelChange {
  element: string;
  from: string | null;
  to: string;
}

export interface ConsoleErrorChange {
  text: string;
  source: 'console' | 'pageerror';
  url: string | null;
  line: number | null;
}

export interface NavigationChange {
  /** Label of the frame (as scoFrames gives it) after the action, or "(removed)" when it is gone. */
  frame: string;
  from: string;
  to: string;
}

export interface ChangeLists {
  api_calls: ApiCallChange[];
  data_model_changes: DataModelChange[];
  console_errors: ConsoleErrorChange[];
  navigation: NavigationChange[];
  frames_added: string[];
  frames_removed: string[];
  /** Entries left out past the caps below (a course calling the API in a loop). */
  truncated?: { api_calls?: number; data_model_changes?: number; console_errors?: number };
}

export interface ChangesReport extends ChangeLists {
  /** How long the report waited for the course after the action (settle_ms), in ms. */
  waited_ms: number;
  /**
   * What happened after the previous observed action was reported and before this one began (a reload
   * a click scheduled, a timer's API calls): kept apart so that nothing is lost and nothing is credited
   * to this action. Present only when something happened.
   */
  before_action?: ChangeLists;
}

export interface ReadOptions {
  /** Keep waiting until no new API call arrives for this long (bounded by MAX_SETTLE_TOTAL_MS). */
  settleMs?: number | undefined;
  /** Ends the settle wait at once (CANCELLED) when the client cancels the call. */
  signal?: AbortSignal | undefined;
}

const MAX_LISTED = 200;
/** Navigations the tracker keeps between two reports (a page that reloads in a loop). */
const MAX_TRACKED = 500;
/** How long a navigation the action started may take to commit before the report is read anyway. */
const MAX_COMMIT_WAIT_MS = 3_000;
/** A course that never stops calling the API still gets its report after this long. */
export const MAX_SETTLE_TOTAL_MS = 10_000;

export interface ChangeObserver {
  /** Frames of the SCO (the SCO frame first) and their URLs when the observer was taken. */
  readonly framesBefore: ReadonlyMap<Frame, string>;
  /** Whether `frame` (or the frame holding it) navigated or went away since the observer was taken. */
  navigatedSince(frame: Frame): boolean;
  /** Flushes the page's records (plus settleMs), stops listening, and reports what changed. */
  read(options?: ReadOptions): Promise<ChangesReport>;
  /** Stops listening without reading (when the action failed before anything could change). */
  dispose(): void;
}

/**
 * Observes while `act` runs and reports what changed after it; when `act` throws, the observer stops
 * listening and the error goes on unchanged.
 */
export async function changesAround<T>(
  runtime: CourseRuntime,
  act: () => Promise<T>,
  options: ReadOptions = {},
): Promise<{ value: T; changes: ChangesReport }> {
  const observer = await observeChanges(runtime);
  let value: T;
  try {
    value = await act();
  } catch (err) {
    observer.dispose();
    throw err;
  }
  return { value, changes: await observer.read(options) };
}

/** Starts observing: call before the action. No browser round trip. */
export async function observeChanges(runtime: CourseRuntime): Promise<ChangeObserver> {
  const page: Page = runtime.actingPage;
  const root = await runtime.actingFrame();
  const startedAt = Date.now();
  const tracker = NavigationTracker.of(runtime);
  const since = tracker.mark(positions(runtime));
  const navSeqAt = tracker.seq;
  const framesBefore = frameTree(root);
  // Navigations an action started but that have not committed yet (a click on a link returns first).
  const pending = new Map<Frame, Request>();
  let committed: (() => void) | null = null;
  const onNavigated = (frame: Frame): void => {
    if (!isInside(frame, root)) return;
    pending.delete(frame);
    if (pending.size === 0) committed?.();
  };
  const onRequest = (request: Request): void => {
    if (!request.isNavigationRequest()) return;
    const frame = frameOf(request);
    if (frame && isInside(frame, root)) pending.set(frame, request);
  };
  const onRequestFailed = (request: Request): void => {
    const frame = frameOf(request);
    if (frame && pending.get(frame) === request) pending.delete(frame);
    if (pending.size === 0) committed?.();
  };
  page.on('framenavigated', onNavigated);
  page.on('request', onRequest);
  page.on('requestfailed', onRequestFailed);
  let listening = true;
  const dispose = (): void => {
    if (!listening) return;
    listening = false;
    page.off('framenavigated', onNavigated);
    page.off('request', onRequest);
    page.off('requestfailed', onRequestFailed);
  };
  const navigationsCommitted = async (): Promise<void> => {
    if (pending.size === 0) return;
    await new Promise<void>((resolve) => {
      const timer = setTimeout(resolve, MAX_COMMIT_WAIT_MS);
      committed = () => {
        clearTimeout(timer);
        resolve();
      };
    });
    committed = null;
  };

  /** Navigations committed since the observer began (the tracker's listener runs before ours). */
  const navigations = (): SeenNavigation[] => tracker.between(navSeqAt, tracker.seq, root);
  const navigatedSince = (frame: Frame): boolean => {
    const seen = navigations();
    for (let f: Frame | null = frame; f; f = f.parentFrame()) {
      if (f.isDetached()) return true;
      if (seen.some((n) => n.frame === f && !startedBefore(n, startedAt))) return true;
      const before = framesBefore.get(f);
      if (before !== undefined && before !== f.url()) return true;
      if (f === root) break;
    }
    return frame.isDetached();
  };

  const read = async (options: ReadOptions = {}): Promise<ChangesReport> => {
    const started = Date.now();
    try {
      if (runtime.isOpen) await runtime.settle();
      if (pending.size > 0) {
        await navigationsCommitted();
        if (runtime.isOpen) await runtime.settle();
      }
      const settleMs = options.settleMs ?? 0;
      if (settleMs > 0) {
        // Quiet for settleMs since the last call, or the total bound: asynchronous reactions of the course.
        for (;;) {
          const seen = runtime.calls.length;
          await sleepUnlessCancelled(settleMs, options.signal, 'Waiting for the course to settle');
          if (!runtime.isOpen) break;
          await runtime.settle();
          if (runtime.calls.length === seen || Date.now() - started >= MAX_SETTLE_TOTAL_MS) break;
        }
      }
    } finally {
      dispose();
    }
    const after = runtime.isOpen ? await scoFrames(runtime).catch(() => []) : [];
    const labelOf = new Map(after.map((f) => [f.frame, f.label]));
    // Navigations that committed during the action but were requested before it began are not its own.
    const seen = navigations();
    const inherited = seen.filter((n) => startedBefore(n, startedAt));
    const own = seen.filter((n) => !startedBefore(n, startedAt));
    const records = recordsSince(runtime, since, startedAt);
    const before: ChangeLists = {
      ...records.before,
      ...framesBetween(
        since.frames ?? framesBefore,
        framesBefore,
        [...tracker.between(since.navSeq ?? navSeqAt, navSeqAt, root), ...inherited],
        labelOf,
      ),
    };
    tracker.setMark(positions(runtime), frameTree(root));
    return {
      ...records.during,
      ...framesReport(framesBefore, own, inherited, after, labelOf),
      waited_ms: Date.now() - started,
      ...(isEmpty(before) ? {} : { before_action: before }),
    };
  };

  return { framesBefore, navigatedSince, read, dispose };
}

/** An empty report, for results that must carry one when nothing ran. */
export function noChanges(): ChangesReport {
  return {
    api_calls: [],
    data_model_changes: [],
    console_errors: [],
    navigation: [],
    frames_added: [],
    frames_removed: [],
    waited_ms: 0,
  };
}

interface Positions {
  calls: number;
  changes: number;
  console: number;
}

function positions(runtime: CourseRuntime): Positions {
  return {
    calls: runtime.calls.length,
    changes: runtime.log.dataChanges.length,
    console: runtime.consoleMessages.length,
  };
}

type RecordLists = Pick<ChangeLists, 'api_calls' | 'data_model_changes' | 'console_errors' | 'truncated'>;

/**
 * The records since the previous report (or since this observer began), split by their time: before
 * `startedAt` they belong to before_action (a page flushes its records late), from it on to the action.
 */
function recordsSince(
  runtime: CourseRuntime,
  since: Positions,
  startedAt: number,
): { before: RecordLists; during: RecordLists } {
  const calls = runtime.calls.slice(since.calls);
  const changes = runtime.log.dataChanges.slice(since.changes);
  const errors = runtime.consoleMessages
    .slice(since.console)
    .filter((m) => m.origin !== 'player' && (m.source === 'pageerror' || m.type === 'error'));
  const early = (r: { timestamp: number }): boolean => r.timestamp < startedAt;
  const lists = (which: (r: { timestamp: number }) => boolean): RecordLists =>
    recordLists(calls.filter(which), changes.filter(which), errors.filter(which));
  return { before: lists(early), during: lists((r) => !early(r)) };
}

function recordLists(
  calls: CourseRuntime['calls'][number][],
  changes: CourseRuntime['log']['dataChanges'][number][],
  errors: CourseRuntime['consoleMessages'][number][],
): RecordLists {
  const truncated: NonNullable<ChangesReport['truncated']> = {};
  if (calls.length > MAX_LISTED) truncated.api_calls = calls.length - MAX_LISTED;
  if (changes.length > MAX_LISTED) truncated.data_model_changes = changes.length - MAX_LISTED;
  if (errors.length > MAX_LISTED) truncated.console_errors = errors.length - MAX_LISTED;
  return {
    api_calls: calls.slice(0, MAX_LISTED).map((c) => ({
      index: c.index,
      method: c.method,
      args: c.args,
      result: c.result,
      error_code: c.errorCode,
    })),
    data_model_changes: changes
      .slice(0, MAX_LISTED)
      .map((c) => ({ element: c.element, from: c.previousValue, to: c.newValue })),
    console_errors: errors
      .slice(0, MAX_LISTED)
      .map((m) => ({ text: m.text.slice(0, 500), source: m.source, url: m.url, line: m.line })),
    ...(Object.keys(truncated).length > 0 ? { truncated } : {}),
  };
}

/** A frame navigation seen by an observer or the tracker: where the frame went, and when it was requested. */
interface SeenNavigation {
  frame: Frame;
  url: string;
  /** When the navigation's request was seen (Node time), or null when none was (same-document, about:). */
  requestedAt: number | null;
  /** The frame's URL before it (known to the tracker). */
  from?: string;
}

function startedBefore(n: SeenNavigation, startedAt: number): boolean {
  return n.requestedAt !== null && n.requestedAt < startedAt;
}

/** The action's navigations: its own, and URL changes no navigation event explains. */
function framesReport(
  before: ReadonlyMap<Frame, string>,
  own: readonly SeenNavigation[],
  inherited: readonly SeenNavigation[],
  after: readonly ScoFrame[],
  labelOf: ReadonlyMap<Frame, string>,
): Pick<ChangeLists, 'navigation' | 'frames_added' | 'frames_removed'> {
  const navigation: NavigationChange[] = [];
  for (const [frame, atStart] of before) {
    const to = frame.isDetached() ? null : frame.url();
    // A navigation requested before the action that committed during it moves the action's starting point.
    const from = inherited.filter((n) => n.frame === frame).at(-1)?.url ?? atStart;
    if (to !== null && (to !== from || own.some((n) => n.frame === frame))) {
      navigation.push({ frame: labelOf.get(frame) ?? '(removed)', from, to });
    }
  }
  const frames_removed = [...before.keys()]
    .filter((f) => f.isDetached() || !labelOf.has(f))
    .map((f) => f.url() || '(no url)');
  const frames_added = after.filter((f) => !before.has(f.frame)).map((f) => f.label);
  return { navigation, frames_added, frames_removed };
}

/** Between two frame trees: the navigations seen (first from, last to, per frame) and frames come and gone. */
function framesBetween(
  then: ReadonlyMap<Frame, string>,
  now: ReadonlyMap<Frame, string>,
  seen: readonly SeenNavigation[],
  labelOf: ReadonlyMap<Frame, string>,
): Pick<ChangeLists, 'navigation' | 'frames_added' | 'frames_removed'> {
  const perFrame = new Map<Frame, { from: string; to: string }>();
  for (const n of seen) {
    const known = perFrame.get(n.frame);
    if (known) known.to = n.url;
    else perFrame.set(n.frame, { from: n.from ?? then.get(n.frame) ?? 'about:blank', to: n.url });
  }
  const navigation: NavigationChange[] = [...perFrame].map(([frame, { from, to }]) => ({
    frame: labelOf.get(frame) ?? '(removed)',
    from,
    to,
  }));
  const frames_removed = [...then.keys()].filter((f) => !now.has(f)).map((f) => then.get(f) || '(no url)');
  const frames_added = [...now.keys()]
    .filter((f) => !then.has(f))
    .map((f) => labelOf.get(f) ?? (now.get(f) || '(no url)'));
  return { navigation, frames_added, frames_removed };
}

function isEmpty(lists: ChangeLists): boolean {
  return (
    lists.api_calls.length === 0 &&
    lists.data_model_changes.length === 0 &&
    lists.console_errors.length === 0 &&
    lists.navigation.length === 0 &&
    lists.frames_added.length === 0 &&
    lists.frames_removed.length === 0
  );
}

/**
 * Per runtime, for as long as its player page lives: every frame navigation and navigation request,
 * so that what happens between two observed actions is not lost, and where the previous report ended.
 */
class NavigationTracker {
  private static readonly perRuntime = new WeakMap<CourseRuntime, NavigationTracker>();
  /** Sequence number of the next navigation seen. */
  seq = 0;
  private readonly log: Array<SeenNavigation & { seq: number }> = [];
  private readonly lastUrl = new WeakMap<Frame, string>();
  private readonly lastRequest = new WeakMap<Frame, number>();
  private last: { positions: Positions; frames: Map<Frame, string>; navSeq: number } | null = null;

  private constructor(private readonly page: Page) {
    for (const frame of page.frames()) this.lastUrl.set(frame, frame.url());
    page.on('request', (request) => {
      if (!request.isNavigationRequest()) return;
      const frame = frameOf(request);
      if (frame) this.lastRequest.set(frame, Date.now());
    });
    page.on('framenavigated', (frame) => {
      const url = frame.url();
      this.log.push({
        frame,
        url,
        from: this.lastUrl.get(frame) ?? 'about:blank',
        requestedAt: this.lastRequest.get(frame) ?? null,
        seq: this.seq++,
      });
      this.lastUrl.set(frame, url);
      this.lastRequest.delete(frame);
      if (this.log.length > MAX_TRACKED) this.log.splice(0, this.log.length - MAX_TRACKED);
    });
  }

  static of(runtime: CourseRuntime): NavigationTracker {
    let tracker = NavigationTracker.perRuntime.get(runtime);
    if (!tracker || tracker.page !== runtime.actingPage) {
      tracker = new NavigationTracker(runtime.actingPage);
      NavigationTracker.perRuntime.set(runtime, tracker);
    }
    return tracker;
  }

  /** Where the previous report ended (or `now` when there was none, or the records were reset). */
  mark(now: Positions): Positions & { frames?: Map<Frame, string>; navSeq?: number } {
    const last = this.last;
    if (
      !last ||
      last.positions.calls > now.calls ||
      last.positions.changes > now.changes ||
      last.positions.console > now.console
    )
      return now;
    return { ...last.positions, frames: last.frames, navSeq: last.navSeq };
  }

  setMark(positions: Positions, frames: Map<Frame, string>): void {
    this.last = { positions, frames, navSeq: this.seq };
  }

  /** Navigations inside `root` seen from sequence number `from` up to (not including) `to`. */
  between(from: number, to: number, root: Frame): SeenNavigation[] {
    return this.log.filter((n) => n.seq >= from && n.seq < to && isInside(n.frame, root));
  }
}

/** The frame and its descendants with their current URLs (Playwright tracks both: no round trip). */
function frameTree(root: Frame): Map<Frame, string> {
  const out = new Map<Frame, string>();
  const visit = (frame: Frame): void => {
    if (frame.isDetached()) return;
    out.set(frame, frame.url());
    for (const child of frame.childFrames()) visit(child);
  };
  visit(root);
  return out;
}

function frameOf(request: Request): Frame | null {
  try {
    return request.frame();
  } catch {
    return null; // service worker requests have no frame
  }
}

function isInside(frame: Frame, root: Frame): boolean {
  for (let f: Frame | null = frame; f; f = f.parentFrame()) if (f === root) return true;
  return false;
}

/** Whether the report holds nothing: no call, data-model change, console error, navigation or frame. */
export function nothingRecorded(c: ChangesReport): boolean {
  return (
    c.api_calls.length === 0 &&
    c.data_model_changes.length === 0 &&
    c.console_errors.length === 0 &&
    c.navigation.length === 0 &&
    c.frames_added.length === 0 &&
    c.frames_removed.length === 0
  );
}
