/**
 * When the learner journey stops (pure, so the rules are tested without a browser): the course says it is
 * completed or passed, the page stays the same for STUCK_STEPS steps running, or the course's budget of
 * tool calls or time is spent.
 */

export const STUCK_STEPS = 3;

export interface Budget {
  calls: number;
  ms: number;
}

export const DEFAULT_BUDGET: Budget = { calls: 80, ms: 4 * 60_000 };

/** The SCORM status a page state or data-model read gives, in both versions' names. */
export interface LearnerStatus {
  completion_status?: string | null;
  success_status?: string | null;
  lesson_status?: string | null;
}

/** SCORM 2004: completion_status completed or success_status passed; 1.2: lesson_status completed or passed. */
export function isFinished(status: LearnerStatus | null | undefined): boolean {
  if (!status) return false;
  return (
    status.completion_status === 'completed' ||
    status.success_status === 'passed' ||
    status.lesson_status === 'completed' ||
    status.lesson_status === 'passed'
  );
}

/**
 * What a learner would see as "the same page": title, headings, visible text, the controls and the SCORM
 * status. A page whose text changes by itself (a clock, a video time) never counts as stuck; the budget
 * ends those.
 */
export function pageFingerprint(pageState: unknown): string {
  const p = (pageState ?? {}) as {
    title?: unknown;
    headings?: Array<{ text?: unknown }>;
    text_summary?: unknown;
    interactive_count?: unknown;
    scorm?: unknown;
    sco_url?: unknown;
  };
  return JSON.stringify([
    p.sco_url,
    p.title,
    (p.headings ?? []).map((h) => h.text),
    p.text_summary,
    p.interactive_count,
    p.scorm,
  ]);
}

/**
 * What tells one page from another in "pages seen": the SCO, the title, the first heading and, when a
 * player is recognised, its slide title (a Storyline course keeps one document title and heading on
 * every slide: storyline-3 counted 1 page after 16 slides).
 */
export function pageKey(pageState: unknown, slideTitle: string | null): string {
  const p = (pageState ?? {}) as { title?: unknown; headings?: Array<{ text?: unknown }>; sco_url?: unknown };
  return JSON.stringify([p.sco_url, p.title, p.headings?.[0]?.text, slideTitle]);
}

/** After this many pages running where scrolling to the end moved nothing, the learner stops trying. */
export const UNMOVED_SCROLLS = 3;

/**
 * Whether to scroll a new page to its end: a learner sees a scroll bar, or none. A course whose pages
 * never scroll (a player's fixed stage: Storyline, Captivate) is not scrolled again after UNMOVED_SCROLLS
 * pages, so that its budget goes to its slides.
 */
export function worthScrolling(unmovedScrollsRunning: number): boolean {
  return unmovedScrollsRunning < UNMOVED_SCROLLS;
}

/** Below this many pixels of scrolling, a page's hidden part is its margin (lectora-1: 32 px on every page). */
export const SLIGHT_SCROLL_PX = 40;

/**
 * Whether a scroll to the end moved the page enough to show a learner anything new: a page that scrolls
 * by its margin only counts as one that does not scroll (worthScrolling), so that a course of such pages
 * stops paying a scroll per page after UNMOVED_SCROLLS of them.
 */
export function scrolledToSomething(answer: Record<string, unknown> | undefined): boolean {
  if (answer?.moved !== true) return false;
  const range = (answer.after as { max_top?: unknown } | undefined)?.max_top;
  return typeof range !== 'number' || range >= SLIGHT_SCROLL_PX;
}

/** Why the learner stopped, said in the table: out of budget is not "no control took the learner further". */
export function stoppedAt(stop: StopReason, lastBlocker: string | null, where: string): string {
  if (stop.kind === 'course_defect')
    return `stopped on ${where}: the course records nothing, whatever the learner does`;
  if (lastBlocker) return lastBlocker;
  if (stop.kind === 'budget_calls' || stop.kind === 'budget_time')
    return `out of budget after ${where}, still going on`;
  return `${where}: no control took the learner further`;
}

export type StopReason =
  | { kind: 'completed' }
  | { kind: 'stuck'; steps: number }
  | { kind: 'budget_calls'; calls: number }
  | { kind: 'budget_time'; ms: number }
  /** Our page context says the course is hidden (an overlay, or its player's stage not drawn). */
  | { kind: 'course_hidden' }
  /** The LMS ended the course session (the course asked for it, e.g. cmi.exit "logout"). */
  | { kind: 'session_ended' }
  /** Our tools said while it ran that the course records nothing (its own tracking switched off). */
  | { kind: 'course_defect' };

export interface JourneyProgress {
  status: LearnerStatus | null;
  /** The page fingerprint after each step, oldest first. */
  fingerprints: string[];
  calls: number;
  elapsedMs: number;
}

/** Why the journey stops now, or null to take another step. Completion wins over every other rule. */
export function stopReason(progress: JourneyProgress, budget: Budget = DEFAULT_BUDGET): StopReason | null {
  if (isFinished(progress.status)) return { kind: 'completed' };
  const last = progress.fingerprints.slice(-(STUCK_STEPS + 1));
  if (last.length === STUCK_STEPS + 1 && last.every((f) => f === last[0]))
    return { kind: 'stuck', steps: STUCK_STEPS };
  if (progress.calls >= budget.calls) return { kind: 'budget_calls', calls: progress.calls };
  if (progress.elapsedMs >= budget.ms) return { kind: 'budget_time', ms: progress.elapsedMs };
  return null;
}
