import type { Finding, RuleInfo } from '../core/findings.js';
import { sortedFindings } from './summary.js';

/**
 * The rules that ran, de-duplicated by id, plus any rule that fired without being listed (a
 * catalogue gap), described from its first finding so no report loses a finding.
 */
export function effectiveRules(rules: readonly RuleInfo[], findings: readonly Finding[]): RuleInfo[] {
  const byId = new Map<string, RuleInfo>();
  for (const r of rules) if (!byId.has(r.id)) byId.set(r.id, r);
  for (const f of sortedFindings(findings)) {
    if (byId.has(f.rule)) continue;
    const synthesized: RuleInfo = {
      id: f.rule,
      severity: f.severity,
      category: f.category,
      level: 'basic',
      title: f.rule,
    };
    if (f.adl) synthesized.adl = f.adl;
    byId.set(f.rule, synthesized);
  }
  return [...byId.values()];
}

export function findingsByRule(findings: readonly Finding[]): Map<string, Finding[]> {
  const map = new Map<string, Finding[]>();
  for (const f of sortedFindings(findings)) {
    const list = map.get(f.rule);
    if (list) list.push(f);
    else map.set(f.rule, [f]);
  }
  return map;
}
