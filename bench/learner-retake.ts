/**
 * Questions answered, remembered with the page they were answered on, so that a test the course takes the
 * learner back into is answered again. lectora-1 sends a learner who failed its final test back to the
 * test's first page: remembered by selector and question text only, every question of the retake was
 * passed over and the test could not be passed.
 */
export class AnsweredQuestions {
  private readonly pageOf = new Map<string, string>();
  /** Pages the learner went on from: coming back to one of them is a new visit. */
  private readonly left = new Set<string>();
  private current: string | null = null;

  /**
   * The learner is on `page` now. Back on a page it went on from (a test started again), the questions
   * answered there are forgotten; staying on a page (its feedback, a pop-up) forgets nothing.
   */
  arrive(page: string): void {
    if (page !== this.current && this.left.has(page)) {
      this.left.delete(page);
      for (const [key, on] of this.pageOf) if (on === page) this.pageOf.delete(key);
    }
    this.current = page;
  }

  /** The learner goes on from the page it is on. */
  leave(): void {
    if (this.current !== null) this.left.add(this.current);
  }

  add(key: string): void {
    this.pageOf.set(key, this.current ?? '');
  }

  has(key: string): boolean {
    return this.pageOf.has(key);
  }

  delete(key: string): boolean {
    return this.pageOf.delete(key);
  }

  clear(): void {
    this.pageOf.clear();
  }

  get size(): number {
    return this.pageOf.size;
  }
}
