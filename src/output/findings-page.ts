/**
 * The findings of a validation answer within the budget. A package can give hundreds of findings (one
 * per missing file, one per cross-frame script line), and the validation tools show each one two or
 * three times (as a finding, as a located line, as an api_usage issue); so they list a page of findings,
 * errors first, and count every finding by rule. Only the answer is paged: validity and score count all.
 */
import type { Finding } from '../core/findings.js';
import { ANSWER_BUDGET_BYTES, pageWithinBudget } from './answer-budget.js';

/** A page's findings, measured once; the answer repeats them up to three times. */
export const FINDINGS_PAGE_BYTES = Math.floor(ANSWER_BUDGET_BYTES * 0.28);

const SEVERITY_ORDER = ['error', 'warning', 'info'] as const;

export interface FindingsPage {
  /** The findings of this page, errors first, as the package's order has them within a severity. */
  page: Finding[];
  /** Set only when the findings do not fit one page. */
  paging?: {
    findings_total: number;
    findings_next_cursor: string | null;
    findings_by_rule: Record<string, number>;
  };
}

export function findingsPage(all: readonly Finding[], cursor?: string): FindingsPage {
  const ordered = SEVERITY_ORDER.flatMap((s) => all.filter((f) => f.severity === s));
  const page = pageWithinBudget(ordered, {
    ...(cursor !== undefined ? { cursor } : {}),
    limit: Number.MAX_SAFE_INTEGER,
    budgetBytes: FINDINGS_PAGE_BYTES,
    view: (f) => f,
  });
  if (page.next_cursor === null && page.items.length === all.length) return { page: page.items };
  const byRule: Record<string, number> = {};
  for (const f of all) byRule[f.rule] = (byRule[f.rule] ?? 0) + 1;
  return {
    page: page.items,
    paging: { findings_total: all.length, findings_next_cursor: page.next_cursor, findings_by_rule: byRule },
  };
}
