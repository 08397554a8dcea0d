/** scorm_validate_data_model_state: Check data model. */
import { z } from 'zod';
import { validateState } from '../../../runtime/data-model/index.js';
import type { ServerContext } from '../../../app/context.js';
import { defineTool, READ_ONLY, type ToolDefinition } from '../../../app/tool.js';
import { count, openObject } from '../output-schemas.js';
import { sessionId } from '../shared-schemas.js';
import { elementName } from './data-model-fields.js';

export function validateDataModelStateTool(ctx: ServerContext): ToolDefinition {
  const { sessions } = ctx;
  return defineTool({
    name: 'scorm_validate_data_model_state',
    group: 'runtime',
    title: 'Check data model',
    annotations: READ_ONLY,
    description:
      'Compare the running course\'s data model with expected values, e.g. {"cmi.score.raw":80}; null means no value. Each mismatch gets a hint from the call log (never set, set otherwise, rejected).',
    input: {
      session_id: sessionId,
      expected: z
        .record(elementName, z.union([z.string(), z.number(), z.boolean(), z.null()]))
        .refine((r) => Object.keys(r).length > 0, 'expected must name at least one element'),
    },
    output: {
      valid: z.boolean(),
      total_elements: count,
      matches: count,
      issues: z.array(
        openObject({
          element: z.string(),
          expected: z.union([z.string(), z.number(), z.boolean(), z.null()]),
          actual: z.string().nullable(),
          reason: z.enum(['unknown_element', 'never_set', 'rejected', 'different_value', 'missing']),
          hint: z.string(),
        }),
      ),
      matched_elements: z.array(z.string()),
    },
    handler: async (args) => {
      const runtime = sessions.get(args.session_id).requireRuntime();
      const snapshot = await runtime.getDataModel();
      const result = validateState({
        version: runtime.version,
        snapshot,
        changes: runtime.log.dataChanges,
        calls: runtime.calls,
        expected: args.expected,
      });
      return { data: result };
    },
  });
}
