/** One authoring-tool player as the page script knows it: its signatures and, where it has them, its API. */
import type { Evidence, GotoOutcome, GotoTarget, PlayerName, PlayerReading, SlideListing } from '../types.js';
import type { Reader } from './safe.js';

export interface PlayerAdapter {
  name: PlayerName;
  /** Signatures only: globals by descriptor and DOM shapes. Runs no course code. */
  detect(win: Window, doc: Document): Evidence[];
  /** The current slide from the player's runtime objects (may run course getters). */
  read(win: Window, doc: Document, reader: Reader): Promise<Partial<PlayerReading>>;
  slides(win: Window, doc: Document, reader: Reader): Promise<SlideListing>;
  /** Jumps with the player's own API; absent when the player has none (unsupportedGoto says why). */
  goTo?(win: Window, doc: Document, reader: Reader, target: GotoTarget): Promise<GotoOutcome>;
  unsupportedGoto?: string;
}

export function present<T>(items: Array<T | null>): T[] {
  return items.filter((x): x is T => x !== null);
}
