/** One authoring-tool player as the page script knows it: its signatures and, where it has them, its API. */
import type {
  Evidence,
  GotoOutcome,
  GotoTarget,
  PlayerHints,
  PlayerName,
  PlayerReading,
  SlideListing,
} from '../types.js';
import { domSignal, globalSignal, type Reader } from './safe.js';

/** What identifies a player, each with the weight it carries alone (see recognise.ts). */
export interface Signature {
  /** [name, weight, typeof its value must be] of window globals; getters count without being run. */
  globals: Array<[string, number, string?]>;
  /** [selector, weight, how evidence names it]. */
  selectors: Array<[string, number, string?]>;
}

export interface PlayerAdapter {
  name: PlayerName;
  signature: Signature;
  /** The current slide from the player's runtime objects (may run course getters). */
  read(win: Window, doc: Document, reader: Reader, hints?: PlayerHints): Promise<Partial<PlayerReading>>;
  slides(win: Window, doc: Document, reader: Reader, hints?: PlayerHints): Promise<SlideListing>;
  /** Jumps with the player's own API; absent when the player has none (unsupportedGoto says why). */
  goTo?(
    win: Window,
    doc: Document,
    reader: Reader,
    target: GotoTarget,
    hints?: PlayerHints,
  ): Promise<GotoOutcome>;
  unsupportedGoto?: string;
  /**
   * Only the current slide's id, for polling after a jump, where read() would call more of the course's
   * API (and so the SCORM API) than the jump itself.
   */
  currentId?(win: Window, reader: Reader): Promise<string | null>;
}

/** The signature's parts found in this window: globals by descriptor, DOM by selector. Runs no course code. */
export function detectSignature(signature: Signature, win: Window, doc: Document): Evidence[] {
  const found: Array<Evidence | null> = [
    ...signature.globals.map(([name, weight, type]) => globalSignal(win, name, weight, type)),
    ...signature.selectors.map(([selector, weight, label]) => domSignal(doc, selector, weight, label)),
  ];
  return found.filter((e): e is Evidence => e !== null);
}

/** Runs a jump through the player's API: ok with `method`, unless it threw (a note) or returned false. */
export async function jumpWith(reader: Reader, method: string, run: () => unknown): Promise<GotoOutcome> {
  const before = reader.notes.length;
  const result = await run();
  const failure = reader.notes[before];
  if (failure !== undefined) return { ok: false, reason: failure };
  if (result === false) return { ok: false, reason: `${method} returned false` };
  return { ok: true, method };
}
