/** The shape of a sequencing lint rule and the helpers every rule uses to report. */
import { separateCourseText } from '../../core/course-text.js';
import type { Finding, RuleInfo, Severity, ValidationLevel } from '../../core/findings.js';
import type { Located, ParsedManifest } from '../../manifest/model.js';
import type { Position } from '../../manifest/xml-tree.js';
import type { Activity } from './activity-tree.js';

export interface SeqLintContext {
  parsed: ParsedManifest;
  level: ValidationLevel;
  /** One activity tree per organization. */
  roots: Activity[];
  /** Every activity of every tree, parents first. */
  activities: Activity[];
}

export interface SeqLintRule {
  /** `info.severity` is the most severe level the rule reports; single findings may be milder. */
  info: RuleInfo;
  /** '2004' (default): runs only on SCORM 2004 (or undetermined) packages; 'any': on 1.2 too. */
  versions?: '2004' | 'any';
  check(ctx: SeqLintContext): Finding[];
}

export function seqRule(id: string, severity: Severity, level: ValidationLevel, title: string): RuleInfo {
  return { id, severity, category: 'sequencing', level, title };
}

export interface Report {
  /** The element the finding points at; `attr` narrows it to one of its attributes when written. */
  at: Located | Position;
  attr?: string;
  message: string;
  fix: string;
  severity?: Severity;
}

export function finding(info: RuleInfo, r: Report): Finding {
  const pos = 'pos' in r.at ? ((r.attr ? r.at.attrPos[r.attr] : undefined) ?? r.at.pos) : r.at;
  return separateCourseText({
    rule: info.id,
    severity: r.severity ?? info.severity,
    category: info.category,
    file: pos.file,
    line: pos.line,
    column: pos.column,
    message: r.message,
    fix: r.fix,
    ...(info.adl ? { adl: info.adl } : {}),
  });
}

/** The element to point at for an activity: its <imsss:sequencing> when written, else the item itself. */
export function activityAnchor(a: Activity): Located {
  return a.seq.own ?? a.node;
}

export function cap(s: string): string {
  return s.charAt(0).toUpperCase() + s.slice(1);
}
