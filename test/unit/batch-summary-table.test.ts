/** The batch summary names why a package could not be judged: its error's code and kind. */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { formatSummaryTable } from '../../src/app/batch/summary-table.js';
import { emptyCounts, totalsOf, type PackageResult } from '../../src/app/batch/report.js';

test('a package in error shows its cause in the summary line', () => {
  const lost: PackageResult = {
    path: 'cat/good-2',
    content_hash: 'h',
    verdict: 'error',
    scorm_version: '2004',
    findings: emptyCounts(),
    scos: [],
    error: { code: 'BROWSER_UNREACHABLE', message: 'gone', kind: 'browser_lost' },
    duration_ms: 10,
  };
  const table = formatSummaryTable({
    kind: 'scorm-tester-batch',
    version: '0',
    shards: [],
    totals: totalsOf([lost]),
    packages: [lost],
    duration_ms: 10,
  });
  assert.match(table, /ERROR\s+cat\/good-2\s+BROWSER_UNREACHABLE \(browser_lost\)/);
});
