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
   * answered on the pages it went on from are forgotten; staying on a page (its feedback, a pop-up)
   * forgets nothing.
   */
  arrive(page: string): void {
    if (page !== this.current && this.left.has(page)) {
      // A test drawn at random brings its questions back on other pages (lectora-1's retake): every
      // question answered on a page the learner went on from is forgotten, not only this page's.
      for (const [key, on] of this.pageOf) if (this.left.has(on)) this.pageOf.delete(key);
      this.left.clear();
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
