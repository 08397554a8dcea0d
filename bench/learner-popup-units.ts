/**
 * Pop-ups the learner opened count in the course's size (learner-budget.ts), as pages do: rise-2's
 * journeyline is one page of 39 pictures, each opening a pop-up of its own, and as one page its budget
 * (86 calls) could not pay for reading them (4 calls each). A pop-up is known by the page and the
 * control whose click brought it up (the click before its close appeared), so a pop-up opened again
 * earns nothing and a loop still ends.
 */
import type { LearnerCall } from './learner-step.js';

export class PopupsSeen {
  private readonly seen = new Set<string>();
  private lastClicked: string | null = null;

  /** The same calls, remembering the control each click reached by ref (the opener of a pop-up that follows). */
  watch(call: LearnerCall): LearnerCall {
    return (tool, args) => {
      if (tool === 'scorm_dom_click' && typeof args.ref === 'string') this.lastClicked = args.ref;
      return call(tool, args);
    };
  }

  /** A pop-up appeared on `page` since the last step: counted once for the control last clicked. */
  opened(page: string): void {
    if (this.lastClicked !== null) this.seen.add(`${page}|${this.lastClicked}`);
  }

  get size(): number {
    return this.seen.size;
  }
}
