/**
 * The frame every learner action runs in: resolve the target (waiting for it when asked), look at it
 * once, observe, act with a Playwright timeout that keeps the whole action within wait_timeout_ms,
 * turn a failure into a diagnosis, and report what changed.
 */
import type { CourseRuntime } from '../../runtime/course-runtime.js';
import { nothingRecorded, observeChanges, type ChangeObserver, type ChangesReport } from '../changes.js';
import { pageFingerprint, sameFingerprint, type ActedControl } from '../page-fingerprint.js';
import { resolveTarget, type ResolvedTarget, type TargetSpec } from '../target.js';
import { DIAGNOSE_TIMEOUT_MS, diagnoseFailure, inspect } from './diagnose.js';
import type { DescribedElement, ElementInspection } from './inspect-element.js';
import { awaitReachable } from './reachability.js';
import { CLICK_GRACE_MS, watchPage, type PageWatch } from './page-settle.js';

/**
 * How the input reached the control: "pointer" is Playwright's own input on the element (click, check,
 * selectOption, fill); "visible_element_at_position" a real mouse click where a visually hidden control
 * sits (what the learner sees there takes it); "keyboard" focus plus keys.
 */
export type Activation = 'pointer' | 'visible_element_at_position' | 'keyboard';

export interface ActionOptions {
  /** Wait for the selector to match (default true). */
  waitForSelector?: boolean | undefined;
  /** Bound for finding the element and for it becoming actionable (default 5000). */
  waitTimeoutMs?: number | undefined;
  /** Wait for the course's asynchronous reactions: until no API call for this long (default 0). */
  settleMs?: number | undefined;
  /** The client's cancellation: ends the settle wait. */
  signal?: AbortSignal | undefined;
  /** Say plainly when the action changed nothing at all (clicks: the learner would see nothing happen). */
  reportUnchanged?: boolean | undefined;
}

export interface PerformContext {
  runtime: CourseRuntime;
  target: ResolvedTarget;
  info: ElementInspection;
  observer: ChangeObserver;
  /** Playwright timeout for the action itself (what is left of wait_timeout_ms, at least MIN_ACTION_MS). */
  timeoutMs: number;
}

export interface Performed<E> {
  activation: Activation;
  /** For visible_element_at_position: what received the click. */
  activatedElement?: DescribedElement | undefined;
  /** The element as the result shows it (read after the action when it still exists). */
  element: E;
  /** Extra fields for the result (e.g. state_unchanged). */
  extra?: Record<string, unknown> | undefined;
}

export interface ActionResult<E> {
  success: true;
  element: E;
  frame: string;
  target_by: 'selector' | 'ref';
  activation: Activation;
  activated_element?: DescribedElement;
  changes: ChangesReport;
  [extra: string]: unknown;
}

export const DEFAULT_WAIT_MS = 5_000;

/**
 * Waits for a Playwright input action. A time-out after the input was delivered (Playwright then waits for
 * a navigation the input started, which a slow page may not finish in time) counts as done: the learner's
 * click happened, and the report shows the navigation.
 */
export async function delivered(
  action: Promise<unknown>,
  inWindow?: { runtime: CourseRuntime; target: ResolvedTarget },
): Promise<void> {
  try {
    await action;
  } catch (err) {
    const message = err instanceof Error ? err.message : '';
    if (err instanceof Error && err.name === 'TimeoutError' && /\b\w+ action done\b/.test(message)) return;
    // A window the course opened may close itself on the learner's input (a course's Close button): done.
    if (inWindow && closedItsWindow(inWindow.runtime, inWindow.target)) return;
    throw err;
  }
}

/** True when the target was in a window the course opened, and that window has closed. */
function closedItsWindow(runtime: CourseRuntime, target: ResolvedTarget): boolean {
  const page = target.frame.frame.page();
  return page.isClosed() && runtime.isOpen && page !== runtime.playerPage;
}
const MIN_ACTION_MS = 1_000;

