/**
 * scorm_report's accessibility audit within its share of the first page (issue 22). A page with many
 * failing elements makes an audit larger than the whole answer budget; the report then lists fewer
 * failing elements per rule (node_count still counts them all) and fewer frames, and says so, rather
 * than let the MCP guard cut it without a word.
 */
import { jsonBytes } from '../../../output/answer-budget.js';

/** What the audit may take of the report's first page. */
export const REPORT_AUDIT_BYTES = 8_000;
const FRAMES_SHOWN = 5;

interface Audit {
  violations?: Array<{ nodes: unknown[] }>;
  incomplete?: Array<{ nodes: unknown[] }>;
  frames_audited?: string[];
  [key: string]: unknown;
}

/** The audit as it is when it fits; else with fewer elements per rule and a note saying where all are. */
export function auditWithinShare<T extends object>(audit: T, share = REPORT_AUDIT_BYTES): T {
  if (jsonBytes(audit) <= share) return audit;
  const a = audit as Audit;
  const frames = a.frames_audited ?? [];
  let fitted: Audit = a;
  for (const perRule of [3, 1, 0]) {
    fitted = {
      ...a,
      ...(a.violations
        ? { violations: a.violations.map((v) => ({ ...v, nodes: v.nodes.slice(0, perRule) })) }
        : {}),
      ...(a.incomplete
        ? { incomplete: a.incomplete.map((v) => ({ ...v, nodes: v.nodes.slice(0, perRule) })) }
        : {}),
      ...(frames.length > FRAMES_SHOWN ? { frames_audited: frames.slice(0, FRAMES_SHOWN) } : {}),
      nodes_shown_per_rule: perRule,
      message: `The audit is shown with at most ${perRule} failing element${perRule === 1 ? '' : 's'} per rule (node_count counts all)${frames.length > FRAMES_SHOWN ? ` and the first ${FRAMES_SHOWN} of the ${frames.length} frames audited` : ''}, to fit beside the findings; scorm_accessibility_audit lists every element.`,
    };
    if (jsonBytes(fitted) <= share) break;
  }
  return fitted as T;
}

interface Rule {
  rule: string;
  impact?: string | null;
  node_count?: number;
  nodes: unknown[];
}

/** Failing elements by rule id, and by impact. */
function counts(rules: readonly Rule[]): {
  by_rule: Record<string, number>;
  by_impact: Record<string, number>;
} {
  const byRule: Record<string, number> = {};
  const byImpact: Record<string, number> = {};
  for (const r of rules) {
    const n = r.node_count ?? r.nodes.length;
    byRule[r.rule] = (byRule[r.rule] ?? 0) + n;
    const impact = r.impact ?? 'unknown';
    byImpact[impact] = (byImpact[impact] ?? 0) + n;
  }
  return { by_rule: byRule, by_impact: byImpact };
}

/**
 * The audit as the report's first look gives it: counts of failing elements by impact and rule id, and
 * where the rest is. The rules' descriptions, help URLs and elements (2-8 kB on real courses) would
 * make the first look larger than the findings it is for.
 */
export function auditSummary<T extends object>(audit: T): T {
  const a = audit as Audit;
  if (!a.violations && !a.incomplete) return audit;
  const { violations, incomplete, frames_audited, frames_skipped: _s, tags: _t, ...rest } = a;
  const failing = counts((violations ?? []) as Rule[]);
  const review = counts((incomplete ?? []) as Rule[]);
  return {
    ...rest,
    frames_audited_count: (frames_audited ?? []).length,
    violations_by_impact: failing.by_impact,
    violations_by_rule: failing.by_rule,
    ...(incomplete ? { incomplete_by_rule: review.by_rule } : {}),
    summarised: true,
    message:
      'Counts of failing elements only: scorm_report with cursor "0" gives the first page with the audit (rules, descriptions, elements); scorm_accessibility_audit runs it alone.',
  } as unknown as T;
}
