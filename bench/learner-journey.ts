/**
 * `npm run bench -- --only learner` (issue 23): how far our tools alone take a learner through real
 * courses. Runs bench/learner-journey-run.ts on our demo course and on each course folder under
 * `--exports <dir>` (`--courses a,b` picks some), one at a time, and prints a Markdown table with the
 * median tool calls per course; `--json` also prints the results as JSON. Each course's budget fits its
 * size (bench/learner-budget.ts BUDGET_RULE: calls = 80 + 6 × units, units = the largest of the slide
 * count our tools give, scorm_sn_init's activity_count and the pages seen so far; time = 3 s × calls,
 * printed under the table and per row); `--budget-calls <n>` and
 * `--budget-minutes <m>` fix it for every course; `--server <entry>` drives another build.
 */
import { PACKAGE_ROOT } from '../src/core/version.js';
import { argValue } from './export-folders.js';
import { courses } from './journey.js';
import { ownServerEntry } from './mcp-calls.js';
import { runLearnerJourney } from './learner-journey-run.js';
import { BUDGET_RULE, type BudgetOverride } from './learner-budget.js';
import { learnerSummary, learnerTable, medianToolCalls, type LearnerJourneyResult } from './learner-table.js';
import type { BenchRow } from './stats.js';

/** What the command line fixes of every course's budget; the rest fits each course. */
function budgetOverride(): BudgetOverride {
  const calls = Number(argValue('--budget-calls'));
  const minutes = Number(argValue('--budget-minutes'));
  return {
    ...(calls > 0 ? { calls } : {}),
    ...(minutes > 0 ? { ms: minutes * 60_000 } : {}),
  };
}

export async function benchLearnerJourney(): Promise<BenchRow[]> {
  const serverEntry = argValue('--server') ?? ownServerEntry(PACKAGE_ROOT);
  const results: LearnerJourneyResult[] = [];
  for (const c of courses()) {
    process.stderr.write(`learner journey: ${c.name}\n`);
    const result = await runLearnerJourney(serverEntry, c.name, c.path, budgetOverride(), (line) =>
      process.stderr.write(`${line}\n`),
    );
    // Each course's result as soon as it is known, so that a long run can be followed (and is not lost).
    process.stderr.write(`${JSON.stringify(result)}\n`);
    results.push(result);
  }
  console.log('\n### Learner journeys: how far our tools alone get');
  console.log(learnerTable(results));
  console.log(`\nBudget per course: ${BUDGET_RULE}.`);
  console.log(`\n${learnerSummary(results)}`);
  if (process.argv.includes('--json')) console.log(`\n${JSON.stringify(results, null, 2)}`);
  return [
    {
      name: 'learner journey: tool calls per course',
      median_ms: medianToolCalls(results) ?? 0,
      unit: 'calls',
      runs: results.length,
      note: learnerSummary(results),
    },
  ];
}
