import { test } from 'node:test';
import assert from 'node:assert/strict';
import type { Finding, Severity } from '../../src/core/findings.js';
import {
  complianceScore,
  formatOutcome,
  toValidationJson,
  type ValidationOutcome,
} from '../../src/report/index.js';
import { isScormTesterError } from '../../src/core/errors.js';

function finding(rule: string, severity: Severity, extra: Partial<Finding> = {}): Finding {
  return {
    rule,
    severity,
    category: 'manifest',
    message: `${rule} failed`,
    fix: `fix ${rule}`,
    file: 'imsmanifest.xml',
    line: 3,
    column: 5,
    ...extra,
  };
}

function outcome(findings: Finding[]): ValidationOutcome {
  return {
    packagePath: 'course',
    packageRoot: '/nonexistent',
    scormVersion: '2004 4th Edition',
    level: 'strict',
    findings,
    rules: [],
    durationMs: 12,
  };
}

test('JSON has exactly the documented keys and finding shape', () => {
  const json = toValidationJson(
    outcome([finding('a', 'error', { adl: ['CAM-1'] }), finding('b', 'warning'), finding('c', 'info')]),
  );
  assert.deepEqual(Object.keys(json), [
    'valid',
    'scorm_version',
    'compliance_score',
    'errors',
    'warnings',
    'info',
  ]);
  assert.equal(json.valid, false);
  assert.equal(json.scorm_version, '2004 4th Edition');
  assert.deepEqual(json.errors, [
    {
      rule: 'a',
      severity: 'error',
      message: 'a failed',
      file: 'imsmanifest.xml',
      line: 3,
      column: 5,
      fix: 'fix a',
      adl: ['CAM-1'],
    },
  ]);
  assert.deepEqual(Object.keys(json.warnings[0]!), [
    'rule',
    'severity',
    'message',
    'file',
    'line',
    'column',
    'fix',
  ]);
  assert.equal(json.info.length, 1);
});

test('valid means no error findings; warnings and info keep it valid', () => {
  assert.equal(toValidationJson(outcome([finding('b', 'warning'), finding('c', 'info')])).valid, true);
  assert.equal(toValidationJson(outcome([])).valid, true);
});

test('score is 100 exactly when there are no errors and no warnings', () => {
  assert.equal(complianceScore([]), 100);
  assert.equal(complianceScore([finding('c', 'info'), finding('d', 'info')]), 100);
  assert.ok(complianceScore([finding('b', 'warning')]) < 100);
  assert.ok(complianceScore([finding('a', 'error')]) < 100);
});

test('score counts distinct rules by their worst severity, floors at 0, and errors cost more', () => {
  assert.equal(
    complianceScore([finding('a', 'error'), finding('a', 'error', { line: 9 })]),
    complianceScore([finding('a', 'error')]),
  );
  assert.equal(
    complianceScore([finding('a', 'warning'), finding('a', 'error')]),
    complianceScore([finding('a', 'error')]),
  );
  assert.ok(complianceScore([finding('a', 'error')]) < complianceScore([finding('a', 'warning')]));
  const many = Array.from({ length: 50 }, (_, i) => finding(`r${i}`, 'error'));
  assert.equal(complianceScore(many), 0);
});

test('score is monotonic: adding any finding never raises it', () => {
  const severities: Severity[] = ['error', 'warning', 'info'];
  let seed = 7;
  const rand = (n: number) => {
    seed = (seed * 1103515245 + 12345) % 2147483648;
    return seed % n;
  };
  for (let trial = 0; trial < 200; trial++) {
    const list: Finding[] = [];
    let prev = complianceScore(list);
    for (let i = 0; i < 12; i++) {
      list.push(finding(`r${rand(6)}`, severities[rand(3)]!));
      const next = complianceScore(list);
      assert.ok(next <= prev, `score rose from ${prev} to ${next}`);
      assert.ok(next >= 0 && next <= 100 && Number.isInteger(next));
      prev = next;
    }
  }
});

test('formatOutcome json is parseable and unknown formats fail with a clear error', () => {
  const o = outcome([finding('a', 'error')]);
  assert.deepEqual(JSON.parse(formatOutcome(o, 'json')), toValidationJson(o));
  assert.throws(
    () => formatOutcome(o, 'yaml' as never),
    (e: unknown) =>
      isScormTesterError(e) && e.code === 'INVALID_ARGUMENT' && /text, json, sarif, junit/.test(e.message),
  );
});
