/**
 * Validation findings a page at a time (src/output/findings-page.ts): errors first, every finding once
 * across the pages, counted by rule; a list that fits one page is returned as it was, with no paging.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import type { Finding } from '../../src/core/findings.js';
import { jsonBytes } from '../../src/output/answer-budget.js';
import {
  FINDINGS_PAGE_BYTES,
  findingsPage,
  SUMMARY_FINDINGS,
  summaryFindingsPage,
} from '../../src/output/findings-page.js';

function finding(i: number, severity: Finding['severity']): Finding {
  return {
    rule: severity === 'error' ? 'cp.file_missing' : 'api.cross_frame_dom',
    severity,
    category: 'files',
    message: `Finding ${i}: ${'m'.repeat(150)}`,
    file: 'imsmanifest.xml',
    line: i + 1,
    column: 1,
    fix: 'f'.repeat(120),
  } as Finding;
}

test('many findings: pages within their budget, errors first, each finding once, counted by rule', () => {
  const all = Array.from({ length: 300 }, (_, i) => finding(i, i % 3 === 0 ? 'error' : 'warning'));
  const seen: Finding[] = [];
  let cursor: string | undefined;
  do {
    const page = findingsPage(all, cursor);
    assert.ok(jsonBytes(page.page) <= FINDINGS_PAGE_BYTES);
    assert.deepEqual(page.paging?.findings_by_rule, { 'cp.file_missing': 100, 'api.cross_frame_dom': 200 });
    assert.equal(page.paging?.findings_total, 300);
    seen.push(...page.page);
    cursor = page.paging?.findings_next_cursor ?? undefined;
  } while (cursor !== undefined);
  assert.equal(seen.length, 300);
  assert.equal(new Set(seen).size, 300);
  // Both rules are repeated: their first examples come first, errors before warnings, then the rest.
  assert.deepEqual(
    seen.slice(0, 6).map((f) => f.severity),
    ['error', 'error', 'error', 'warning', 'warning', 'warning'],
  );
  assert.ok(seen.slice(6, 103).every((f) => f.severity === 'error'));
});

test('a repeated rule is one group: a count, three examples, and the cursor of its other instances', () => {
  const missing = Array.from({ length: 183 }, (_, i) => finding(i, 'error'));
  const other = { ...finding(500, 'warning'), rule: 'cp.other' } as Finding;
  const first = findingsPage([...missing, other]);
  assert.deepEqual(first.page, [missing[0], missing[1], missing[2], other]);
  assert.deepEqual(first.paging?.finding_groups, [
    { rule: 'cp.file_missing', severity: 'error', count: 183, examples_shown: 3, rest_cursor: '4' },
  ]);
  assert.equal(first.paging?.findings_next_cursor, '4');
  assert.equal(first.paging?.findings_total, 184);
  const rest: Finding[] = [];
  let cursor: string | undefined = first.paging?.finding_groups?.[0]?.rest_cursor;
  while (cursor !== undefined) {
    const page = findingsPage([...missing, other], cursor);
    rest.push(...page.page);
    cursor = page.paging?.findings_next_cursor ?? undefined;
  }
  assert.deepEqual(rest, missing.slice(3));
});

test('findings that fit one page come back as they are, without paging fields', () => {
  const few = [finding(0, 'warning'), finding(1, 'error')];
  assert.deepEqual(findingsPage(few), { page: [few[1], few[0]] });
});

test('a summary lists the first findings and counts all by severity; its cursor pages on to every other finding once', () => {
  const all = Array.from({ length: 120 }, (_, i) => finding(i, i % 4 === 0 ? 'error' : 'warning'));
  const summary = summaryFindingsPage(all);
  assert.ok(summary.page.length <= SUMMARY_FINDINGS && summary.page.length > 0);
  assert.deepEqual(summary.paging?.findings_by_severity, { error: 30, warning: 90, info: 0 });
  assert.equal(summary.page[0]?.severity, 'error');
  const seen = [...summary.page];
  let cursor = summary.paging?.findings_next_cursor ?? undefined;
  while (cursor !== undefined) {
    const page = findingsPage(all, cursor);
    seen.push(...page.page);
    cursor = page.paging?.findings_next_cursor ?? undefined;
  }
  assert.equal(seen.length, all.length);
  assert.equal(new Set(seen).size, all.length);
});

test('a summary lists errors and warnings only; its cursor goes on to the informational findings', () => {
  const all = [finding(0, 'info'), finding(1, 'warning'), finding(2, 'info')];
  const summary = summaryFindingsPage(all);
  assert.deepEqual(summary.page, [all[1]]);
  assert.deepEqual(summary.paging?.findings_by_severity, { error: 0, warning: 1, info: 2 });
  const rest = findingsPage(all, summary.paging?.findings_next_cursor ?? undefined);
  assert.deepEqual(rest.page, [all[0], all[2]]);
  const infosOnly = summaryFindingsPage([finding(3, 'info')]);
  assert.deepEqual(infosOnly.page, []);
  assert.equal(infosOnly.paging?.findings_next_cursor, '0');
});
