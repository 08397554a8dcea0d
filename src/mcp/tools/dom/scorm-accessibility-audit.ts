/** scorm_accessibility_audit: axe-core over the running SCO's frames, findings mapped to elements with fixes. */
import { z } from 'zod';
import { auditAccessibility, AUDIT_DEFAULTS, type AuditOptions } from '../../../dom/a11y/audit.js';
import { A11Y_LEVELS } from '../../../dom/a11y/levels.js';
import type { ServerContext } from '../../../app/context.js';
import { defineTool, READ_ONLY, type ToolDefinition } from '../../../app/tool.js';
import { a11yAudit } from './outputs.js';
import { sessionId } from '../shared-schemas.js';

export const a11yLevelSchema = z.enum(A11Y_LEVELS).describe('Default AA; each level includes those below.');

export function accessibilityAuditTool(ctx: ServerContext): ToolDefinition {
  return defineTool({
    name: 'scorm_accessibility_audit',
    group: 'dom',
    title: 'Accessibility audit',
    annotations: READ_ONLY,
    description:
      'Audit every SCO frame with axe-core (WCAG A/AA/AAA): each violation with rule, impact, criteria, fix hint and failing elements, plus what needs a manual check. Makes no SCORM call.',
    input: {
      session_id: sessionId,
      level: a11yLevelSchema.optional(),
      include_best_practices: z
        .boolean()
        .optional()
        .describe("axe's best-practice rules too (default false)."),
      max_nodes_per_rule: z
        .number()
        .int()
        .min(1)
        .max(500)
        .optional()
        .describe('Default 10; node_count gives the total.'),
      timeout_ms: z
        .number()
        .int()
        .min(100)
        .max(300_000)
        .optional()
        .describe('For the whole audit (default 30000).'),
    },
    output: a11yAudit,
    handler: async (args, call) => {
      const runtime = ctx.sessions.get(args.session_id).requireRuntime();
      const options: AuditOptions = {
        level: args.level ?? AUDIT_DEFAULTS.level,
        includeBestPractices: args.include_best_practices ?? AUDIT_DEFAULTS.includeBestPractices,
        maxNodesPerRule: args.max_nodes_per_rule ?? AUDIT_DEFAULTS.maxNodesPerRule,
        timeoutMs: args.timeout_ms ?? AUDIT_DEFAULTS.timeoutMs,
        control: { signal: call.signal, progress: call.progress },
      };
      return { data: await auditAccessibility(runtime, options) };
    },
  });
}
