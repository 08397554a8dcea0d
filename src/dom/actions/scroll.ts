/**
 * A learner scrolling (scorm_scroll): the mouse wheel over the container that scrolls (the one under a
 * screenshot point, or else the largest scrolling container of the SCO's frames: courses such as Rise
 * and Adapt scroll inside an element, not the document), by an amount or step by step to the start or
 * end so that content which completes when seen is seen; or an element scrolled into view. Containers are
 * found and measured in the DOM tools' isolated world.
 */
import type { Frame } from 'playwright-core';
import { fail } from '../../core/errors.js';
import { TIMEOUT } from '../../core/within.js';
import type { CourseRuntime } from '../../runtime/course-runtime.js';
import { changesAround, type ChangesReport } from '../changes.js';
import { scoFrames } from '../frames.js';
import { ControlWorlds } from '../snapshot/control-world.js';
import { readElementValue } from '../element-read.js';
import { resolveTarget, type TargetSpec } from '../target.js';
import { nothingRecorded } from '../changes.js';
import { DEFAULT_WAIT_MS, type ActionOptions } from './run-action.js';
import { scrollClearOfBars } from './clear-of-bars.js';
import { pageLengthOf, pagePointOf, type ScreenPoint } from './screen-point.js';
import { whyFailed } from './drawn-box.js';

export interface ScrollPosition {
  top: number;
  left: number;
  max_top: number;
  max_left: number;
}

export interface ScrollContainer {
  frame: string;
  ref: string | null;
  tagName: string;
  id: string;
}

export interface ScrollResult {
  success: true;
  container: ScrollContainer | null;
  before: ScrollPosition | null;
  after: ScrollPosition | null;
  /** Whether the container moved at all. */
  moved: boolean;
  at_start: boolean;
  at_end: boolean;
  wheel_steps: number;
  /** For a target: its ref, frame and whether it is now inside the viewport. */
  element?: { frame: string; in_viewport: boolean };
  changes: ChangesReport;
  nothing_recorded: boolean;
}

export interface ScrollRequest {
  target?: TargetSpec | undefined;
  /** Where the wheel turns (screenshot px); default the largest scrolling container's centre. */
  at?: ScreenPoint | undefined;
  /** Screenshot px; positive scrolls down / right. */
  delta?: { x: number; y: number } | undefined;
  to?: 'start' | 'end' | undefined;
  /** Pause after each wheel step of `to`, for courses that mark what stayed in view (default 150). */
  stepMs?: number | undefined;
}

interface Found {
  ref: string;
  tagName: string;
  id: string;
  /** The visible centre in the frame's viewport. */
  cx: number;
  cy: number;
  area: number;
  /** The visible height, for wheel steps. */
  view_height: number;
  position: ScrollPosition;
}

const READ_MS = 3_000;
const MAX_STEPS = 200;
/** Wheel steps in a row that may move nothing before `to` gives up: a page busy drawing what it just loaded
 * (adapt-2 stopped at 2304 of 6301 px on one such step) moves again a moment later. */
const STALLED_STEPS = 4;
/** How long the end of a page must hold before `to: "end"` trusts it, and how often it may grow after. */
const END_HOLD_MS = 500;
const MAX_END_CHECKS = 5;
const SETTLE_POLL_MS = 50;
const SETTLE_MAX_MS = 1_500;

