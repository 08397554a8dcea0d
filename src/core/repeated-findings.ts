/**
 * Repeated findings of one rule (183 `cp.file_missing` in a broken export) are shown to people and
 * agents as one group: a count and the first few instances. Machine formats keep every instance.
 */
import type { Finding, Severity } from './findings.js';

/** More findings of one rule than this are grouped. */
export const GROUP_OVER = 5;
/** How many instances of a group are shown as examples. */
export const GROUP_EXAMPLES = 3;

export interface RepeatedRule {
  rule: string;
  /** The most severe severity among its findings. */
  severity: Severity;
  count: number;
}

export interface GroupedFindings {
  /** Every finding of a rule that is not repeated, and the first examples of each repeated rule, in order. */
  shown: Finding[];
  /** The instances left out of `shown`, rule after rule in the order the rules first appear. */
  rest: Finding[];
  repeated: RepeatedRule[];
}

const RANK: Record<Severity, number> = { error: 0, warning: 1, info: 2 };

export function groupRepeated(ordered: readonly Finding[]): GroupedFindings {
  const byRule = new Map<string, Finding[]>();
  for (const f of ordered) {
    const list = byRule.get(f.rule);
    if (list) list.push(f);
    else byRule.set(f.rule, [f]);
  }
  const repeated: RepeatedRule[] = [];
  const left = new Set<Finding>();
  const rest: Finding[] = [];
  for (const [rule, list] of byRule) {
    if (list.length <= GROUP_OVER) continue;
    const severity = list.reduce<Severity>((s, f) => (RANK[f.severity] < RANK[s] ? f.severity : s), 'info');
    repeated.push({ rule, severity, count: list.length });
    for (const f of list.slice(GROUP_EXAMPLES)) {
      left.add(f);
      rest.push(f);
    }
  }
  return { shown: ordered.filter((f) => !left.has(f)), rest, repeated };
}
