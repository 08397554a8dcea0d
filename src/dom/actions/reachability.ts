/**
 * Whether a learner could act on the target now, judged from one look at it before any input is sent, so
 * that a refused action leaves the page exactly as it was (no focus moved, no event dispatched). A
 * refusal that waiting cannot cure (aria-hidden or inert where nothing is drawn) answers at once; one that
 * may pass (display:none or visibility that the course may lift, an overlay that may go, a control disabled
 * until its media ends) is looked at again until the action's deadline, or until nothing on the page has
 * moved for a second (page-still.ts): then only the learner's own step can lift it, and the answer says so. A cover that belongs to the
 * control (its drawn twin, its own drawing) is no refusal: the action goes through it (hidden-control.ts).
 */
import type { CourseRuntime } from '../../runtime/course-runtime.js';
import { ScormTesterError } from '../../core/errors.js';
import type { ResolvedTarget } from '../target.js';
import { inspect, isCovered, isShadedOver, notActionable } from './diagnose.js';
import { restoreScroll, scrollIntoSight, type SavedScroll } from './scroll-into-sight.js';
import type { ElementInspection } from './inspect-element.js';
import { STILL_MS, watchStillness, type Stillness } from './page-still.js';

const RECHECK_MS = 100;
const RESTORE_MS = 1_000;
/** What hides an element and can change while the learner waits: the course shows it after a step. */
const CURABLE_HIDING = new Set(['display:none', 'visibility:hidden', 'visibility:collapse']);

export type Reach = { ok: true } | { ok: false; error: ScormTesterError; curable: boolean };

export function judgeReach(info: ElementInspection, action: string, target: ResolvedTarget): Reach {
  if (info.hidden || info.disabled) {
    const error = notActionable(info, action, target);
    // A shade over the page goes when its drawer or dialog closes.
    const curable = !info.hidden || isShadedOver(info) || CURABLE_HIDING.has(info.hidden.why);
    if (error) return { ok: false, error, curable };
  }
  // A visually hidden control is covered by what is drawn for it by design: hidden-control.ts decides.
  if (info.visuallyHidden === null && isCovered(info)) {
    const error = notActionable(info, action, target);
    if (error) return { ok: false, error, curable: true };
  }
  return { ok: true };
}

/**
 * The element's inspection once a learner could act on it; throws the refusal at once when waiting
 * cannot cure it, or at `deadline` when it did not pass by then; `gone` is the error for an element that
 * went away meanwhile (removed, or its page navigated). Only reads the page.
 */
export async function awaitReachable(
  runtime: CourseRuntime,
  target: ResolvedTarget,
  first: ElementInspection,
  action: string,
  deadline: number,
  gone: () => Promise<Error>,
): Promise<ElementInspection> {
  let info = first;
  let saved: SavedScroll | null = null;
  // A learner scrolls a control out of sight into view before pointing at it, and only then sees what is
  // drawn over it (the text naming a Rise option, which takes the click): judged where it is drawn
  // (Playwright's own scroll-and-click on such an option below the fold of rise-3's quiz timed out).
  if (outOfSight(info)) {
    saved = (await scrollIntoSight(runtime, target, Math.max(1, deadline - Date.now()))) ?? [];
    const seen = await inspect(runtime, target).catch(() => null);
    if (!seen) throw await gone();
    info = seen;
  }
  let stillness: Stillness | null = null;
  try {
    for (;;) {
      const reach = judgeReach(info, action, target);
      if (reach.ok) return info;
      // A learner scrolls a control into view, or out from under a fixed bar or an edge, before judging it.
      const look = saved === null && worthScrolling(info);
      const still = !look && reach.curable && stillness !== null && (await stillness.still());
      if (!look && (!reach.curable || still || Date.now() >= deadline)) {
        if (saved) await restoreScroll(runtime, target, saved, RESTORE_MS);
        throw still && stillness ? await stillError(reach.error, info, stillness) : reach.error;
      }
      if (look) saved = (await scrollIntoSight(runtime, target, Math.max(1, deadline - Date.now()))) ?? [];
      else {
        stillness ??= await watchStillness(runtime);
        await new Promise((resolve) => setTimeout(resolve, RECHECK_MS));
      }
      // An element that cannot be read any more went away (removed, or its page navigated): `gone` says which.
      const again = await inspect(runtime, target).catch(() => null);
      if (!again) throw await gone();
      info = again;
    }
  } finally {
    stillness?.dispose();
  }
}

/** The refusal, answered before the deadline because the page stood still: what would lift it instead. */
async function stillError(
  error: ScormTesterError,
  info: ElementInspection,
  stillness: Stillness,
): Promise<ScormTesterError> {
  const media = info.disabled !== null && (await stillness.unfinishedMedia());
  return new ScormTesterError(
    error.code,
    `${error.message} Nothing on the page moved for ${STILL_MS / 1000} s (no markup change, no media playing, ` +
      'no animation), so waiting longer is unlikely to lift this' +
      (media
        ? '; the page has media that has not played to its end: play it through first.'
        : ': do what the page asks first, or call again later if the course unlocks it on a timer.'),
    error.details,
  );
}

/**
 * Whether scrolling the control to the centre could change the verdict: it is covered where it stands,
 * or hidden from assistive technology only by aria-hidden and out of view (drawn there, it is reachable).
 */
function worthScrolling(info: ElementInspection): boolean {
  if (info.disabled) return false;
  if (!info.hidden) return isCovered(info);
  return info.hidden.why === 'aria-hidden' && !info.inViewport;
}

/** A control a learner could see once scrolled to: shown, enabled, drawn, but outside the viewport. */
function outOfSight(info: ElementInspection): boolean {
  return (
    !info.inViewport &&
    info.hidden === null &&
    info.disabled === null &&
    info.visuallyHidden === null &&
    info.box.width > 0 &&
    info.box.height > 0
  );
}
