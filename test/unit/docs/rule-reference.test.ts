/**
 * docs/rules.md is generated from the validation rule catalogue; this fails when it no longer matches
 * it, and checks that the catalogue holds every rule a validation run can declare.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { RULE_REFERENCE_COMMAND, renderRuleReference } from '../../../src/report/rule-reference.js';
import { allValidationRules } from '../../../src/validate/rule-catalogue.js';
import { REPO_ROOT } from '../../helpers/paths.js';
import { firstDifference } from '../../helpers/first-difference.js';

test('docs/rules.md is what the rule catalogue generates now', () => {
  const expected = renderRuleReference(allValidationRules());
  const actual = readFileSync(resolve(REPO_ROOT, 'docs/rules.md'), 'utf8');
  assert.ok(
    actual === expected,
    `docs/rules.md is stale (${firstDifference(actual, expected)}). Regenerate it: ${RULE_REFERENCE_COMMAND}`,
  );
});

test('each rule is listed once, in a table row of its category', () => {
  const rules = allValidationRules();
  assert.equal(new Set(rules.map((r) => r.id)).size, rules.length);
  const page = renderRuleReference(rules);
  for (const rule of rules) {
    const rows = page.split('\n').filter((line) => line.startsWith(`| \`${rule.id}\` |`));
    assert.equal(rows.length, 1, `${rule.id} has one row`);
    assert.ok(rows[0]!.includes(`| ${rule.severity} | ${rule.level} |`), `${rule.id}: ${rows[0]}`);
  }
});
