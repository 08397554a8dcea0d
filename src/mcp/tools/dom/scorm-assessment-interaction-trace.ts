/**
 * scorm_assessment_interaction_trace: learner actions with before/after correlation (answer state, API
 * calls, data-model changes, console errors), the path each took (automation or DOM), and the issues
 * the trace shows.
 */
import { z } from 'zod';
import { traceInteractions } from '../../../dom/scenario/trace.js';
import type { ServerContext } from '../../../app/context.js';
import { ACTS_IN_COURSE, defineTool, type ToolDefinition } from '../../../app/tool.js';
import { changes, count, openObject } from '../output-schemas.js';
import { sessionId } from '../shared-schemas.js';
import { fillValue, targetInput, waitOptions } from './action-fields.js';
import { interactionFields } from './interaction-fields.js';

const traceAction = z
  .object({
    type: z.enum(['click', 'fill', 'wait']),
    ...targetInput,
    value: fillValue.optional(),
    ms: z.number().int().min(0).max(30_000).optional().describe('For a wait.'),
    ...interactionFields,
  })
  .strict();

export function assessmentInteractionTraceTool(ctx: ServerContext): ToolDefinition {
  return defineTool({
    name: 'scorm_assessment_interaction_trace',
    group: 'dom',
    title: 'Trace assessment answers',
    annotations: ACTS_IN_COURSE,
    description:
      'Run answer actions; per action: answer state before/after, API calls, data changes, console errors. issues_detected (with fixes): answers missing from cmi.interactions, no result, SetValue errors, scores not committed.',
    input: {
      session_id: sessionId,
      actions: z.array(traceAction).min(1).max(100),
      capture_mode: z.enum(['standard', 'detailed']).optional().describe('Default standard.'),
      settle_ms: waitOptions.settle_ms,
      wait_timeout_ms: waitOptions.wait_timeout_ms,
      stop_on_failure: z.boolean().optional().describe('Default true.'),
    },
    output: {
      capture_mode: z.enum(['standard', 'detailed']),
      automation_available: z.boolean(),
      steps: z.array(
        openObject({
          index: count,
          action: z.unknown().describe('The action as given.'),
          path: z.enum(['dom', 'automation']).nullable().describe('null for a wait.'),
          ok: z.boolean(),
          error: openObject({ code: z.string(), message: z.string() }).optional(),
          target_state: z
            .object({ before: z.unknown(), after: z.unknown(), changed: z.boolean() })
            .optional()
            .describe('The answer before and after the action.'),
          changes,
          duration_ms: z.number(),
        }),
      ),
      issues_detected: z.array(
        z.object({
          type: z.string(),
          severity: z.enum(['error', 'warning']),
          step_index: count,
          message: z.string(),
          fix: z.string(),
          element: z.string().optional(),
          call_index: count.optional(),
        }),
      ),
      summary: z.object({
        total_actions: count,
        actions_run: count,
        successful_actions: count,
        total_api_calls: count,
        data_model_elements_changed: count,
        failed_at_index: count.optional(),
      }),
    },
    handler: async (args) => {
      const runtime = ctx.sessions.get(args.session_id).requireRuntime();
      const report = await traceInteractions(runtime, args.actions, {
        detailed: args.capture_mode === 'detailed',
        settleMs: args.settle_ms ?? 0,
        waitTimeoutMs: args.wait_timeout_ms,
        stopOnFailure: args.stop_on_failure ?? true,
      });
      return { data: { capture_mode: args.capture_mode ?? 'standard', ...report } };
    },
  });
}
