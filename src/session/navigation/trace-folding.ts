/**
 * The SN processes run again and again for one request (a Continue walks the tree, checks each activity
 * and rolls up every ancestor; the next Continue does the same): a detailed trace of one Continue on a
 * template course held 877 events of which 36 were different. A run of events equal to a run listed
 * before is said once, as a reference: `{ index, request, repeat_of, count }` stands for the `count`
 * events from `index` on, equal (request apart) to the `count` events from `repeat_of` on. Reading the
 * entries in order and copying each referenced run gives the whole trace back.
 */

/** Events `index` … `index + count - 1` of `request` are events `repeat_of` … of the same count, request apart. */
export interface RepeatedEvents {
  index: number;
  request: number;
  repeat_of: number;
  count: number;
}

/** How many earlier places of an event are tried as the start of a repeated run (the latest first). */
const CANDIDATES = 32;

/**
 * Each recorded event's JSON, made once: a trace is read again for every page asked of it, and the
 * engine's events do not change once logged.
 */
const keyText = new WeakMap<object, string>();

/** What the events are compared by: the engine's event as recorded (no request or position of ours). */
export function eventKeys(recorded: readonly object[]): number[] {
  const ids = new Map<string, number>();
  return recorded.map((e) => {
    let key = keyText.get(e);
    if (key === undefined) keyText.set(e, (key = JSON.stringify(e)));
    let id = ids.get(key);
    if (id === undefined) ids.set(key, (id = ids.size));
    return id;
  });
}

export class RepeatFinder {
  private readonly seen = new Map<number, number[]>();
  private indexedUpTo = 0;

  constructor(
    private readonly keys: readonly number[],
    private readonly requests: readonly number[],
  ) {}

  /**
   * The longest run starting at `at` that equals an earlier run ending before `at`, within `at`'s request
   * and at most `limit` long; null when the event at `at` was not seen before.
   */
  longestRepeat(at: number, limit: number): { from: number; count: number } | null {
    this.indexBefore(at);
    const places = this.seen.get(this.keys[at]!);
    if (!places) return null;
    let best: { from: number; count: number } | null = null;
    for (let c = places.length - 1; c >= 0 && c >= places.length - CANDIDATES; c--) {
      const from = places[c]!;
      let count = 0;
      while (
        count < limit &&
        from + count < at &&
        at + count < this.keys.length &&
        this.requests[at + count] === this.requests[at] &&
        this.keys[from + count] === this.keys[at + count]
      )
        count++;
      // Among runs as long, the earliest: the events written out rather than a reference to a reference.
      if (count > 0 && (!best || count >= best.count)) best = { from, count };
    }
    return best;
  }

  private indexBefore(at: number): void {
    for (; this.indexedUpTo < at; this.indexedUpTo++) {
      const key = this.keys[this.indexedUpTo]!;
      const places = this.seen.get(key);
      if (places) places.push(this.indexedUpTo);
      else this.seen.set(key, [this.indexedUpTo]);
    }
  }
}
