/**
 * The findings of a validation answer within the budget. A package can give hundreds of findings (one
 * per missing file, one per cross-frame script line), and the validation tools show each one two or
 * three times (as a finding, as a located line, as an api_usage issue); so they list a page of findings,
 * errors first, and count every finding by rule. Only the answer is paged: validity and score count all.
 *
 * A rule repeated more than GROUP_OVER times shows its first GROUP_EXAMPLES instances and a group entry
 * (count, and the cursor where the rest of its instances start): the first pages list every other
 * finding before any further instance of a repeated rule.
 */
import type { Finding, Severity } from '../core/findings.js';
import { GROUP_EXAMPLES, groupRepeated } from '../core/repeated-findings.js';
import { ANSWER_BUDGET_BYTES, cursorPosition, jsonBytes, pageWithinBudget } from './answer-budget.js';

/** A page's findings, measured once; the answer repeats them up to three times. */
export const FINDINGS_PAGE_BYTES = Math.floor(ANSWER_BUDGET_BYTES * 0.28);
/**
 * What a whole page of a paged validation answer may take (issue 22): about 5,500 tokens for its two
 * copies, well within the guard's budget, so a page holds as many findings as fit (not a fixed share).
 */
export const FINDINGS_ANSWER_BYTES = 11_000;
/**
 * A first page (no cursor) of scorm_report and scorm_validate_compliance: the verdict, the counts by
 * rule and severity and the first findings, about 1,500 tokens for its two copies; cursor pages
 * (cursor "0" for the first) take FINDINGS_ANSWER_BYTES.
 */
export const FIRST_LOOK_ANSWER_BYTES = 3_000;

/** How a page of findings fits: a first look (no cursor) may hold none; a cursor page `laterBytes`, one at least. */
export function findingsPageFit(
  cursor: string | undefined,
  laterBytes = FINDINGS_ANSWER_BYTES,
): { answerBytes: number; atLeast: 0 | 1 } {
  return cursor === undefined
    ? { answerBytes: FIRST_LOOK_ANSWER_BYTES, atLeast: 0 }
    : { answerBytes: laterBytes, atLeast: 1 };
}
/** The findings a summary lists (the first of the listing: errors first, repeated rules as groups). */
export const SUMMARY_FINDINGS = 3;
/** What a summary's findings may take: an agent reads the summary first and pages on from it. */
export const SUMMARY_FINDINGS_BYTES = 2_000;

const SEVERITY_ORDER = ['error', 'warning', 'info'] as const;

export interface FindingGroup {
  rule: string;
  severity: Severity;
  count: number;
  examples_shown: number;
  /** Pass as cursor to list the instances not shown as examples. */
  rest_cursor: string;
}

export interface FindingsPage {
  /** The findings of this page, errors first, as the package's order has them within a severity. */
  page: Finding[];
  /** Set only when the findings do not fit one page or a rule is repeated. */
  paging?: {
    findings_total: number;
    findings_next_cursor: string | null;
    findings_by_rule: Record<string, number>;
    findings_by_severity: Record<Severity, number>;
    finding_groups?: FindingGroup[];
  };
}

/**
 * A summary: the first errors and warnings of the listing; informational findings are only counted
 * (findings_by_severity), and the cursor it gives lists them with the rest.
 */
export function summaryFindingsPage(all: readonly Finding[]): FindingsPage {
  const sequence = listing(all).sequence;
  const firstInfo = sequence.findIndex((f) => f.severity === 'info');
  const limit = Math.min(SUMMARY_FINDINGS, firstInfo < 0 ? sequence.length : firstInfo);
  return findingsPage(all, undefined, { limit, budgetBytes: SUMMARY_FINDINGS_BYTES });
}

/** Errors, then warnings, then infos; a rule's repeats after its first examples go to the end. */
function listing(all: readonly Finding[]): ReturnType<typeof groupRepeated> & { sequence: Finding[] } {
  const ordered = SEVERITY_ORDER.flatMap((s) => all.filter((f) => f.severity === s));
  const grouped = groupRepeated(ordered);
  return { ...grouped, sequence: [...grouped.shown, ...grouped.rest] };
}

export function findingsPage(
  all: readonly Finding[],
  cursor?: string,
  size: { limit: number; budgetBytes: number } = {
    limit: Number.MAX_SAFE_INTEGER,
    budgetBytes: FINDINGS_PAGE_BYTES,
  },
): FindingsPage {
  const { shown, rest, repeated, sequence } = listing(all);
  // Pages stop at the end of the grouped listing; the cursor given there goes on into the rest.
  const source = cursorPosition(cursor, sequence.length) < shown.length ? shown : sequence;
  const page = pageWithinBudget(source, {
    ...(cursor !== undefined ? { cursor } : {}),
    ...size,
    view: (f) => f,
  });
  const next = page.next_cursor ?? (source === shown && rest.length > 0 ? String(shown.length) : null);
  if (next === null && page.items.length === all.length) return { page: page.items };
  const byRule: Record<string, number> = {};
  const bySeverity: Record<Severity, number> = { error: 0, warning: 0, info: 0 };
  for (const f of all) {
    byRule[f.rule] = (byRule[f.rule] ?? 0) + 1;
    bySeverity[f.severity] += 1;
  }
  let restStart = shown.length;
  const groups = repeated.map((r) => {
    const group = { ...r, examples_shown: GROUP_EXAMPLES, rest_cursor: String(restStart) };
    restStart += r.count - GROUP_EXAMPLES;
    return group;
  });
  return {
    page: page.items,
    paging: {
      findings_total: all.length,
      findings_next_cursor: next,
      findings_by_rule: byRule,
      findings_by_severity: bySeverity,
      ...(groups.length > 0 ? { finding_groups: groups } : {}),
    },
  };
}

/**
 * The page of findings whose whole answer, as `build` makes it from the page, takes at most `answerBytes`:
 * the answer repeats a finding in several places (lines, issues), so the answer is measured, not the
 * findings. A page holds at least `atLeast` findings (a first look: none when its first
 * finding alone would pass its size; its counts then say what there is); the cursor goes on from the
 * last one shown.
 */
export function fittedFindingsPage<D>(
  all: readonly Finding[],
  cursor: string | undefined,
  build: (paged: FindingsPage) => D,
  answerBytes = FINDINGS_ANSWER_BYTES,
  atLeast: 0 | 1 = 1,
): { paged: FindingsPage; data: D } {
  let limit = Number.MAX_SAFE_INTEGER;
  for (;;) {
    const paged = findingsPage(all, cursor, { limit, budgetBytes: answerBytes });
    const data = build(paged);
    const bytes = jsonBytes(data);
    const shown = paged.page.length;
    if (bytes <= answerBytes || shown <= atLeast) return { paged, data };
    limit = Math.max(atLeast, Math.min(shown - 1, Math.floor((shown * answerBytes) / bytes)));
  }
}