export async function runAction<E>(
  runtime: CourseRuntime,
  spec: TargetSpec,
  options: ActionOptions,
  action: string,
  perform: (ctx: PerformContext) => Promise<Performed<E>>,
): Promise<ActionResult<E>> {
  const waitMs = options.waitTimeoutMs ?? DEFAULT_WAIT_MS;
  const deadline = Date.now() + waitMs;
  const target = await resolveTarget(runtime, spec, {
    waitMs: options.waitForSelector === false ? 0 : waitMs,
  });
  const observer = await observeChanges(runtime);
  let done: Performed<E>;
  let pageBefore: Map<string, string> | null = null;
  let windowsBefore = 0;
  let requestedBefore = 0;
  let windowBefore: string | null = null;
  let watch: PageWatch | null = null;
  // The clicked control's own redraw (its focus ring, a drawing made anew) is not what the click changed.
  let acted: ActedControl | undefined;
  try {
    // A slow renderer is not a gone element: the read may use what is left of the caller's wait.
    const first = await inspect(runtime, target, Math.max(DIAGNOSE_TIMEOUT_MS, deadline - Date.now()));
    if (!first)
      throw await diagnoseFailure(
        runtime,
        new Error('element detached'),
        action,
        target,
        observer,
        Math.max(MIN_ACTION_MS, deadline - Date.now()),
      );
    // Judged before any input: a refused action leaves the page as it was.
    const info = await awaitReachable(runtime, target, first, action, deadline, () =>
      diagnoseFailure(runtime, new Error('element detached'), action, target, observer, waitMs),
    );
    const timeoutMs = Math.max(MIN_ACTION_MS, deadline - Date.now());
    if (options.reportUnchanged) await hoverFirst(runtime, target, info, timeoutMs);
    acted = { frame: target.frame.label, selector: target.selector };
    pageBefore = options.reportUnchanged ? await pageFingerprint(runtime, acted) : null;
    windowsBefore = runtime.windowsOpened;
    requestedBefore = runtime.windowsRequested;
    windowBefore = runtime.actingWindow;
    // A click's result shows what the learner sees once it settles; typing and filling answer at once.
    watch = options.reportUnchanged ? await watchPage(runtime) : null;
    try {
      done = await perform({ runtime, target, info, observer, timeoutMs });
    } catch (err) {
      throw await diagnoseFailure(runtime, err, action, target, observer, timeoutMs);
    }
  } catch (err) {
    watch?.dispose();
    observer.dispose();
    throw err;
  }
  // A window the action opened was asked for before the input returned; it reaches the browser context as
  // a page a moment later (later still on a loaded machine). Without one, nothing is waited for.
  const requested = runtime.windowsRequested - requestedBefore;
  if (requested > 0) await runtime.windowsArrived(windowsBefore + requested, WINDOW_ARRIVAL_MS);
  // What the input started (a slide transition drawn a moment later) is reported once the page is still.
  const pageSettledMs = watch ? await watch.settled({ graceMs: CLICK_GRACE_MS }) : 0;
  const read = await observer.read({ settleMs: options.settleMs, signal: options.signal });
  const changes = { ...read, waited_ms: read.waited_ms + pageSettledMs };
  const windowsOpened = runtime.windowsOpened - windowsBefore;
  const window = runtime.actingWindow;
  const windowClosed = windowBefore !== null && window !== windowBefore && windowsOpened === 0;
  const unchanged =
    windowsOpened === 0 &&
    !windowClosed &&
    pageBefore !== null &&
    nothingRecorded(changes) &&
    sameFingerprint(pageBefore, await pageFingerprint(runtime, acted));
  return {
    success: true,
    element: done.element,
    frame: target.frame.label,
    ...(window !== null ? { window } : {}),
    target_by: target.by,
    activation: done.activation,
    ...(done.activatedElement ? { activated_element: done.activatedElement } : {}),
    ...done.extra,
    ...(unchanged ? { changed: false, note: UNCHANGED_NOTE } : {}),
    ...(windowsOpened > 0 ? { windows_opened: windowsOpened, note: windowNote(windowsOpened) } : {}),
    ...(windowClosed ? { note: closedNote(window) } : {}),
    changes,
  };
}

/**
 * The pointer reaches the control before the click, as a learner's does: what the hover alone draws (a
 * player's button redrawn in its hover state) is in the picture taken before the click, so it is not
 * taken for the click's effect (storyline-3's dead CONTINUE was reported as a change).
 */
async function hoverFirst(
  runtime: CourseRuntime,
  target: ResolvedTarget,
  info: ElementInspection,
  timeoutMs: number,
): Promise<void> {
  if (!info.inViewport) return;
  const box = await target.locator.boundingBox({ timeout: timeoutMs }).catch(() => null);
  if (!box) return;
  const watch = await watchPage(runtime);
  await runtime.actingPage.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
  await watch.settled();
}

/** How long a window the course asked for may take to reach the browser context as a page. */
const WINDOW_ARRIVAL_MS = 10_000;

/** A launch page that opens the course in a window of its own (Storyline's launcher.html): the learner goes on there. */
const windowNote = (n: number): string =>
  `The course opened ${n === 1 ? 'a new window' : `${n} new windows`}, as a launch page does to show the course in a ` +
  'window of its own: a learner goes on there, and so do the page tools (find, click, fill, keyboard, pointer, ' +
  'scroll, screenshot) from now on, until that window closes (`window` in their results names it). Its API ' +
  "calls are recorded with the SCO's (scorm_debug_api_calls).";

/** The course's window closed on the action (its Close button): the tools are back where the learner is. */
const closedNote = (now: string | null): string =>
  'The window the course had opened closed: the page tools act ' +
  (now === null
    ? "in the SCO's frame of the LMS window again."
    : `in the window it came from (${now}) again.`);

export const UNCHANGED_NOTE =
  "Nothing changed: no API call, no data-model change, no navigation, no console error, and the page's " +
  'markup, form state and scroll position are as before (a change drawn only on a canvas would not show here). ' +
  'The control may need something first, or may not be the one that acts; look at a screenshot.';
