/** scorm_accessibility_audit: axe-core over the running SCO's frames, findings mapped to elements with fixes. */
import { z } from 'zod';
import { auditAccessibility, AUDIT_DEFAULTS, type AuditOptions } from '../../../dom/a11y/audit.js';
import { A11Y_LEVELS } from '../../../dom/a11y/levels.js';
import type { ServerContext } from '../../context.js';
import { defineTool, type ToolDefinition } from '../../tool.js';
import { a11yAudit } from '../output-schemas.js';
import { sessionId } from '../shared-schemas.js';

export const a11yLevelSchema = z
  .enum(A11Y_LEVELS)
  .describe('WCAG conformance level to check: A, AA (default; includes A) or AAA (includes A and AA).');

export function a11yTools(ctx: ServerContext): ToolDefinition[] {
  return [
    defineTool({
      name: 'scorm_accessibility_audit',
      group: 'dom',
      description:
        'Audit the running SCO for accessibility with axe-core (WCAG A/AA/AAA): every SCO frame, nested iframes included. Each violation names its rule, impact, WCAG criteria, a fix hint and the failing elements (frame, selector, HTML). Also lists what needs a manual check. Records no API call.',
      input: {
        session_id: sessionId,
        level: a11yLevelSchema.optional(),
        include_best_practices: z
          .boolean()
          .optional()
          .describe("Also run axe's best-practice rules (landmarks, heading order, …). Default false."),
        max_nodes_per_rule: z
          .number()
          .int()
          .min(1)
          .max(500)
          .optional()
          .describe('Most elements listed per rule (default 10); node_count always gives the total.'),
        timeout_ms: z
          .number()
          .int()
          .min(100)
          .max(300_000)
          .optional()
          .describe(
            'Time budget of the whole audit (default 30000); past it the audit stops with A11Y_AUDIT_ERROR.',
          ),
      },
      output: a11yAudit,
      handler: async (args) => {
        const runtime = ctx.sessions.get(args.session_id).requireRuntime();
        const options: AuditOptions = {
          level: args.level ?? AUDIT_DEFAULTS.level,
          includeBestPractices: args.include_best_practices ?? AUDIT_DEFAULTS.includeBestPractices,
          maxNodesPerRule: args.max_nodes_per_rule ?? AUDIT_DEFAULTS.maxNodesPerRule,
          timeoutMs: args.timeout_ms ?? AUDIT_DEFAULTS.timeoutMs,
        };
        return { data: await auditAccessibility(runtime, options) };
      },
    }),
  ];
}
