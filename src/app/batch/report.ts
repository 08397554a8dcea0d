/**
 * The batch report: one entry per package, with its path as given and its verdict. This shape is what
 * `--json` prints, what the resume state keeps per package and what `merge-reports` reads back.
 */
import type { AnomalyDetail } from './anomaly-details.js';

export type Verdict = 'pass' | 'fail' | 'error';

export interface Counts {
  error: number;
  warning: number;
  info: number;
}

/** Why a package or SCO could not be judged: a project error code and our sentence. */
export interface BatchError {
  code: string;
  message: string;
  /** not_a_package, timeout, crash, browser_lost or other (see package-error.ts). */
  kind?: string;
}

export interface ScoResult {
  /** The item's identifier (the course's word), or null when sequencing delivered nothing. */
  sco_id: string | null;
  launch_url: string | null;
  verdict: Verdict;
  initialized: boolean | null;
  completion_status: string | null;
  success_status: string | null;
  anomalies: Counts;
  /** Anomaly types by count, e.g. { set_value_rejected: 2 }. */
  anomaly_types: Record<string, number>;
  /** What the anomalies say, the worst first, at most MAX_ANOMALY_DETAILS (when the run had any). */
  anomaly_details?: AnomalyDetail[];
  /** How many anomalies anomaly_details leaves out (when it leaves any out). */
  anomalies_omitted?: number;
  /** --nav: navigation requests denied. */
  nav_denied?: number;
  /** --a11y: serious or critical violations. */
  a11y_failed?: boolean;
  /** Screenshot file, relative to the --html folder. */
  screenshot?: string;
  error?: BatchError;
  duration_ms: number;
}

export interface PackageResult {
  /** The path exactly as the user gave it (or as the list file or catalogue folder named it). */
  path: string;
  /** sha256 of the package's content (see content-hash.ts); what --resume matches on. */
  content_hash: string;
  verdict: Verdict;
  scorm_version: string | null;
  findings: Counts;
  scos: ScoResult[];
  error?: BatchError;
  /**
   * An earlier run ended in a crashed browser (or page), or on a remote browser that went away, and this
   * is its last run (see run-batch.ts for how many each allows).
   */
  retried?: true;
  /** --resume: this result was read from the state file, not run again. */
  resumed?: true;
  duration_ms: number;
}

export interface BatchTotals {
  packages: number;
  pass: number;
  fail: number;
  error: number;
}

export interface BatchReport {
  kind: 'scorm-tester-batch';
  version: string;
  /** The shard this report covers ("1/4"), or the shards merged into it. */
  shards: string[];
  totals: BatchTotals;
  packages: PackageResult[];
  duration_ms: number;
}

export function totalsOf(packages: readonly PackageResult[]): BatchTotals {
  const count = (v: Verdict): number => packages.filter((p) => p.verdict === v).length;
  return { packages: packages.length, pass: count('pass'), fail: count('fail'), error: count('error') };
}

/** An error beats a failure beats a pass. */
export function worstVerdict(verdicts: readonly Verdict[]): Verdict {
  if (verdicts.includes('error')) return 'error';
  return verdicts.includes('fail') ? 'fail' : 'pass';
}

/**
 * A package's verdict from its validation's own (`fail` on errors) and its SCOs': the worst of them, except
 * that a SCO whose remote browser was lost judges nothing, so validation errors stay the verdict (`fail`).
 */
export function packageVerdict(validation: Verdict, scos: readonly ScoResult[]): Verdict {
  const cause = scos.find((s) => s.verdict === 'error' && s.error)?.error;
  if (validation === 'fail' && cause?.kind === 'browser_lost') return 'fail';
  return worstVerdict([validation, ...scos.map((s) => s.verdict)]);
}

export function emptyCounts(): Counts {
  return { error: 0, warning: 0, info: 0 };
}

export function countBySeverity(items: ReadonlyArray<{ severity: string }>): Counts {
  const counts = emptyCounts();
  for (const item of items) {
    if (item.severity === 'error' || item.severity === 'warning' || item.severity === 'info')
      counts[item.severity] += 1;
  }
  return counts;
}
