/**
 * The learner journey's budget fitted to the course (pure): a fixed number of calls cannot walk a course
 * of 110 pages, so the budget grows with the size our tools give of the course: the slide map's total (or
 * the page context's slide count), the activity count scorm_sn_init reports, and the distinct pages (and
 * pop-ups opened on them: learner-popup-units.ts) seen so far (a course whose size our tools cannot give, Lectora's one file per page, earns its budget page by
 * page; a page seen again earns nothing, so a loop still ends). The time limit keeps the same pace as the
 * base budget (80 calls in 4 minutes). `--budget-calls` / `--budget-minutes` override.
 */
import type { Budget } from './learner-stop-rules.js';

export const BASE_CALLS = 80;
export const CALLS_PER_UNIT = 6;
/** However large the course: one journey stays under an hour of a shared machine. */
export const MAX_CALLS = 1_000;
export const MS_PER_CALL = 3_000;

/** Said in the bench's help and under the table. */
export const BUDGET_RULE =
  `calls = ${BASE_CALLS} + ${CALLS_PER_UNIT} × units (at most ${MAX_CALLS}), units = the largest of the slide count ` +
  `(scorm_get_slide_map total, else the page context's total_slides, or the furthest slide number it showed ` +
  `when larger), scorm_sn_init's activity_count and ` +
  `the pages and the pop-ups opened on them seen so far; time = ${MS_PER_CALL / 1000} s × calls; --budget-calls / --budget-minutes override`;

/** What our tools said of the course's size; null where they said nothing. */
export interface CourseSize {
  slides: number | null;
  activities: number | null;
  /** Distinct pages seen so far. */
  pages: number;
  /** Distinct pop-ups the learner opened on them (learner-popup-units.ts), counted as pages. */
  popups?: number;
}

/** What the caller fixed on the command line; the rest follows the course's size. */
export interface BudgetOverride {
  calls?: number;
  ms?: number;
}

export interface FittedBudget extends Budget {
  /** How the budget was reached, for the table: "80 + 5 × 28 slides", "--budget-calls". */
  rule: string;
}

export function fittedBudget(size: CourseSize, override: BudgetOverride = {}): FittedBudget {
  const slides = size.slides ?? 0;
  const activities = size.activities ?? 0;
  const seen = size.pages + (size.popups ?? 0);
  const units = Math.max(slides, activities, seen);
  const unitName =
    units === 0
      ? ''
      : units === slides
        ? 'slides'
        : units === activities
          ? 'activities'
          : size.popups
            ? 'pages and pop-ups seen'
            : 'pages seen';
  const derived = Math.min(MAX_CALLS, BASE_CALLS + CALLS_PER_UNIT * units);
  const calls = override.calls ?? derived;
  const ms = override.ms ?? calls * MS_PER_CALL;
  const callsRule =
    override.calls !== undefined
      ? '--budget-calls'
      : units > 0
        ? `${BASE_CALLS} + ${CALLS_PER_UNIT} × ${units} ${unitName}`
        : `${BASE_CALLS} (size unknown)`;
  const timeRule = override.ms !== undefined ? ', --budget-minutes' : '';
  return { calls, ms, rule: `${callsRule}${timeRule}` };
}
