/** What a conformance run reports, per case and per block (README §9.7). */
import type { StepRecord } from './evaluate/record.js';

export interface UiCheck {
  questions: string[];
  expected: string;
  answered: string;
  pass: boolean;
}

export interface BlockResult {
  id: string;
  activity: string;
  /** The item delivered for this block. */
  delivered: string;
  ui?: UiCheck;
  steps: StepRecord[];
  pass: boolean;
}

export interface CaseResult {
  id: string;
  family: string;
  passed: boolean;
  /** Why the case failed: the first failing step, UI check, delivery or LMS limitation. */
  reason?: string;
  firstFailingStep?: StepRecord;
  /** Activities delivered (`act` values), in order, against those the script expects. */
  delivered: string[];
  expected: string[];
  blocks: BlockResult[];
  stepCount: number;
  failedSteps: number;
  durationMs: number;
}

export interface FamilyRow {
  family: string;
  cases: number;
  passed: number;
  failed: number;
  steps: number;
  failedSteps: number;
}

export interface RunReport {
  mode: 'node' | 'browser';
  ctsDir: string;
  cases: CaseResult[];
  families: FamilyRow[];
  passed: number;
  failed: number;
  durationMs: number;
  /** Set when the run was stopped (Ctrl-C) between cases: `cases` holds the ones that ran. */
  stopped?: { after: number; of: number };
}