export async function scrollSco(
  runtime: CourseRuntime,
  request: ScrollRequest,
  options: ActionOptions,
): Promise<ScrollResult> {
  const modes = [request.target, request.delta, request.to].filter((m) => m !== undefined).length;
  if (modes !== 1) {
    fail(
      'INVALID_ARGUMENT',
      'Give exactly one of: a target (selector or ref), delta, or to ("start"/"end").',
    );
  }
  if (request.target) return scrollToTarget(runtime, request.target, options);
  const at = request.at ? pagePointOf(runtime, request.at) : undefined;
  const found = at ? await scrollerAt(runtime, at) : await largestScroller(runtime);
  let steps = 0;
  // Set inside the observed action: declared wide so the compiler does not narrow them to their initial null.
  let before = null as ScrollPosition | null;
  let after = null as ScrollPosition | null;
  const { changes } = await changesAround(
    runtime,
    async () => {
      if (!found) {
        const point = at ?? { x: runtime.viewport.width / 2, y: runtime.viewport.height / 2 };
        await runtime.actingPage.mouse.move(point.x, point.y);
        if (request.delta) {
          await wheel(
            runtime,
            pageLengthOf(runtime, request.delta.x),
            pageLengthOf(runtime, request.delta.y),
          );
          steps = 1;
        }
      } else {
        const { frame, scroller, point } = found;
        before = scroller.position;
        await runtime.actingPage.mouse.move(point.x, point.y);
        after = before;
        if (request.delta) {
          await wheel(
            runtime,
            pageLengthOf(runtime, request.delta.x),
            pageLengthOf(runtime, request.delta.y),
          );
          steps = 1;
          after = await settledPosition(runtime, frame, scroller.ref, before);
        } else {
          const down = request.to === 'end';
          let stalled = 0;
          let endChecks = 0;
          for (; steps < MAX_STEPS;) {
            const last = after ?? before;
            if (down ? last.top >= last.max_top - 1 : last.top <= 0) {
              if (!down || endChecks++ >= MAX_END_CHECKS) break;
              // A page that loads more as it is read grows once its end is seen: the end must hold a moment.
              await new Promise((r) => setTimeout(r, END_HOLD_MS));
              const now = await inWorld<string, ScrollPosition | null>(
                runtime,
                frame,
                positionOf,
                scroller.ref,
              );
              if (now === null || now.max_top <= last.max_top) break;
              after = now;
              continue;
            }
            // A quarter of the view per step: anything up to three quarters of the view tall is wholly seen once.
            const view = Math.max(40, found.viewHeight / 4);
            await wheel(runtime, 0, down ? view : -view);
            steps++;
            const next = await settledPosition(runtime, frame, scroller.ref, last);
            if (next === null) break;
            after = next;
            stalled = next.top === last.top ? stalled + 1 : 0;
            if (stalled >= STALLED_STEPS) {
              break;
            }
            // A step that moved nothing waits longer: the page may be drawing what it just loaded.
            await new Promise((r) => setTimeout(r, (request.stepMs ?? 150) * (stalled > 0 ? 4 : 1)));
          }
        }
      }
    },
    { settleMs: options.settleMs, signal: options.signal },
  );
  const end = after ?? before;
  return {
    success: true,
    container: found
      ? {
          frame: found.label,
          ref: found.scroller.ref,
          tagName: found.scroller.tagName,
          id: found.scroller.id,
        }
      : null,
    before,
    after,
    moved: before !== null && after !== null && (before.top !== after.top || before.left !== after.left),
    at_start: end ? end.top <= 0 : true,
    at_end: end ? end.top >= end.max_top - 1 : true,
    wheel_steps: steps,
    changes,
    nothing_recorded: nothingRecorded(changes),
  };
}

async function scrollToTarget(
  runtime: CourseRuntime,
  spec: TargetSpec,
  options: ActionOptions,
): Promise<ScrollResult> {
  const waitMs = options.waitTimeoutMs ?? DEFAULT_WAIT_MS;
  const target = await resolveTarget(runtime, spec, {
    waitMs: options.waitForSelector === false ? 0 : waitMs,
  });
  const scroller = await readElementValue(runtime, target, nearestScroller, undefined, READ_MS);
  const { value: inViewport, changes } = await changesAround(
    runtime,
    async () => {
      await target.locator
        .scrollIntoViewIfNeeded({ timeout: waitMs })
        .catch((err: unknown) => whyFailed(err, target, 'scroll', waitMs));
      const clear = await scrollClearOfBars(runtime, target, READ_MS);
      const box = await target.locator.boundingBox({ timeout: waitMs });
      const vp = runtime.viewport;
      return (
        clear &&
        box !== null &&
        box.y < vp.height &&
        box.y + box.height > 0 &&
        box.x < vp.width &&
        box.x + box.width > 0
      );
    },
    { settleMs: options.settleMs, signal: options.signal },
  );
  // The container that scrolls the element, before and after (null when only the page itself could).
  const before = scroller?.position ?? null;
  const after = scroller
    ? await inWorld<string, ScrollPosition | null>(runtime, target.frame.frame, positionOf, scroller.ref)
    : null;
  const end = after ?? before;
  return {
    success: true,
    container: scroller
      ? { frame: target.frame.label, ref: scroller.ref, tagName: scroller.tagName, id: scroller.id }
      : null,
    before,
    after,
    moved: before !== null && after !== null && (before.top !== after.top || before.left !== after.left),
    at_start: end ? end.top <= 0 : true,
    at_end: end ? end.top >= end.max_top - 1 : true,
    wheel_steps: 0,
    element: { frame: target.frame.label, in_viewport: inViewport },
    changes,
    nothing_recorded: nothingRecorded(changes),
  };
}

export interface Located {
  frame: Frame;
  label: string;
  scroller: Found;
  /** The page point (CSS px) the wheel turns at. */
  point: ScreenPoint;
  viewHeight: number;
}

