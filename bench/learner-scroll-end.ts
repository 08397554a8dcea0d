/**
 * A page read to its end once is not scrolled again while only that scroll happened on it: a learner who
 * scrolled to the bottom and sees the way on there takes it (rise-3 paid two scrolls per lesson, the second
 * only because the first brought more of the lesson into the listing). Anything else done on the page (a
 * Continue that unfolds the next part, an answer) may make it longer, so the next scroll is made again.
 */
export class EndsReached {
  private page: string | null = null;

  /** The scroll to the end of `page` that ended the last step: whether it said it reached the end. */
  scrolled(page: string, answer: Record<string, unknown> | undefined): void {
    this.page = answer?.at_end === true ? page : null;
  }

  /** At each step: whether the last step only scrolled this page to its end (forgotten afterwards). */
  arrive(page: string): boolean {
    const reached = this.page === page;
    this.page = null;
    return reached;
  }
}
