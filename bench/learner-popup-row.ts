/**
 * A row of unnamed pictures that each open a pop-up (rise-2's journeyline: 39 of them): the learner who
 * closes one pop-up opens the next picture of the row at once, on the page read before the pop-up came
 * up (its controls keep their refs under it), instead of reading that page again between the two clicks:
 * 3 calls per picture instead of 4. Only unnamed controls: named ones are chosen by their names
 * (learner-step.ts goOn), unnamed ones by their place in the row only.
 */
import { leftThePage } from './learner-popups.js';
import { statusAfter } from './learner-answers.js';
import { isFinished } from './learner-stop-rules.js';

interface RowControl {
  ref?: string;
  name?: string;
  role?: string;
  purpose?: string;
  state?: { disabled?: boolean; visible?: boolean; visually_hidden?: boolean };
}

/** The page read before a pop-up came up on it, kept one step. */
export interface PageBelow<C extends RowControl> {
  page: string;
  place: string;
  fingerprint: string;
  controls: C[];
}

const unnamedPicture = (c: RowControl | undefined): boolean => !!c?.ref && !c.name && c.purpose === 'other';

/**
 * The unnamed control listed right after `opener` on the page below, of the same role, that `usable`
 * allows (not yet followed, shown); undefined when the opener was named or the row ends.
 */
export function nextInRow<C extends RowControl>(
  below: C[],
  opener: string | null,
  usable: (c: C) => boolean,
): C | undefined {
  const at = below.findIndex((c) => c.ref === opener);
  const from = below[at];
  if (at < 0 || !unnamedPicture(from)) return undefined;
  return below.slice(at + 1).find((c) => unnamedPicture(c) && c.role === from!.role && usable(c));
}

/** Whether the close's answer leaves the learner on the page below, the course not yet finished by it. */
export function closedOntoPageBelow(ok: boolean, answer: Record<string, unknown> | undefined): boolean {
  if (!ok || !answer || leftThePage(answer)) return false;
  return !isFinished(statusAfter(null, [{ tool: 'scorm_dom_click', ok, data: answer }]));
}