async function wheel(runtime: CourseRuntime, dx: number, dy: number): Promise<void> {
  await runtime.actingPage.mouse.wheel(dx, dy);
}

/** The scrolling container with the largest visible area in any SCO frame whose element is on screen. */
export async function largestScroller(runtime: CourseRuntime): Promise<Located | null> {
  let best: Located | null = null;
  for (const { frame, label } of await scoFrames(runtime)) {
    const origin = await originOf(frame);
    if (!origin) continue;
    const found = await inWorld<null, Found | null>(runtime, frame, scrollersIn, null);
    if (!found || (best && best.scroller.area >= found.area)) continue;
    best = {
      frame,
      label,
      scroller: found,
      point: { x: origin.x + found.cx, y: origin.y + found.cy },
      viewHeight: found.view_height,
    };
  }
  return best;
}

/** The nearest scrolling container under the page point, through inner frames. */
async function scrollerAt(runtime: CourseRuntime, point: ScreenPoint): Promise<Located | null> {
  const labels = new Map((await scoFrames(runtime)).map((f) => [f.frame, f.label]));
  let frame: Frame | null = await runtime.actingFrame();
  for (let depth = 0; frame && depth < 8; depth++) {
    const origin = await originOf(frame);
    if (!origin) return null;
    const local = { x: point.x - origin.x, y: point.y - origin.y };
    const found = await inWorld<ScreenPoint, Found | 'frame' | null>(runtime, frame, scrollerAtPoint, local);
    if (found === null) return null;
    if (found !== 'frame')
      return {
        frame,
        label: labels.get(frame) ?? 'sco',
        scroller: found,
        point,
        viewHeight: found.view_height,
      };
    let next: Frame | null = null;
    for (const child of frame.childFrames()) {
      const box = await originOf(child);
      if (
        box &&
        point.x >= box.x &&
        point.y >= box.y &&
        point.x < box.x + box.width &&
        point.y < box.y + box.height
      )
        next = child;
    }
    frame = next;
  }
  return null;
}

async function originOf(
  frame: Frame,
): Promise<{ x: number; y: number; width: number; height: number } | null> {
  // A window's own document (one the course opened) fills its page from the top-left corner.
  if (frame.parentFrame() === null) return WHOLE_WINDOW;
  const element = await frame.frameElement().catch(() => null);
  if (!element) return null;
  try {
    return await element.boundingBox();
  } finally {
    await element.dispose().catch(() => undefined);
  }
}

async function inWorld<A, R>(
  runtime: CourseRuntime,
  frame: Frame,
  fn: (arg: A) => R,
  arg: A,
): Promise<R | null> {
  const out = await ControlWorlds.of(runtime)
    .peek<A, R>(frame, READ_MS, `function (a) { return (${fn.toString()})(a); }`, arg)
    .catch(() => null);
  return out === TIMEOUT ? null : out;
}

/** The container's position, once it has stopped moving (a wheel scroll may be animated). */
async function settledPosition(
  runtime: CourseRuntime,
  frame: Frame,
  ref: string,
  before: ScrollPosition,
): Promise<ScrollPosition | null> {
  const deadline = Date.now() + SETTLE_MAX_MS;
  let last: ScrollPosition | null = before;
  for (;;) {
    await new Promise((r) => setTimeout(r, SETTLE_POLL_MS));
    const now = await inWorld<string, ScrollPosition | null>(runtime, frame, positionOf, ref);
    if (now === null) return last;
    const still = last !== null && now.top === last.top && now.left === last.left && last !== before;
    if (still || Date.now() > deadline) return now;
    last = now;
  }
}

/** Runs in the isolated world: a ref's scroll position. */
function positionOf(ref: string): ScrollPosition | null {
  const controls = (
    globalThis as unknown as { scormTesterControls?: { elementOf(ref: string): Element | null } }
  ).scormTesterControls;
  const el = controls ? controls.elementOf(ref) : null;
  if (!el) return null;
  return {
    top: Math.round(el.scrollTop),
    left: Math.round(el.scrollLeft),
    max_top: Math.max(0, el.scrollHeight - el.clientHeight),
    max_left: Math.max(0, el.scrollWidth - el.clientWidth),
  };
}

