import { courseTextLines } from './course-text-lines.js';
import type { Finding, FindingCategory, RuleInfo } from '../core/findings.js';
import { effectiveRules, findingsByRule } from './catalogue.js';
import { escapeXml, escapeXmlAttribute } from './escape.js';
import { categoryLabel, compareCategories, formatLocation } from './labels.js';
import { complianceScore } from './summary.js';
import { TOOL_NAME } from './tool-info.js';
import type { ValidationOutcome } from './types.js';

/**
 * JUnit XML for CI test reporters (Jenkins, GitLab, Azure DevOps, GitHub test-report actions).
 *
 * - One <testsuite> per finding category, one <testcase> per rule that ran (name = rule id,
 *   classname = `scorm-tester.<category>`), so test history follows a rule across builds.
 * - A rule with error findings has ONE <failure> (reporters show only the first anyway): its
 *   `message` is the first error, its body lists every error with location and fix.
 * - Warnings and info never fail the build: the testcase passes and lists them in <system-out>,
 *   which those reporters show next to the test. Nothing is reported as skipped, because
 *   reporters present skipped tests as "not run", which would be false.
 */
export function formatJunit(o: ValidationOutcome): string {
  const rules = effectiveRules(o.rules, o.findings);
  const byRule = findingsByRule(o.findings);
  const suites = new Map<FindingCategory, RuleInfo[]>();
  for (const r of rules) {
    const list = suites.get(r.category);
    if (list) list.push(r);
    else suites.set(r.category, [r]);
  }
  const failingRules = (list: RuleInfo[]) =>
    list.filter((r) => (byRule.get(r.id) ?? []).some((f) => f.severity === 'error')).length;

  const properties = [
    ['package', o.packagePath],
    ['scorm_version', o.scormVersion ?? 'unknown'],
    ['validation_level', o.level],
    ['compliance_score', String(complianceScore(o.findings))],
  ]
    .map(([name, value]) => `      <property name="${attr(name!)}" value="${attr(value!)}"/>`)
    .join('\n');

  const out: string[] = ['<?xml version="1.0" encoding="UTF-8"?>'];
  const seconds = (o.durationMs / 1000).toFixed(3);
  out.push(
    `<testsuites name="${attr(`${TOOL_NAME} ${o.packagePath}`)}" tests="${rules.length}" failures="${failingRules(rules)}" errors="0" skipped="0" time="${seconds}">`,
  );
  for (const [category, list] of [...suites.entries()].sort(([a], [b]) => compareCategories(a, b))) {
    out.push(
      `  <testsuite name="${attr(categoryLabel(category))}" tests="${list.length}" failures="${failingRules(list)}" errors="0" skipped="0" time="0">`,
      '    <properties>',
      properties,
      '    </properties>',
    );
    for (const rule of list) out.push(testcase(rule, byRule.get(rule.id) ?? []));
    out.push('  </testsuite>');
  }
  out.push('</testsuites>');
  return out.join('\n') + '\n';
}

function attr(text: string): string {
  return escapeXmlAttribute(text);
}

function describe(f: Finding): string {
  const lines = [`${f.severity} ${formatLocation(f.file, f.line, f.column)} ${f.message}`];
  if (f.fix !== '') lines.push(`  fix: ${f.fix}`);
  lines.push(...courseTextLines(f.course_text, '  '));
  if (f.adl && f.adl.length > 0) lines.push(`  ADL: ${f.adl.join(', ')}`);
  return lines.join('\n');
}

function testcase(rule: RuleInfo, findings: Finding[]): string {
  const open = `    <testcase name="${attr(rule.id)}" classname="${attr(`${TOOL_NAME}.${rule.category}`)}" time="0"`;
  const errors = findings.filter((f) => f.severity === 'error');
  const others = findings.filter((f) => f.severity !== 'error');
  if (findings.length === 0) return `${open}/>`;
  const body: string[] = [`${open}>`];
  if (errors.length > 0) {
    const first = errors[0]!;
    const more = errors.length > 1 ? ` (+${errors.length - 1} more)` : '';
    const message = `${formatLocation(first.file, first.line, first.column)}: ${first.message}${more}`;
    body.push(
      `      <failure message="${attr(message)}" type="${attr(rule.id)}">${escapeXml(errors.map(describe).join('\n'))}</failure>`,
    );
  }
  if (others.length > 0)
    body.push(`      <system-out>${escapeXml(others.map(describe).join('\n'))}</system-out>`);
  body.push('    </testcase>');
  return body.join('\n');
}
