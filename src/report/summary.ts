import type { CourseTexts } from '../core/course-text.js';
import { compareFindings, type Finding, type Severity } from '../core/findings.js';
import type { ValidationOutcome } from './types.js';

export interface FindingJson {
  rule: string;
  severity: Severity;
  message: string;
  file: string;
  line: number;
  column: number;
  fix: string;
  adl?: string[];
  details?: Record<string, unknown>;
  course_text?: CourseTexts;
}

/** The JSON shape of a validation result (MCP tools and `--format json`). */
export interface ValidationJson {
  valid: boolean;
  scorm_version: string | null;
  compliance_score: number;
  errors: FindingJson[];
  warnings: FindingJson[];
  info: FindingJson[];
}

export type SeverityCounts = Record<Severity, number>;

/**
 * Score penalty for each distinct rule that fired, by the worst severity it fired with.
 * Info findings cost nothing: they are suggestions, not compliance problems.
 */
export const SCORE_PENALTY: Readonly<Record<Severity, number>> = { error: 15, warning: 5, info: 0 };

/**
 * Rules whose findings make a package unusable: the manifest cannot be read or parsed, its root is not
 * an IMS CP <manifest>, no item launches anything, or a launch file is missing. Any of them scores 0.
 */
export const UNUSABLE_PACKAGE_RULES: ReadonlySet<string> = new Set([
  'xml.malformed',
  'xml.encoding',
  'xml.doctype_entities',
  'xml.too_large',
  'xml.too_deep',
  'manifest.root',
  'cp.root_element',
  'cp.nothing_to_launch',
  'cp.launch_file_missing',
]);

/**
 * compliance_score = 0 when a finding makes the package unusable (UNUSABLE_PACKAGE_RULES), otherwise
 * max(0, 100 − Σ penalty(worst severity of each distinct failing rule)),
 * with penalties error 15, warning 5, info 0.
 * - 100 exactly when there is no error and no warning.
 * - Monotonic: adding a finding never raises the score.
 * - Counted per rule, not per occurrence, so one rule firing on 200 files does not swamp
 *   ten different problems: the score says how many kinds of things need fixing.
 */
export function complianceScore(findings: readonly Finding[]): number {
  if (findings.some((f) => UNUSABLE_PACKAGE_RULES.has(f.rule))) return 0;
  const worst = new Map<string, Severity>();
  for (const f of findings) {
    const prev = worst.get(f.rule);
    if (prev === undefined || SCORE_PENALTY[f.severity] > SCORE_PENALTY[prev]) worst.set(f.rule, f.severity);
  }
  let penalty = 0;
  for (const severity of worst.values()) penalty += SCORE_PENALTY[severity];
  return Math.max(0, 100 - penalty);
}

export function countBySeverity(findings: readonly Finding[]): SeverityCounts {
  const counts: SeverityCounts = { error: 0, warning: 0, info: 0 };
  for (const f of findings) counts[f.severity]++;
  return counts;
}

/** A package is valid when no finding is an error. */
export function isValid(findings: readonly Finding[]): boolean {
  return !findings.some((f) => f.severity === 'error');
}

export function sortedFindings(findings: readonly Finding[]): Finding[] {
  return [...findings].sort(compareFindings);
}

function findingJson(f: Finding): FindingJson {
  const out: FindingJson = {
    rule: f.rule,
    severity: f.severity,
    message: f.message,
    file: f.file,
    line: f.line,
    column: f.column,
    fix: f.fix,
  };
  if (f.adl && f.adl.length > 0) out.adl = [...f.adl];
  if (f.details) out.details = f.details;
  if (f.course_text) out.course_text = f.course_text;
  return out;
}

export function toValidationJson(o: ValidationOutcome): ValidationJson {
  const sorted = sortedFindings(o.findings);
  const bySeverity = (s: Severity) => sorted.filter((f) => f.severity === s).map(findingJson);
  return {
    valid: isValid(o.findings),
    scorm_version: o.scormVersion,
    compliance_score: complianceScore(o.findings),
    errors: bySeverity('error'),
    warnings: bySeverity('warning'),
    info: bySeverity('info'),
  };
}
