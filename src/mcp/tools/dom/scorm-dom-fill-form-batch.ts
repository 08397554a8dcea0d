/** scorm_dom_fill_form_batch: Fill form fields. */
import { z } from 'zod';
import { fillFormBatch } from '../../../dom/actions/batch.js';
import { automationContext } from '../../../dom/automation/control-link.js';
import { apiAwareRoute } from '../../../dom/scenario/automation-field.js';
import type { ServerContext } from '../../../app/context.js';
import { ACTS_IN_COURSE, defineTool, type ToolDefinition } from '../../../app/tool.js';
import { changes, count, openObject } from '../output-schemas.js';
import { sessionId } from '../shared-schemas.js';
import {
  waitOptions,
  screenshot,
  batchFieldSchema,
  screenshotOutput,
  actionRunner,
} from './action-fields.js';

export function domFillFormBatchTool(ctx: ServerContext): ToolDefinition {
  const act = actionRunner(ctx.sessions);
  return defineTool({
    name: 'scorm_dom_fill_form_batch',
    group: 'dom',
    title: 'Fill form fields',
    annotations: ACTS_IN_COURSE,
    description:
      "Fill fields in order, each as scorm_dom_fill does (or an interaction through SCORMAutomation), past failures unless stop_on_error. Returns each field's result and the whole batch's changes.",
    input: {
      session_id: sessionId,
      fields: z.array(batchFieldSchema).min(1).max(200),
      stop_on_error: z.boolean().optional(),
      settle_ms: waitOptions.settle_ms,
      screenshot,
    },
    output: {
      window: z.string().optional().describe('URL of the window the course opened, where it acted.'),
      automation_available: z.boolean(),
      total_fields: count,
      successful: count,
      failed: count,
      skipped: count.describe('Not attempted: stop_on_error stopped the batch.'),
      results: z.array(
        openObject({
          index: count,
          target: z.string(),
          path: z.string().describe('dom or automation.'),
          path_reason: z.string().optional(),
          success: z.boolean(),
          element: z.unknown().optional(),
          frame: z.string().optional(),
          activation: z.string().optional(),
          changes: changes.optional(),
          error: openObject({ error_code: z.string(), message: z.string() }).optional(),
        }),
      ),
      errors: z
        .array(z.object({ index: count, target: z.string(), error_code: z.string(), message: z.string() }))
        .optional(),
      changes,
      screenshot: screenshotOutput,
    },
    handler: async (args, call) =>
      act(args, 'scorm_dom_fill_form_batch', async (runtime) => {
        // Checked once per call: each field then takes the automation API when it can (path, path_reason).
        const context = await automationContext(runtime);
        const batch = await fillFormBatch(runtime, args.fields, {
          stopOnError: args.stop_on_error,
          settleMs: args.settle_ms,
          route: apiAwareRoute(context),
          signal: call.signal,
          progress: call.progress,
        });
        return { automation_available: context.availability.available, ...batch };
      }),
  });
}
