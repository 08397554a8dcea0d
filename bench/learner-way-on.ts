/**
 * What a learner learns about a course as they go: a control that took them on to a page they had not
 * seen is the course's way on, and when it comes back after an activity they press it again before
 * anything else the page offers. storyline-2 (Hebrew, its menu locked by the author) goes on by an arrow
 * image "nav1.png" from its opening; after the sorting, that arrow is the only way on, while its own menu
 * entry "פתיחה" leads back to the locked opening.
 */
export class LearnedWayOn {
  private readonly seen = new Set<string>();
  private readonly names = new Set<string>();
  private pending: { name: string; from: string } | null = null;

  /** The learner is on `page`: the control clicked last took them on when this page is new. */
  arrive(page: string): void {
    if (this.pending && this.pending.from !== page && !this.seen.has(page)) this.names.add(this.pending.name);
    this.pending = null;
    this.seen.add(page);
  }

  /** The learner clicked a control named `name` to go on from `page`. */
  clicked(name: string | undefined, page: string): void {
    this.pending = name ? { name, from: page } : null;
  }

  /** Whether a control of this name took the learner on to a new page before. */
  knows(name: string | undefined): boolean {
    return !!name && this.names.has(name);
  }
}
