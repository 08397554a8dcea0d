/**
 * Where a target element is drawn, scrolled into view first (the element ends of scorm_pointer_drag).
 * The page may remove the element meanwhile (storyline-2 redraws its garments when a layer opens): the
 * target is resolved once more, so a ref follows a control drawn again (refs.ts), and one that is gone
 * answers DOM_STALE_REF (a selector that matches nothing any more, DOM_DETACHED), not Playwright's error.
 */
import { ScormTesterError } from '../../core/errors.js';
import type { CourseRuntime } from '../../runtime/course-runtime.js';
import { resolveTarget, targetStartingSentence, type ResolvedTarget, type TargetSpec } from '../target.js';

export interface DrawnBox {
  target: ResolvedTarget;
  /** null when the element has no box (not drawn). */
  box: { x: number; y: number; width: number; height: number } | null;
}

const DETACHED = /not attached to the DOM|element is detached|Element is not connected/i;

export function isDetachedError(err: unknown): boolean {
  return err instanceof Error && !(err instanceof ScormTesterError) && DETACHED.test(err.message);
}

/** The answer for a target whose element the page removed during an action on it. */
export function removedError(target: ResolvedTarget, action: string): ScormTesterError {
  const again =
    'Take a new snapshot (scorm_dom_find_interactive_elements or scorm_get_page_state) and use its refs.';
  if (target.by === 'ref') {
    return new ScormTesterError(
      'DOM_STALE_REF',
      `Ref ${target.target} no longer points at an element: the page removed it during the ${action}. ${again}`,
      { ref: target.target, frame: target.frame.label },
    );
  }
  return new ScormTesterError(
    'DOM_DETACHED',
    `${targetStartingSentence(target)} was removed from the page during the ${action}. ${again}`,
    { selector: target.target, frame: target.frame.label },
  );
}

/**
 * What a Playwright error on a target means: its element gone (a detached handle, or a locator that waited
 * for a selector which matches nothing now) is the target removed; a wait that ran out on an element still
 * there is DOM_TIMEOUT. Anything else is rethrown.
 */
export async function whyFailed(
  err: unknown,
  target: ResolvedTarget,
  action: string,
  waitMs: number,
): Promise<never> {
  if (!(err instanceof Error) || err instanceof ScormTesterError) throw err;
  if (isDetachedError(err) || (await target.locator.count().catch(() => 0)) === 0) {
    throw removedError(target, action);
  }
  if (err.name === 'TimeoutError') {
    throw new ScormTesterError(
      'DOM_TIMEOUT',
      `${targetStartingSentence(target)} did not hold still within ${waitMs} ms for the ${action} (it keeps moving). ` +
        'Wait for the page to settle (scorm_dom_wait_for), or act at its place in a new screenshot by coordinates.',
      { selector: target.target, frame: target.frame.label, timeout_ms: waitMs },
    );
  }
  throw err;
}

export async function drawnBox(
  runtime: CourseRuntime,
  spec: TargetSpec,
  waitMs: number,
  action: string,
): Promise<DrawnBox> {
  let target = await resolveTarget(runtime, spec, { waitMs });
  for (let attempt = 0; ; attempt++) {
    try {
      await target.locator.scrollIntoViewIfNeeded({ timeout: waitMs });
      return { target, box: await target.locator.boundingBox({ timeout: waitMs }) };
    } catch (err) {
      if (attempt > 0) return whyFailed(err, target, action, waitMs);
      await whyFailed(err, target, action, waitMs).catch((why: unknown) => {
        // A ref's element gone may have been drawn again (refs.ts re-binds it): resolved once more below.
        if (!(why instanceof ScormTesterError) || why.code !== 'DOM_STALE_REF') throw why;
      });
    }
    // Throws DOM_STALE_REF when the ref's element is gone for good.
    target = await resolveTarget(runtime, spec, { waitMs: 0 });
  }
}
