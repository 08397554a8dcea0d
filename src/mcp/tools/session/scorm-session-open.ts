/** scorm_session_open: a session binds one package, its workspace, events and artifacts. */
import { z } from 'zod';
import type { ServerContext } from '../../../app/context.js';
import { CHANGES_STATE, defineTool, type ToolDefinition } from '../../../app/tool.js';
import { foreignGlobalObjectives, scormVersion } from '../output-schemas.js';
import { memoryBudgetMb, packagePath } from '../shared-schemas.js';
import { fail } from '../../../core/errors.js';
import { memoryBudgetProblem } from '../../../runtime/memory-budget.js';

export function sessionOpenTool(ctx: ServerContext): ToolDefinition {
  const { sessions } = ctx;
  return defineTool({
    name: 'scorm_session_open',
    group: 'session',
    title: 'Open session',
    annotations: CHANGES_STATE,
    description:
      "Open a session on a course package (a private workspace); scorm_runtime_open runs it. The course's network is off unless execution allows it; private addresses stay closed.",
    input: {
      package_path: packagePath,
      execution: z
        .object({
          allow_network: z.boolean().optional().describe('Public hosts (default false).'),
          allow_loopback: z.boolean().optional().describe("This machine's services (default false)."),
          memory_budget_mb: memoryBudgetMb,
        })
        .strict()
        .optional(),
      timeout_ms: z
        .number()
        .int()
        .min(1000)
        .max(24 * 3600 * 1000)
        .optional()
        .describe('Idle timeout (default 30 min).'),
      new_attempt: z.boolean().optional().describe('Ignore saved learner state (default false).'),
    },
    output: {
      session_id: z.string(),
      workspace_path: z.string(),
      package_root: z.string(),
      scorm_version: scormVersion.nullable(),
      course_id: z.string(),
      artifacts_manifest_path: z.string(),
      foreign_global_objectives: foreignGlobalObjectives,
    },
    handler: async (args) => {
      const budget = args.execution?.memory_budget_mb;
      const problem = budget === undefined ? null : memoryBudgetProblem(budget);
      if (problem) fail('INVALID_ARGUMENT', `execution.memory_budget_mb: ${problem}.`);
      const session = await sessions.open({
        packagePath: args.package_path,
        allowNetwork: args.execution?.allow_network ?? false,
        allowLoopback: args.execution?.allow_loopback ?? false,
        ...(args.execution?.memory_budget_mb === undefined
          ? {}
          : { memoryBudgetMb: args.execution.memory_budget_mb }),
        ...(args.timeout_ms ? { idleTimeoutMs: args.timeout_ms } : {}),
        newAttempt: args.new_attempt ?? false,
      });
      return {
        data: {
          session_id: session.id,
          workspace_path: session.workspace,
          package_root: session.packageRoot,
          scorm_version: session.parsed.manifest.scorm.version,
          course_id: session.courseId,
          artifacts_manifest_path: session.artifacts.manifestPath,
          foreign_global_objectives: session.foreignGlobalObjectives,
        },
      };
    },
  });
}
