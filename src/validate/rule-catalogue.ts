/**
 * Every rule `validate` can report, at every level, in the order a validation runs them: the manifest
 * read, its schemas, the content-packaging rules, sequencing, API usage, dependencies, the expected
 * version. docs/rules.md is generated from this list.
 */
import type { RuleInfo } from '../core/findings.js';
import { API_USAGE_RULES } from '../lint/api-usage/rules.js';
import { CAM_RULES } from '../lint/cam/index.js';
import { DEPENDENCY_RULES } from '../lint/deps/external-deps.js';
import { PLUGIN_CONTENT_RULE } from '../lint/deps/plugin-content.js';
import { SEQUENCING_RULES } from '../lint/sequencing/index.js';
import { XSD_RULE_LIST } from '../lint/xsd/rules.js';
import { PARSE_RULES } from './parse-findings.js';
import { VERSION_RULES } from './version-expectation.js';

export function allValidationRules(): RuleInfo[] {
  const rules = [
    ...PARSE_RULES,
    ...XSD_RULE_LIST,
    ...CAM_RULES.map((r) => r.info),
    ...SEQUENCING_RULES.map((r) => r.info),
    ...API_USAGE_RULES,
    ...DEPENDENCY_RULES,
    PLUGIN_CONTENT_RULE,
    ...VERSION_RULES,
  ];
  const byId = new Map<string, RuleInfo>();
  for (const rule of rules) if (!byId.has(rule.id)) byId.set(rule.id, rule);
  return [...byId.values()];
}
