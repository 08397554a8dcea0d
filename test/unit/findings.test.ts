import { test } from 'node:test';
import assert from 'node:assert/strict';
import { compareFindings, ruleRunsAt, type Finding } from '../../src/core/findings.js';

test('rules run at their own level and above', () => {
  assert.equal(ruleRunsAt({ level: 'basic' }, 'basic'), true);
  assert.equal(ruleRunsAt({ level: 'strict' }, 'basic'), false);
  assert.equal(ruleRunsAt({ level: 'strict' }, 'pedantic'), true);
});

test('findings sort errors first, then by file and line', () => {
  const base: Finding = {
    rule: 'r',
    severity: 'warning',
    category: 'manifest',
    message: '',
    fix: '',
    file: 'b',
    line: 2,
    column: 1,
  };
  const sorted = [base, { ...base, severity: 'error' as const }, { ...base, file: 'a' }].sort(
    compareFindings,
  );
  assert.deepEqual(
    sorted.map((f) => `${f.severity}:${f.file}`),
    ['error:b', 'warning:a', 'warning:b'],
  );
});
