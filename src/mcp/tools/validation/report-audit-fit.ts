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
