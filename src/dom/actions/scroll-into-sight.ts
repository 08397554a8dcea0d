/**
 * A control is judged where a learner would look at it: scrolled to the centre of what scrolls it. When
 * the action is then refused, every container the scroll moved is put back, so that a refused call
 * leaves the page as it was.
 */
import { readElementValue } from '../element-read.js';
import type { ResolvedTarget } from '../target.js';
import type { CourseRuntime } from '../../runtime/course-runtime.js';

/** Scroll positions of the element's ancestors (by distance from it) before the scroll. */
export type SavedScroll = Array<[number, number, number]>;

/** Scrolls the element to the centre; the positions to restore, or null when it could not be read. */
export function scrollIntoSight(
  runtime: CourseRuntime,
  target: ResolvedTarget,
  timeoutMs: number,
): Promise<SavedScroll | null> {
  return readElementValue(
    runtime,
    target,
    (el) => {
      const saved: Array<[number, number, number]> = [];
      let i = 0;
      for (let n: Element | null = el.parentElement; n; n = n.parentElement, i++) {
        saved.push([i, n.scrollTop, n.scrollLeft]);
      }
      // Instant: a page's smooth scrolling would leave the control still on its way when it is read again.
      el.scrollIntoView({ block: 'center', inline: 'center', behavior: 'instant' as ScrollBehavior });
      return saved;
    },
    undefined,
    timeoutMs,
  );
}

/** Puts the containers back where scrollIntoSight found them (best effort: the page may have moved on). */
export async function restoreScroll(
  runtime: CourseRuntime,
  target: ResolvedTarget,
  saved: SavedScroll,
  timeoutMs: number,
): Promise<void> {
  await readElementValue(
    runtime,
    target,
    (el, positions) => {
      const chain: Element[] = [];
      for (let n: Element | null = el.parentElement; n; n = n.parentElement) chain.push(n);
      for (const [i, top, left] of positions) {
        const n = chain[i];
        if (n && (n.scrollTop !== top || n.scrollLeft !== left)) {
          n.scrollTo({ top, left, behavior: 'instant' as ScrollBehavior });
        }
      }
      return true;
    },
    saved,
    timeoutMs,
  ).catch(() => undefined);
}
