/**
 * A control a learner scrolls to is in sight only when it can be seen: not under a bar the page keeps fixed
 * over its content (a top bar, a sticky header). scrollIntoView stops at the edge of the view, where such a
 * bar is drawn (adapt-2's pop-up close button stayed under its top bar, review N8), so a control whose
 * centre is under one is scrolled to the centre, as a learner would, and judged again.
 */
import type { CourseRuntime } from '../../runtime/course-runtime.js';
import { readElementValue } from '../element-read.js';
import type { ResolvedTarget } from '../target.js';

/** Whether the control's centre is in the view and not under a fixed or sticky bar, after moving it clear. */
export async function scrollClearOfBars(
  runtime: CourseRuntime,
  target: ResolvedTarget,
  timeoutMs: number,
): Promise<boolean> {
  const clear = await readElementValue(
    runtime,
    target,
    (el) => {
      const pinned = (node: Element | null): Element | null => {
        for (let n = node; n; n = n.parentElement) {
          const pos = getComputedStyle(n).position;
          if (pos === 'fixed' || pos === 'sticky') return n;
        }
        return null;
      };
      const seen = (): boolean => {
        const r = el.getBoundingClientRect();
        const view = el.ownerDocument.defaultView;
        const x = r.x + r.width / 2;
        const y = r.y + r.height / 2;
        if (!view || x < 0 || y < 0 || x >= view.innerWidth || y >= view.innerHeight) return false;
        const at = el.ownerDocument.elementFromPoint(x, y);
        if (!at || at === el || el.contains(at)) return true;
        // Only a bar pinned over the page counts here; other covers (a shade over the page, a dialog) are the
        // click's to judge.
        const bar = pinned(at);
        if (bar === null || bar.contains(el) || bar === pinned(el)) return true;
        const b = bar.getBoundingClientRect();
        return b.width * 2 >= view.innerWidth && b.height * 2 >= view.innerHeight;
      };
      if (seen()) return true;
      el.scrollIntoView({ block: 'center', inline: 'center', behavior: 'instant' as ScrollBehavior });
      return seen();
    },
    undefined,
    timeoutMs,
  );
  return clear === true;
}
