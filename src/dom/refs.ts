/**
 * Element refs ("f3e12") come from the DOM tools' own page read (snapshot/page/controls.ts, in an isolated
 * world of each SCO document): a ref stays with its element for the life of its document and resolves to
 * a selector that matches exactly that element now. A ref whose element or document is gone fails fast.
 */
import type { Locator } from 'playwright-core';
import { fail } from '../core/errors.js';
import type { CourseRuntime } from '../runtime/course-runtime.js';
import { scoFrames, type ScoFrame } from './frames.js';
import { ControlWorlds } from './snapshot/control-world.js';
import type * as Controls from './snapshot/page/controls.js';

const REF = /^f\d+e\d+$/;
const RESOLVE_TIMEOUT_MS = 4_000;

export function isRef(value: string): boolean {
  return REF.test(value);
}

export async function resolveRef(
  runtime: CourseRuntime,
  ref: string,
): Promise<{ frame: ScoFrame; locator: Locator; selector: string }> {
  if (!isRef(ref)) {
    fail(
      'INVALID_ARGUMENT',
      `"${ref.slice(0, 40)}" is not an element ref of the SCO: refs look like "f1e7" and come from ` +
        'scorm_dom_find_interactive_elements or scorm_get_page_state.',
    );
  }
  const stale = (): never =>
    fail(
      'DOM_STALE_REF',
      `Ref ${ref} no longer points at an element (the page changed, or the ref is not from this page). ` +
        'Take a new snapshot with scorm_dom_find_interactive_elements or scorm_get_page_state and use its refs.',
      { ref },
    );
  const found = await ControlWorlds.of(runtime).callForRef(
    ref,
    'resolving the ref',
    RESOLVE_TIMEOUT_MS,
    (r: string) =>
      (globalThis as unknown as { scormTesterControls: typeof Controls }).scormTesterControls.selectorFor(r),
    ref,
  );
  if (!found || found.value === null) return stale();
  const frame = (await scoFrames(runtime)).find((f) => f.frame === found.frame);
  if (!frame) return stale();
  const locator = frame.frame.locator(found.value);
  if ((await locator.count().catch(() => 0)) !== 1) stale();
  return { frame, locator, selector: found.value };
}
