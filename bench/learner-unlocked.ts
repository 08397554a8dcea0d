/**
 * Controls the course unlocks as the learner goes: a button seen disabled (storyline-2's sections
 * "מיון הכביסה", "הכנת הכביסה", its grey next arrow) and found enabled later is what the course opened
 * for the learner, who presses it once, before anything else the page offers. Only the course's own
 * buttons (purpose `other`): a player's Previous, enabled after the first slide, is no way on.
 */

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

  /** Remembers the names of the page's own buttons shown disabled. */
  see(controls: Listed[]): void {
    for (const c of controls) if (ownButton(c) && c.state?.disabled === true) this.seenDisabled.add(c.name!);
  }

  /** The first button of `controls` seen disabled before and usable now, not yet pressed. */
  next<C extends Listed>(controls: C[]): C | undefined {
    return controls.find(
      (c) =>
        ownButton(c) &&
        !!c.ref &&
        this.seenDisabled.has(c.name!) &&
        !this.pressed.has(c.name!) &&
        c.state?.disabled !== true &&
        c.state?.visible !== false &&
        c.state?.visually_hidden !== true,
    );
  }

  /** Pressed once: not again, wherever it comes back. */
  pressedOnce(name: string | undefined): void {
    if (name) this.pressed.add(name);
  }
}
