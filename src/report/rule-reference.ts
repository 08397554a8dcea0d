/**
 * docs/rules.md: every validation rule with its severity, the lowest level it runs at and what it reports,
 * grouped by category, rendered from the rule catalogue so the page cannot drift from the code.
 */
import type { RuleInfo } from '../core/findings.js';
import { categoryLabel, compareCategories } from './labels.js';
import { anchor, inlineCode, markdownCell, markdownTable } from './markdown.js';

export const RULE_REFERENCE_COMMAND = 'npm run build && node scripts/gen-reference.mjs';

export function renderRuleReference(rules: readonly RuleInfo[]): string {
  const categories = [...new Set(rules.map((r) => r.category))].sort(compareCategories);
  const out = [
    '# Validation rules',
    '',
    `<!-- Generated from src/validate/rule-catalogue.ts by \`${RULE_REFERENCE_COMMAND}\`. Do not edit. -->`,
    '',
    `Every rule \`validate\` (CLI) and the validation tools (MCP) can report: ${rules.length} rules in`,
    `${categories.length} categories. A rule runs at its level and above (\`basic\` < \`strict\` < \`pedantic\`);`,
    "the severity shown is the rule's default, and some rules give single findings a milder or a stronger",
    'one. [validation.md](validation.md) explains the levels, the compliance score, the output formats and',
    'what validation predicts about a run.',
    '',
    ...categories.map((c) => `- [${categoryLabel(c)}](#${anchor(categoryLabel(c))})`),
  ];
  for (const category of categories) {
    const of = rules.filter((r) => r.category === category);
    out.push(
      '',
      `## ${categoryLabel(category)}`,
      '',
      `Category ${inlineCode(category)}: ${of.length === 1 ? 'one rule' : `${of.length} rules`}.`,
      '',
    );
    out.push(
      markdownTable(
        ['rule', 'severity', 'level', 'what it reports', 'ADL'],
        of.map((r) => [
          inlineCode(r.id),
          r.severity,
          r.level,
          markdownCell(r.title),
          markdownCell((r.adl ?? []).join(', ')),
        ]),
      ),
    );
  }
  return out.join('\n') + '\n';
}
