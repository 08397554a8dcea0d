/**
 * Element refs ("f1e7") come from Playwright's accessibility snapshot of the SCO frames (mode "ai"): a ref
 * stays with its element across snapshots and resolves through the player page. A ref whose element is
 * gone fails fast; one that points outside the SCO is refused.
 */
import type { Frame, Locator } from 'playwright-core';
import { fail } from '../core/errors.js';
import type { CourseRuntime } from '../runtime/course-runtime.js';
import { scoFrames, type ScoFrame } from './frames.js';

const REF = /^f\d+e\d+$/;

export function isRef(value: string): boolean {
  return REF.test(value);
}

export async function resolveRef(
  runtime: CourseRuntime,
  ref: string,
): Promise<{ frame: ScoFrame; locator: Locator }> {
  if (!isRef(ref)) {
    fail(
      'MCP_INVALID_PARAMS',
      `"${ref.slice(0, 40)}" is not an element ref of the SCO: refs look like "f1e7" and come from ` +
        'scorm_dom_find_interactive_elements or scorm_get_page_state.',
    );
  }
  const locator = runtime.playerPage.getByRef(ref);
  const stale = (): never =>
    fail(
      'DOM_STALE_REF',
      `Ref ${ref} no longer points at an element (the page changed, or the ref is not from this page). ` +
        'Take a new snapshot with scorm_dom_find_interactive_elements or scorm_get_page_state and use its refs.',
      { ref },
    );
  const count = await locator.count().catch(() => 0);
  if (count !== 1) stale();
  const owner = await frameOfRef(runtime, ref);
  if (!owner) return stale();
  const frame = (await scoFrames(runtime)).find((f) => f.frame === owner);
  if (!frame) {
    fail(
      'MCP_INVALID_PARAMS',
      `Ref ${ref} is not inside the SCO; DOM tools act on the course's frames only.`,
      {
        ref,
      },
    );
  }
  return { frame, locator };
}

/** The frame holding a ref's element, or null when the ref points at nothing now. */
export async function frameOfRef(runtime: CourseRuntime, ref: string): Promise<Frame | null> {
  const handle = await runtime.playerPage
    .getByRef(ref)
    .elementHandle({ timeout: 1_000 })
    .catch(() => null);
  if (!handle) return null;
  const owner = await handle.ownerFrame().catch(() => null);
  await handle.dispose().catch(() => undefined);
  return owner;
}
