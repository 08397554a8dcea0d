/**
 * A learner's pointer at a place on the screen (scorm_pointer_click, scorm_pointer_hover,
 * scorm_pointer_drag): real mouse input at the point a screenshot shows, whatever element is drawn there.
 * Each result says what was under the pointer (read before the input, in the isolated world) and what
 * changed.
 */
import { fail } from '../../core/errors.js';
import type { CourseRuntime } from '../../runtime/course-runtime.js';
import { changesAround, nothingRecorded, type ChangesReport } from '../changes.js';
import { type TargetSpec } from '../target.js';
import { drawnBox } from './drawn-box.js';
import { elementAtPoint, type ElementAtPoint } from './element-at-point.js';
import { grabPoint } from './grab-point.js';
import { DEFAULT_WAIT_MS, type ActionOptions } from './run-action.js';
import { pagePointOf, type ScreenPoint } from './screen-point.js';
import { CLICK_GRACE_MS, watchPage } from './page-settle.js';
import { pageFingerprint, sameFingerprint } from '../page-fingerprint.js';

export interface PointerResult {
  success: true;
  /** The page point (CSS px) the pointer went to. */
  page_point: ScreenPoint;
  /** What was under the pointer before the input; null when no SCO element is there. */
  hit: ElementAtPoint | null;
  changes: ChangesReport;
  /** True when the input caused no API call, data-model change, console error or navigation. */
  nothing_recorded: boolean;
  /** Present (false) only when, besides, the page's markup, form state and scroll position are as before. */
  changed?: false;
}

export interface DragResult extends Omit<PointerResult, 'page_point' | 'hit'> {
  from: { page_point: ScreenPoint; hit: ElementAtPoint | null };
  to: { page_point: ScreenPoint; hit: ElementAtPoint | null };
  steps: number;
}

/**
 * One end of a drag: a screenshot pixel, or an element (scrolled into view first): an item where it is on
 * top (grab-point.ts), a target at its centre.
 */
export type DragEnd = ScreenPoint | TargetSpec;

const DRAG_STEPS = 12;

export async function pointerClick(
  runtime: CourseRuntime,
  at: ScreenPoint,
  options: ActionOptions & { button?: 'left' | 'right' | 'middle'; double?: boolean },
): Promise<PointerResult> {
  const point = pagePointOf(runtime, at);
  const mouse = runtime.actingPage.mouse;
  // The pointer reaches the point before the click, as a learner's does: what the hover alone draws is in
  // the picture taken before the click, so it is not taken for the click's effect (as scorm_dom_click).
  const hovering = await watchPage(runtime);
  await mouse.move(point.x, point.y);
  await hovering.settled();
  return observed(runtime, point, { ...options, graceMs: CLICK_GRACE_MS }, async () => {
    const button = options.button ?? 'left';
    if (options.double) await mouse.dblclick(point.x, point.y, { button });
    else await mouse.click(point.x, point.y, { button });
  });
}

export async function pointerHover(
  runtime: CourseRuntime,
  at: ScreenPoint,
  options: ActionOptions,
): Promise<PointerResult> {
  const point = pagePointOf(runtime, at);
  const mouse = runtime.actingPage.mouse;
  return observed(runtime, point, options, async () => {
    // Entering from a few pixels away: mouseover/mouseenter fire even when the pointer was already near.
    await mouse.move(Math.max(0, point.x - 5), Math.max(0, point.y - 5));
    await mouse.move(point.x, point.y, { steps: 3 });
  });
}

/**
 * Press, move in steps (a first small move passes the drag threshold of pointer-event libraries, the
 * steps give HTML5 drag and drop its dragover events), release at the end.
 */
export async function pointerDrag(
  runtime: CourseRuntime,
  fromEnd: DragEnd,
  toEnd: DragEnd,
  options: ActionOptions,
): Promise<DragResult> {
  const from = await pointOfEnd(runtime, fromEnd, options, 'from');
  const to = await pointOfEnd(runtime, toEnd, options, 'to');
  const fromHit = await elementAtPoint(runtime, from);
  const toHit = await elementAtPoint(runtime, to);
  const mouse = runtime.actingPage.mouse;
  const pageBefore = await pageFingerprint(runtime);
  const { changes } = await changesAround(
    runtime,
    async () => {
      await mouse.move(from.x, from.y);
      await mouse.down();
      await mouse.move(from.x + 3, from.y + 3, { steps: 2 });
      await mouse.move(to.x, to.y, { steps: DRAG_STEPS });
      await mouse.move(to.x, to.y);
      await mouse.up();
    },
    { settleMs: options.settleMs, signal: options.signal },
  );
  return {
    success: true,
    from: { page_point: rounded(from), hit: fromHit },
    to: { page_point: rounded(to), hit: toHit },
    steps: DRAG_STEPS,
    changes,
    nothing_recorded: nothingRecorded(changes),
    ...(await unchangedMark(runtime, pageBefore, changes)),
  };
}

async function observed(
  runtime: CourseRuntime,
  point: ScreenPoint,
  options: ActionOptions & { graceMs?: number },
  act: () => Promise<void>,
): Promise<PointerResult> {
  const hit = await elementAtPoint(runtime, point);
  const pageBefore = await pageFingerprint(runtime);
  const watch = await watchPage(runtime);
  let pageSettledMs = 0;
  const { changes } = await changesAround(
    runtime,
    async () => {
      try {
        await act();
      } catch (err) {
        watch.dispose();
        throw err;
      }
      // What the input started (a slide drawn a moment later) is reported once the page is still.
      pageSettledMs = await watch.settled({ graceMs: options.graceMs });
    },
    { settleMs: options.settleMs, signal: options.signal },
  );
  return {
    success: true,
    page_point: rounded(point),
    hit,
    changes: { ...changes, waited_ms: changes.waited_ms + pageSettledMs },
    nothing_recorded: nothingRecorded(changes),
    ...(await unchangedMark(runtime, pageBefore, changes)),
  };
}

/**
 * `changed: false` when the input left no trace at all: nothing recorded, and the page's markup, form
 * state and scroll position (page-fingerprint.ts) as before; what is drawn only on a canvas is not seen.
 */
async function unchangedMark(
  runtime: CourseRuntime,
  pageBefore: Map<string, string> | null,
  changes: ChangesReport,
): Promise<{ changed?: false }> {
  if (pageBefore === null || !nothingRecorded(changes)) return {};
  return sameFingerprint(pageBefore, await pageFingerprint(runtime)) ? { changed: false } : {};
}

async function pointOfEnd(
  runtime: CourseRuntime,
  end: DragEnd,
  options: ActionOptions,
  what: 'from' | 'to',
): Promise<ScreenPoint> {
  if ('x' in end && typeof end.x === 'number') return pagePointOf(runtime, end as ScreenPoint, what);
  const waitMs = options.waitTimeoutMs ?? DEFAULT_WAIT_MS;
  const { target, box } = await drawnBox(runtime, end as TargetSpec, waitMs, 'drag');
  if (!box) {
    fail(
      'DOM_NOT_ACTIONABLE',
      `The ${what} element is not drawn (it has no box), so it cannot be dragged ${what === 'from' ? 'from' : 'onto'}.`,
    );
  }
  // An item is grabbed where it shows; a target takes the drop anywhere over it.
  return what === 'from'
    ? grabPoint(runtime, target, box)
    : { x: box.x + box.width / 2, y: box.y + box.height / 2 };
}

function rounded(p: ScreenPoint): ScreenPoint {
  return { x: Math.round(p.x * 10) / 10, y: Math.round(p.y * 10) / 10 };
}
