/**
 * The page state within the answer budget without the guard's cut (issue 22): a course controls how
 * long its title and headings are and how many controls it shows, so each part has a share of the
 * budget beside the snapshot (whose share is max_chars). What does not fit is counted and named.
 */
import { cutText, pageWithinBudget } from '../../output/answer-budget.js';

/** Characters of the title and of each heading's text. */
const TEXT_CHARS = 200;
/** JSON bytes of the headings listed. */
const HEADINGS_BYTES = 1_500;
/** JSON bytes of the controls listed (interactive_count counts them all). */
const CONTROLS_BYTES = 3_000;

export interface PageStateParts {
  title: string;
  headings: Array<{ text: string }>;
  controls: Array<Record<string, unknown>>;
}

/** The parts cut to their shares, and notes for what was left out. */
export function fitPageStateParts<T extends PageStateParts>(parts: T): T & { notes: string[] } {
  const notes: string[] = [];
  const headings = within(
    parts.headings.map((h) => ({ ...h, text: cutText(h.text, { max: TEXT_CHARS, offset: 0 }) })),
    HEADINGS_BYTES,
  );
  if (headings.length < parts.headings.length) {
    notes.push(
      `${headings.length} of the ${parts.headings.length} headings are listed; the snapshot and scorm_dom_query show the rest.`,
    );
  }
  const controls = within(parts.controls, CONTROLS_BYTES);
  if (controls.length < parts.controls.length) {
    notes.push(
      `${controls.length} of the ${parts.controls.length} controls read are listed here; scorm_dom_find_interactive_elements lists every one (cursor gives the next page).`,
    );
  }
  return {
    ...parts,
    title: cutText(parts.title, { max: TEXT_CHARS, offset: 0 }),
    headings,
    controls,
    notes,
  };
}

/** The leading entries whose JSON fits `budgetBytes` (at least the first). */
function within<T>(list: readonly T[], budgetBytes: number): T[] {
  return pageWithinBudget(list, { limit: list.length, budgetBytes, view: (entry) => entry }).items;
}
