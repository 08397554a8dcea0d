/**
 * Slides where the course's own Next was pressed and left the page as it was: the course's dead end.
 * storyline-3's "Section Conclusion" (slide 13 of 26) has a CONTINUE with no trigger but its visited
 * state and a Next whose trigger list is empty (its data file: no link out of the slide); our tools
 * press CONTINUE (by keyboard on its accessible twin, or by pointer where it is drawn: both change its
 * state only) and Next, and nothing moves. A learner there goes on by the player's menu, which the author
 * left free: the journey goes to the next slide without watching the slide again, and says why.
 */
export class DeadEnds {
  private nextPressedOn: string | null = null;
  private readonly places = new Set<string>();

  /** The course's Next was pressed on the page of this fingerprint. */
  pressedNext(fingerprint: string): void {
    this.nextPressedOn = fingerprint;
  }

  /** Going on left the page of `fingerprint` as it was: a dead end when that was the course's Next. */
  leftAsItWas(place: string, fingerprint: string): void {
    if (this.nextPressedOn === fingerprint) this.places.add(place);
  }

  has(place: string): boolean {
    return this.places.has(place);
  }
}
