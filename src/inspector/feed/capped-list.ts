/** The newest `cap` items of an append-only stream, and how many older ones were let go. */
export class CappedList<T> {
  private items: T[] = [];
  private dropped = 0;

  constructor(readonly cap: number) {}

  push(item: T): void {
    this.items.push(item);
    // Trimmed in batches: one copy per `cap` pushes instead of a shift per push.
    if (this.items.length >= this.cap * 2) {
      this.dropped += this.items.length - this.cap;
      this.items = this.items.slice(-this.cap);
    }
  }

  /** Counts items that were never pushed because they were already too old to be shown. */
  skipped(count: number): void {
    this.dropped += Math.max(0, count);
  }

  /** The newest items, at most `cap`, oldest first. */
  newest(): T[] {
    return this.items.length > this.cap ? this.items.slice(-this.cap) : [...this.items];
  }

  /** Items pushed but not in newest(). */
  get omitted(): number {
    return this.dropped + Math.max(0, this.items.length - this.cap);
  }
}
