/**
 * A pop-up that pages through a set of items (Adapt's hotgraphic: "1/5" with its own Next beside its
 * Close): the learner reads each page with the pop-up's Next, then closes it, in one step; the clicks'
 * answers say when Next changed nothing (the last item). Measured on adapt-2: the five pins visited from
 * the first pin's pop-up, where closing after each pin took two steps per pin.
 */
import { pressable } from './learner-pressable.js';

interface PopupControl {
  ref?: string;
  purpose?: string;
  state?: { disabled?: boolean; visible?: boolean; visually_hidden?: boolean };
}

/** However many items: the walk stops there. */
export const MAX_POPUP_PAGES = 12;

const shown = (c: PopupControl | undefined): boolean => !!c?.ref && pressable(c);

/** The pop-up's own Next and Close: a next control listed right before a close control. */
export function popupPager<C extends PopupControl>(controls: C[]): { next: C; close: C } | null {
  const at = controls.findIndex((c) => c.purpose === 'close' && shown(c));
  const next = at > 0 ? controls[at - 1] : undefined;
  return next && next.purpose === 'next' && shown(next) ? { next, close: controls[at]! } : null;
}

/**
 * Numbered items of the page not yet opened (adapt-2's pins "Item 1. Internal Access." … "Item 5. Open."):
 * three or more buttons listed one after another whose names share a first word followed by a number;
 * an item the course names visited is left out.
 */
export function numberedItems<C extends PopupControl & { role?: string; name?: string }>(
  controls: C[],
  skip: (c: C) => boolean,
): C[] {
  const lead = (c: C): string | null =>
    c.role === 'button' && c.purpose === 'other' && shown(c)
      ? (/^(\p{L}+)\s+\d+\b/u.exec(c.name ?? '')?.[1]?.toLowerCase() ?? null)
      : null;
  for (let i = 0; i < controls.length;) {
    const word = lead(controls[i]!);
    let j = i + 1;
    while (word !== null && j < controls.length && lead(controls[j]!) === word) j++;
    if (word !== null && j - i >= 3)
      return controls.slice(i, j).filter((c) => !skip(c) && !/\bvisited\.?\s*$/i.test(c.name ?? ''));
    i = j;
  }
  return [];
}
