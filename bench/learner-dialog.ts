/**
 * A drawer, dialog or popup the learner's own click opened is closed by the learner before going on:
 * adapt-2's "Progress bar" opened Adapt's side drawer, and the journey went on answering and clicking
 * under it until its budget ran out. A close control that was not listed before the last action (and is
 * listed now, on the same page) belongs to what that action opened. A dialog that comes with a new page
 * (adapt-2's email form on entering its first page) is the page's own: it is answered, not closed.
 */
import { pressable } from './learner-pressable.js';

interface Listed {
  ref?: string;
  name?: string;
  purpose?: string;
  state?: { disabled?: boolean; visible?: boolean; visually_hidden?: boolean };
}

const shown = (c: Listed): boolean => !!c.ref && pressable(c);
// Unnamed close buttons (an icon cross) are told apart by ref.
const keyOf = (c: Listed): string => c.name || c.ref || '';

export class OpenedByLearner {
  private before: Set<string> | null = null;
  private beforePage: string | null = null;
  private readonly closed = new Set<string>();

  /**
   * The close control that appeared since the last listing, once per control: the learner closes what
   * their last action opened. Remembers this listing's close controls for the next step.
   */
  toClose<C extends Listed>(controls: C[], page: string): C | undefined {
    const closes = controls.filter((c) => c.purpose === 'close' && shown(c));
    const before = this.beforePage === page ? this.before : null;
    this.before = new Set(closes.map(keyOf));
    this.beforePage = page;
    if (!before) return undefined;
    const opened = closes.find((c) => !before.has(keyOf(c)) && !this.closed.has(keyOf(c)));
    // Once closed, the same close may come back with the next popup: it is closed again then.
    for (const key of this.closed) if (!this.before.has(key)) this.closed.delete(key);
    if (opened) this.closed.add(keyOf(opened));
    return opened;
  }
}
