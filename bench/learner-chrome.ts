/**
 * The player's frame as a learner comes to know it: the controls that were on other pages too (a
 * Lectora course's Home, Help and Resources buttons, Rise's outline) are the frame around the content,
 * not what this page asks for. When the way on is closed (a disabled Next, "Click on the Guide to find
 * out more"), a learner clicks what the page itself offers before going Home (lectora-1 did).
 */

// On this many other pages, a control is the frame's.
const OTHER_PAGES = 2;

export class PlayerChrome {
  private readonly namesByPage = new Map<string, Set<string>>();

  /** Remembers the names of the controls listed on `page`. */
  see(page: string, names: Array<string | undefined>): void {
    let known = this.namesByPage.get(page);
    if (!known) this.namesByPage.set(page, (known = new Set()));
    for (const name of names) if (name) known.add(name);
  }

  /** Whether a control of this name was on at least OTHER_PAGES pages other than `page`. */
  has(page: string, name: string | undefined): boolean {
    if (!name) return false;
    let pages = 0;
    for (const [other, names] of this.namesByPage) if (other !== page && names.has(name)) pages++;
    return pages >= OTHER_PAGES;
  }
}
