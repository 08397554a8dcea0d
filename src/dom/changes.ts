/**
 * "What changed" around an action in the SCO: taken before it (positions in the runtime's records, the
 * SCO frames and their URLs, a listener for frame navigations) and read after it, once the page's
 * records are flushed. Cheap on purpose: starting an observer costs no browser round trip.
 */
import type { Frame, Page, Request } from 'playwright-core';
import { sleepUnlessCancelled } from '../core/progress.js';
import type { CourseRuntime } from '../runtime/course-runtime.js';
import type { RecordedValue } from '../runtime/records.js';
import { scoFrames } from './frames.js';

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

export interface ChangesReport {
  api_calls: ApiCallChange[];
  data_model_changes: DataModelChange[];
  console_errors: ConsoleErrorChange[];
  navigation: NavigationChange[];
  frames_added: string[];
  frames_removed: string[];
  /** How long the report waited for the course after the action (settle_ms), in ms. */
  waited_ms: number;
  /** Entries left out past the caps below (a course calling the API in a loop). */
  truncated?: { api_calls?: number; data_model_changes?: number; console_errors?: number };
}

export interface ReadOptions {
  /** Keep waiting until no new API call arrives for this long (bounded by MAX_SETTLE_TOTAL_MS). */
  settleMs?: number | undefined;
  /** Ends the settle wait at once (CANCELLED) when the client cancels the call. */
  signal?: AbortSignal | undefined;
}

const MAX_LISTED = 200;
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

/** Starts observing: call before the action. No browser round trip. */
export async function observeChanges(runtime: CourseRuntime): Promise<ChangeObserver> {
  const page: Page = runtime.playerPage;
  const root = await runtime.scoFrame();
  const callsAt = runtime.calls.length;
  const changesAt = runtime.log.dataChanges.length;
  const consoleAt = runtime.consoleMessages.length;
  const framesBefore = frameTree(root);
  const navigations: Array<{ frame: Frame; url: string }> = [];
  // Navigations an action started but that have not committed yet (a click on a link returns first).
  const pending = new Map<Frame, Request>();
  let committed: (() => void) | null = null;
  const onNavigated = (frame: Frame): void => {
    if (!isInside(frame, root)) return;
    navigations.push({ frame, url: frame.url() });
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

  const navigatedSince = (frame: Frame): boolean => {
    for (let f: Frame | null = frame; f; f = f.parentFrame()) {
      if (f.isDetached()) return true;
      if (navigations.some((n) => n.frame === f)) return true;
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
    return {
      ...recordsSince(runtime, callsAt, changesAt, consoleAt),
      ...(await framesReport(runtime, framesBefore, navigations)),
      waited_ms: Date.now() - started,
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

function recordsSince(
  runtime: CourseRuntime,
  callsAt: number,
  changesAt: number,
  consoleAt: number,
): Pick<ChangesReport, 'api_calls' | 'data_model_changes' | 'console_errors' | 'truncated'> {
  const calls = runtime.calls.slice(callsAt);
  const changes = runtime.log.dataChanges.slice(changesAt);
  const errors = runtime.consoleMessages
    .slice(consoleAt)
    .filter((m) => m.origin !== 'player' && (m.source === 'pageerror' || m.type === 'error'));
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

async function framesReport(
  runtime: CourseRuntime,
  before: ReadonlyMap<Frame, string>,
  navigations: ReadonlyArray<{ frame: Frame; url: string }>,
): Promise<Pick<ChangesReport, 'navigation' | 'frames_added' | 'frames_removed'>> {
  const after = runtime.isOpen ? await scoFrames(runtime).catch(() => []) : [];
  const labelOf = new Map(after.map((f) => [f.frame, f.label]));
  const navigation: NavigationChange[] = [];
  const moved = new Set<Frame>(navigations.map((n) => n.frame));
  for (const [frame, from] of before) {
    const to = frame.isDetached() ? null : frame.url();
    if (to !== null && (to !== from || moved.has(frame))) {
      navigation.push({ frame: labelOf.get(frame) ?? '(removed)', from, to });
    }
  }
  const frames_removed = [...before.keys()]
    .filter((f) => f.isDetached() || !labelOf.has(f))
    .map((f) => f.url() || '(no url)');
  const frames_added = after.filter((f) => !before.has(f.frame)).map((f) => f.label);
  return { navigation, frames_added, frames_removed };
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
