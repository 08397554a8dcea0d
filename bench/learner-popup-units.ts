/**
 * Pop-ups the learner opened count in the course's size (learner-budget.ts), as pages do: rise-2's
 * journeyline is one page of 39 pictures, each opening a pop-up of its own, and as one page its budget
 * (86 calls) could not pay for reading them (4 calls each). A pop-up is known by the page and the
 * control whose click brought it up (the click before its close appeared), so a pop-up opened again
 * earns nothing and a loop still ends. Nor is a journey stuck while it opens new pop-ups (mark): page state
 * tells rise-2's pop-ups, pictures without text, apart by nothing.
 */
import type { LearnerCall } from './learner-step.js';

export class PopupsSeen {
  private readonly seen = new Set<string>();
  private clicked: string | null = null;

  /** The ref of the control the last click reached. */
  get lastClicked(): string | null {
    return this.clicked;
  }

  /** The same calls, remembering the control each click reached by ref (the opener of a pop-up that follows). */
  watch(call: LearnerCall): LearnerCall {
    return (tool, args) => {
      if (tool === 'scorm_dom_click' && typeof args.ref === 'string') this.clicked = args.ref;
      return call(tool, args);
    };
  }

  /** A pop-up appeared on `page` since the last step: counted once for the control last clicked. */
  opened(page: string): void {
    if (this.clicked !== null) this.seen.add(`${page}|${this.clicked}`);
  }

  /** The page's fingerprint with the pop-ups counted so far: it changes while new pop-ups are opened. */
  mark(fingerprint: string): string {
    return this.seen.size ? `${fingerprint}|${this.seen.size} pop-ups` : fingerprint;
  }

  get size(): number {
    return this.seen.size;
  }
}
