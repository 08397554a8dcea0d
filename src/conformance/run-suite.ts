/**
 * A conformance run over a folder: families in the order README §7 requires (sibling packages in
 * suffix order, learner state kept within a family and cleared before the next one), progress as it
 * goes, and a table per family.
 */
import { familyOf, type Corpus } from './corpus.js';
import type { LmsUnderTest } from './lms.js';
import type { CaseResult, FamilyRow, RunReport } from './results.js';
import { runCase } from './run-case.js';

/** Families in the order of README §8; any other family runs after them, alphabetically. */
const FAMILY_ORDER = ['API', 'DMI', 'DMB', 'DDM', 'CM', 'CO', 'CT', 'MS', 'OB', 'RU', 'SX', 'T'];

function familyRank(family: string): number {
  const i = FAMILY_ORDER.indexOf(family);
  return i < 0 ? FAMILY_ORDER.length : i;
}

/** Case ids in run order: by family, then by id (a, b, c siblings in suffix order). */
export function orderCases(ids: readonly string[]): string[] {
  return [...ids].sort(
    (a, b) =>
      familyRank(familyOf(a)) - familyRank(familyOf(b)) ||
      familyOf(a).localeCompare(familyOf(b)) ||
      a.localeCompare(b),
  );
}

/**
 * Which cases `--case` selects: an exact id, or a family name (`API`, `CM`) for all its cases.
 * Unknown selectors are returned so the caller can refuse them.
 */
export function selectCases(
  corpus: Corpus,
  selectors: readonly string[],
): { ids: string[]; unknown: string[] } {
  if (selectors.length === 0) return { ids: orderCases(corpus.caseIds), unknown: [] };
  const chosen = new Set<string>();
  const unknown: string[] = [];
  for (const s of selectors) {
    const hits = corpus.caseIds.filter((id) => id === s || familyOf(id) === s);
    if (hits.length === 0) unknown.push(s);
    hits.forEach((h) => chosen.add(h));
  }
  return { ids: orderCases([...chosen]), unknown };
}

export interface RunOptions {
  mode: 'node' | 'browser';
  onCaseDone?: (result: CaseResult, done: number, total: number) => void;
  /** Stops the run between cases; the report then has `stopped` and the cases that ran. */
  signal?: AbortSignal | undefined;
}

export async function runSuite(
  corpus: Corpus,
  ids: readonly string[],
  lms: LmsUnderTest,
  options: RunOptions,
): Promise<RunReport> {
  const started = Date.now();
  const cases: CaseResult[] = [];
  let family: string | undefined;
  for (const id of ids) {
    if (options.signal?.aborted) break;
    if (familyOf(id) !== family) {
      family = familyOf(id);
      await lms.reset('all');
    }
    const result = await runCase(corpus, id, lms);
    cases.push(result);
    options.onCaseDone?.(result, cases.length, ids.length);
  }
  const passed = cases.filter((c) => c.passed).length;
  return {
    mode: options.mode,
    ctsDir: corpus.dir,
    cases,
    families: familyTable(cases),
    passed,
    failed: cases.length - passed,
    durationMs: Date.now() - started,
    ...(cases.length < ids.length ? { stopped: { after: cases.length, of: ids.length } } : {}),
  };
}

function familyTable(cases: readonly CaseResult[]): FamilyRow[] {
  const rows = new Map<string, FamilyRow>();
  for (const c of cases) {
    const row = rows.get(c.family) ?? {
      family: c.family,
      cases: 0,
      passed: 0,
      failed: 0,
      steps: 0,
      failedSteps: 0,
    };
    row.cases++;
    if (c.passed) row.passed++;
    else row.failed++;
    row.steps += c.stepCount;
    row.failedSteps += c.failedSteps;
    rows.set(c.family, row);
  }
  return [...rows.values()];
}
