import { separateCourseText } from '../../core/course-text.js';
import type { Finding, RuleInfo } from '../../core/findings.js';

export interface FindingLocation {
  file: string;
  line: number;
  column: number;
}

export function makeFinding(rule: RuleInfo, at: FindingLocation, message: string, fix: string): Finding {
  const finding: Finding = {
    rule: rule.id,
    severity: rule.severity,
    category: rule.category,
    file: at.file,
    line: at.line,
    column: at.column,
    message,
    fix,
  };
  if (rule.adl) finding.adl = [...rule.adl];
  return separateCourseText(finding);
}
