import { courseTextLines } from './course-text-lines.js';
import type { Finding, FindingCategory, RuleInfo } from '../core/findings.js';
import { effectiveRules, findingsByRule } from './catalogue.js';
import { escapeXml, escapeXmlAttribute } from './escape.js';
import { categoryLabel, compareCategories, formatLocation } from './labels.js';
import { complianceScore } from './summary.js';
import { TOOL_NAME } from './tool-info.js';
import type { ValidationOutcome } from './types.js';

/**
 * JUnit XML for CI test reporters (Jenkins, GitLab, Azure DevOps, GitHub test-report actions), valid
 * against the common JUnit schema (no `skipped` on <testsuites>).
 *
 * - One <testsuite> per finding category. A rule that found nothing is one passing <testcase> (name =
 *   rule id); a rule with findings is one <testcase> per file it found them in (name = rule id, classname
 *   = `scorm-tester.<category>.<file>`), so test history follows a rule and file across builds.
 * - A case with errors has one <failure> whose message says how many and names the first; its body lists
 *   every one with location and fix (reporters show one failure per case).
 * - Warnings and info never fail the build: the case passes and lists them in <system-out>. Nothing is
 *   reported as skipped, because reporters present skipped tests as "not run", which would be false.
 */
export function formatJunit(o: ValidationOutcome): string {
  const rules = effectiveRules(o.rules, o.findings);
  const byRule = findingsByRule(o.findings);
  const suites = new Map<FindingCategory, Case[]>();
  for (const r of rules) {
    const list = suites.get(r.category) ?? [];
    list.push(...casesOf(r, byRule.get(r.id) ?? []));
    suites.set(r.category, list);
  }
  const failing = (list: Case[]) => list.filter((c) => c.findings.some((f) => f.severity === 'error')).length;
  const all = [...suites.values()].flat();

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
    `<testsuites name="${attr(`${TOOL_NAME} ${o.packagePath}`)}" tests="${all.length}" failures="${failing(all)}" errors="0" time="${seconds}">`,
  );
  for (const [category, list] of [...suites.entries()].sort(([a], [b]) => compareCategories(a, b))) {
    out.push(
      `  <testsuite name="${attr(categoryLabel(category))}" tests="${list.length}" failures="${failing(list)}" errors="0" skipped="0" time="0">`,
      '    <properties>',
      properties,
      '    </properties>',
    );
    for (const c of list) out.push(testcase(c));
    out.push('  </testsuite>');
  }
  out.push('</testsuites>');
  return out.join('\n') + '\n';
}

/** One test case: a rule, and the file its findings are in (none for a rule that found nothing). */
interface Case {
  rule: RuleInfo;
  file: string | null;
  findings: Finding[];
}

function casesOf(rule: RuleInfo, findings: Finding[]): Case[] {
  if (findings.length === 0) return [{ rule, file: null, findings }];
  const byFile = new Map<string, Finding[]>();
  for (const f of findings) byFile.set(f.file, [...(byFile.get(f.file) ?? []), f]);
  return [...byFile.entries()].map(([file, list]) => ({ rule, file, findings: list }));
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

function testcase(c: Case): string {
  // A file name the package chose is shown as the text report shows it (quoted when it is not plain).
  const where = c.file === null ? '' : `.${formatLocation(c.file, 0, 0)}`;
  const open = `    <testcase name="${attr(c.rule.id)}" classname="${attr(`${TOOL_NAME}.${c.rule.category}${where}`)}" time="0"`;
  const errors = c.findings.filter((f) => f.severity === 'error');
  const others = c.findings.filter((f) => f.severity !== 'error');
  if (c.findings.length === 0) return `${open}/>`;
  const body: string[] = [`${open}>`];
  if (errors.length > 0) {
    const first = errors[0]!;
    const count = errors.length > 1 ? `${errors.length} errors; the first: ` : '';
    const message = `${count}${formatLocation(first.file, first.line, first.column)}: ${first.message}`;
    body.push(
      `      <failure message="${attr(message)}" type="${attr(c.rule.id)}">${escapeXml(errors.map(describe).join('\n'))}</failure>`,
    );
  }
  if (others.length > 0)
    body.push(`      <system-out>${escapeXml(others.map(describe).join('\n'))}</system-out>`);
  body.push('    </testcase>');
  return body.join('\n');
}
