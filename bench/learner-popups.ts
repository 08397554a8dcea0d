/**
 * Pages whose own Next the course keeps locked until the learner has opened each of its pop-ups
 * (lectora-1: "Click on each picture", Next disabled until every one was opened). Measured through our
 * tools on lectora-1: a pop-up's opener still takes the pointer while another pop-up is open, the last
 * opener unlocks Next, and Next goes on with the pop-ups open. So a learner there clicks the openers one
 * after the other, as a sighted learner who sees them all does, without reading the page between them or
 * closing each pop-up, and presses Next once it unlocks (a page of 3 pop-ups: 9 steps and 27 calls
 * before, 2 steps and 7 calls now).
 */

/** The pages (by place) where the journey opened a pop-up because the page's Next was locked. */
export class LockedNextPages {
  private readonly pages = new Set<string>();

  /** Remembers that a pop-up was opened on `place` while its Next was locked. */
  opened(place: string): void {
    this.pages.add(place);
  }

  /** Whether the journey opened a pop-up on `place` to unlock its Next. */
  has(place: string): boolean {
    return this.pages.has(place);
  }
}

/** The little of a listed control this rule needs. */
interface NextControl {
  ref?: string;
  purpose?: string;
  state?: { disabled?: boolean; visible?: boolean; visually_hidden?: boolean };
}

/** The page's own Next, shown and locked: the course waits for something on the page. */
export function lockedNext<C extends NextControl>(controls: C[]): C | undefined {
  return controls.find(
    (c) =>
      c.purpose === 'next' &&
      !!c.ref &&
      c.state?.disabled === true &&
      c.state.visible !== false &&
      c.state.visually_hidden !== true,
  );
}

/**
 * On a page where the journey opened a pop-up to unlock Next: the control to press instead of closing the
 * pop-up, Next once unlocked, else the next opener not yet opened; undefined when neither (the pop-up is
 * then closed as on any page).
 */
export function wayOnPastPopup<C extends NextControl>(
  controls: C[],
  openers: C[],
  usable: (c: C) => boolean,
): C | undefined {
  const next = controls.find((c) => c.purpose === 'next' && !!c.ref && usable(c));
  if (next) return next;
  if (!lockedNext(controls)) return undefined;
  return openers[0];
}

/** A click's answer says the learner left the page: a frame went to another page, or a window opened. */
export function leftThePage(answer: Record<string, unknown> | undefined): boolean {
  const navigation = (answer?.changes as { navigation?: unknown[] } | undefined)?.navigation ?? [];
  const windows = answer?.windows_opened;
  return navigation.length > 0 || (typeof windows === 'number' && windows > 0);
}
