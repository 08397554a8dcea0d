import type { Finding, RuleInfo, ValidationLevel } from '../core/findings.js';

/** Everything one validation run produced: the single input of every report format. */
export interface ValidationOutcome {
  /** The package path as the user gave it (relative or absolute; folder or zip). */
  packagePath: string;
  /** Absolute folder holding the package's files (the folder itself or the extracted zip). */
  packageRoot: string;
  /** '1.2' | '2004 2nd Edition' | '2004 3rd Edition' | '2004 4th Edition', or null when undetected. */
  scormVersion: string | null;
  level: ValidationLevel;
  findings: Finding[];
  /** Every rule that ran, whether it fired or not. */
  rules: RuleInfo[];
  durationMs: number;
}

export const REPORT_FORMATS = ['text', 'json', 'sarif', 'junit'] as const;
export type ReportFormat = (typeof REPORT_FORMATS)[number];

export function isReportFormat(value: string): value is ReportFormat {
  return (REPORT_FORMATS as readonly string[]).includes(value);
}
