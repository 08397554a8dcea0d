/**
 * Drops that take the learner elsewhere. storyline-2's "prepare the laundry" slide sends the learner to a
 * garment's own slide as soon as that garment is dropped in the basket, and brings them back with the
 * other garments still to drop; the items it listed before the first drop are gone from the page (the next
 * drag by their refs failed `DOM_STALE_REF`, five wasted calls, and the question counted as answered, so
 * that back on the slide the learner wandered off instead of dropping the next garment). A learner drops
 * one item, sees the page change, and on coming back drops the ones not yet dropped.
 */

/** The items of each drag-and-drop question dropped so far, by name (refs change with every listing). */
export class DroppedItems {
  private readonly byQuestion = new Map<string, Set<string>>();

  dropped(question: string, name: string | undefined): void {
    if (!name) return;
    let names = this.byQuestion.get(question);
    if (!names) this.byQuestion.set(question, (names = new Set()));
    names.add(name);
  }

  /** The items of `question` not dropped yet; unnamed items are never taken for dropped ones. */
  notDropped<T extends { name?: string }>(question: string, items: T[]): T[] {
    const names = this.byQuestion.get(question);
    return names ? items.filter((i) => !i.name || !names.has(i.name)) : items;
  }

  /** The question is answered whole (all its items dropped in one go): a new try drops them all again. */
  forget(question: string): void {
    this.byQuestion.delete(question);
  }
}

/**
 * After a drop that went through, a drag that fails means the page changed under the learner (the item is
 * no longer there): the remaining items wait for the page to be read again.
 */
export function pageChangedAfterDrop(droppedBefore: number, failed: boolean): boolean {
  return failed && droppedBefore > 0;
}
