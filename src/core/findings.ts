/**
 * Findings: what every validator (manifest rules, XSD, API-usage lint, sequencing lint, runtime
 * anomaly detection) reports. One shape for all of them, so reports and output formats are shared.
 */
import type { CourseTexts } from './course-text.js';

export type Severity = 'error' | 'warning' | 'info';

/** basic < strict < pedantic: a rule runs at its own level and every level above it. */
export type ValidationLevel = 'basic' | 'strict' | 'pedantic';

export type FindingCategory =
  | 'package'
  | 'manifest'
  | 'xsd'
  | 'files'
  | 'structure'
  | 'api_usage'
  | 'sequencing'
  | 'best_practice'
  | 'dependencies'
  | 'runtime';

export interface SourceLocation {
  /** Path relative to the package root, with forward slashes. */
  file: string;
  /** 1-based; 0 when the finding is about the whole file. */
  line: number;
  /** 1-based; 0 when unknown. */
  column: number;
}

export interface Finding extends SourceLocation {
  rule: string;
  severity: Severity;
  category: FindingCategory;
  message: string;
  /** A concrete change that removes the finding. */
  fix: string;
  /** ADL requirement ids this rule checks (e.g. "CAM-2-1"), when one applies. */
  adl?: string[];
  /**
   * Structured evidence for tools, e.g. the launch chain a finding was decided on. Its key `from_package`
   * lists the keys whose values are the package's own text as written (URLs, file names, identifiers):
   * data, like `file`, never a sentence of ours.
   */
  details?: Record<string, unknown>;
  /** Names, values and paths the course wrote that `message` and `fix` refer to (see core/course-text.ts). */
  course_text?: CourseTexts;
}

/** Static description of a rule in a catalogue. */
export interface RuleInfo {
  id: string;
  severity: Severity;
  category: FindingCategory;
  /** Lowest validation level at which the rule runs. */
  level: ValidationLevel;
  title: string;
  adl?: string[];
}

const LEVEL_ORDER: Record<ValidationLevel, number> = { basic: 0, strict: 1, pedantic: 2 };

export function ruleRunsAt(rule: Pick<RuleInfo, 'level'>, level: ValidationLevel): boolean {
  return LEVEL_ORDER[rule.level] <= LEVEL_ORDER[level];
}

const SEVERITY_ORDER: Record<Severity, number> = { error: 0, warning: 1, info: 2 };

export function compareFindings(a: Finding, b: Finding): number {
  return (
    SEVERITY_ORDER[a.severity] - SEVERITY_ORDER[b.severity] ||
    a.file.localeCompare(b.file) ||
    a.line - b.line ||
    a.column - b.column ||
    a.rule.localeCompare(b.rule)
  );
}
