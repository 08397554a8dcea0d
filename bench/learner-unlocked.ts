/**
 * Controls the course unlocks as the learner goes: a button seen disabled on a page (storyline-2's sections
 * "תפעול המכונה", "סיכום") and found enabled there later is what the course opened for the learner, who
 * presses it once, before anything else the page offers. On that page only: a section seen locked on the
 * opening and open on a later slide is the section just done (storyline-2's "מיון הכביסה", pressed from
 * the garments slide, took the learner back to the sorting). Only the course's own buttons (purpose
 * `other`): a player's Previous, enabled after the first slide, is no way on.
 */
import { pressable } from './learner-pressable.js';

interface Listed {
  ref?: string;
  name?: string;
  role?: string;
  purpose?: string;
  state?: { disabled?: boolean; visible?: boolean; visually_hidden?: boolean };
}

const ownButton = (c: Listed): boolean => c.purpose === 'other' && c.role === 'button' && !!c.name;

export class UnlockedControls {
  private readonly seenDisabled = new Set<string>();
  private readonly pressed = new Set<string>();

  /** Remembers the names of the page's own buttons shown disabled on `page`. */
  see(page: string, controls: Listed[]): void {
    for (const c of controls)
      if (ownButton(c) && c.state?.disabled === true) this.seenDisabled.add(`${page}|${c.name!}`);
  }

  /** The first button of `controls` seen disabled on `page` before and usable now, not yet pressed. */
  next<C extends Listed>(page: string, controls: C[]): C | undefined {
    return controls.find(
      (c) =>
        ownButton(c) &&
        !!c.ref &&
        this.seenDisabled.has(`${page}|${c.name!}`) &&
        !this.pressed.has(c.name!) &&
        pressable(c),
    );
  }

  /** Pressed once: not again, wherever it comes back. */
  pressedOnce(name: string | undefined): void {
    if (name) this.pressed.add(name);
  }
}
