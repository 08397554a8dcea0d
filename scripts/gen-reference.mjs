// Writes the generated reference pages: docs/tools.md (every MCP tool, from the tool definitions) and
// docs/rules.md (every validation rule, from the rule catalogue). Needs `npm run build` first.
// Usage: node scripts/gen-reference.mjs   (test/unit/docs/tool-reference.test.ts and rule-reference.test.ts fail when they are stale)
import { writeFileSync } from 'node:fs';
import { allToolDefinitions, renderToolReference } from '../dist/src/mcp/reference/tool-reference.js';
import { renderRuleReference } from '../dist/src/report/rule-reference.js';
import { allValidationRules } from '../dist/src/validate/rule-catalogue.js';

writeFileSync('docs/tools.md', renderToolReference(await allToolDefinitions()));
writeFileSync('docs/rules.md', renderRuleReference(allValidationRules()));
console.log('Wrote docs/tools.md and docs/rules.md');