/** Runs in the isolated world: the scrolling container with the largest visible area in this document. */
function scrollersIn(): Found | null {
  const controls = (globalThis as unknown as { scormTesterControls?: { refOf(el: Element): string } })
    .scormTesterControls;
  if (!controls) return null;
  const root = document.scrollingElement ?? document.documentElement;
  const vw = window.innerWidth;
  const vh = window.innerHeight;
  let best: Found | null = null;
  const consider = (el: Element, isRoot: boolean): void => {
    if (el.scrollHeight <= el.clientHeight + 1 && el.scrollWidth <= el.clientWidth + 1) return;
    if (!isRoot) {
      const s = getComputedStyle(el);
      if (!/(auto|scroll|overlay)/.test(s.overflowY + s.overflowX) || s.visibility === 'hidden') return;
    }
    const r = isRoot ? { left: 0, top: 0, right: vw, bottom: vh } : el.getBoundingClientRect();
    const w = Math.min(r.right, vw) - Math.max(r.left, 0);
    const h = Math.min(r.bottom, vh) - Math.max(r.top, 0);
    if (w <= 0 || h <= 0) return;
    const area = w * h;
    if (best && best.area >= area) return;
    best = {
      ref: controls.refOf(el),
      tagName: el.localName,
      id: el.id,
      cx: Math.max(r.left, 0) + w / 2,
      cy: Math.max(r.top, 0) + h / 2,
      area,
      view_height: h,
      position: {
        top: Math.round(el.scrollTop),
        left: Math.round(el.scrollLeft),
        max_top: Math.max(0, el.scrollHeight - el.clientHeight),
        max_left: Math.max(0, el.scrollWidth - el.clientWidth),
      },
    };
  };
  consider(root, true);
  const all = document.body ? document.body.querySelectorAll('*') : [];
  for (let i = 0; i < all.length && i < 20_000; i++) consider(all[i] as Element, false);
  return best;
}

/** Runs in the isolated world: the nearest scrolling container of the element at (x, y), or "frame" for an inner frame. */
function scrollerAtPoint(p: { x: number; y: number }): Found | 'frame' | null {
  const controls = (globalThis as unknown as { scormTesterControls?: { refOf(el: Element): string } })
    .scormTesterControls;
  if (!controls) return null;
  const hit = document.elementFromPoint(p.x, p.y);
  if (!hit) return null;
  if (hit.localName === 'iframe' || hit.localName === 'frame') return 'frame';
  const root = document.scrollingElement ?? document.documentElement;
  for (let el: Element | null = hit; el; el = el.parentElement) {
    const isRoot = el === root;
    const s = getComputedStyle(el);
    const scrolls = el.scrollHeight > el.clientHeight + 1 || el.scrollWidth > el.clientWidth + 1;
    if (scrolls && (isRoot || /(auto|scroll|overlay)/.test(s.overflowY + s.overflowX))) {
      const r = el.getBoundingClientRect();
      const h = isRoot ? window.innerHeight : r.height;
      const w = isRoot ? window.innerWidth : r.width;
      return {
        ref: controls.refOf(el),
        tagName: el.localName,
        id: el.id,
        cx: p.x,
        cy: p.y,
        area: w * h,
        view_height: h,
        position: {
          top: Math.round(el.scrollTop),
          left: Math.round(el.scrollLeft),
          max_top: Math.max(0, el.scrollHeight - el.clientHeight),
          max_left: Math.max(0, el.scrollWidth - el.clientWidth),
        },
      };
    }
  }
  return null;
}

const WHOLE_WINDOW = { x: 0, y: 0, width: Number.POSITIVE_INFINITY, height: Number.POSITIVE_INFINITY };

/** Runs in the isolated world: the nearest ancestor of the element that scrolls, with its ref and position. */
function nearestScroller(
  el: Element,
): { ref: string; tagName: string; id: string; position: ScrollPosition } | null {
  const controls = (globalThis as unknown as { scormTesterControls?: { refOf(el: Element): string } })
    .scormTesterControls;
  if (!controls) return null;
  const root = el.ownerDocument.scrollingElement ?? el.ownerDocument.documentElement;
  for (let n: Element | null = el.parentElement; n; n = n.parentElement) {
    const scrolls = n.scrollHeight > n.clientHeight + 1 || n.scrollWidth > n.clientWidth + 1;
    if (!scrolls) continue;
    const s = getComputedStyle(n);
    if (n !== root && !/(auto|scroll|overlay)/.test(s.overflowY + s.overflowX)) continue;
    return {
      ref: controls.refOf(n),
      tagName: n.localName,
      id: n.id,
      position: {
        top: Math.round(n.scrollTop),
        left: Math.round(n.scrollLeft),
        max_top: Math.max(0, n.scrollHeight - n.clientHeight),
        max_left: Math.max(0, n.scrollWidth - n.clientWidth),
      },
    };
  }
  return null;
}
