/** scorm_get_data_model_history: Data model history. */
import { z } from 'zod';
import { queryHistory } from '../../../runtime/data-model/index.js';
import type { ServerContext } from '../../../app/context.js';
import { defineTool, READ_ONLY, type ToolDefinition } from '../../../app/tool.js';
import { count, epochMs, openObject } from '../output-schemas.js';
import { sessionId } from '../shared-schemas.js';
import { elementName } from './data-model-fields.js';

export function getDataModelHistoryTool(ctx: ServerContext): ToolDefinition {
  const { sessions } = ctx;
  return defineTool({
    name: 'scorm_get_data_model_history',
    group: 'runtime',
    title: 'Data model history',
    annotations: READ_ONLY,
    description:
      'Every data-model change of the open runtime in order (element, previousValue, newValue, source, timestamp), filtered and paged.',
    input: {
      session_id: sessionId,
      since_ts: z.number().optional().describe('Epoch ms.'),
      element_prefix: z.union([elementName, z.array(elementName).min(1).max(100)]).optional(),
      change_session_id: z.string().min(1).optional(),
      limit: z.number().int().min(1).max(100_000).optional(),
      offset: z.number().int().min(0).optional(),
    },
    output: {
      session_id: z.string(),
      changes: z.array(
        openObject({
          element: z.string(),
          previousValue: z.string().nullable(),
          newValue: z.string(),
          source: z.enum(['api:SetValue', 'internal']),
          timestamp: epochMs,
          timestampIso: z.string(),
          sessionId: z.string(),
          scoId: z.string(),
          attempt: z.number(),
        }),
      ),
      total: count.describe('Changes that passed the filters (before limit/offset).'),
      has_more: z.boolean(),
      dropped_changes: count.optional(),
      unrecorded_calls: count.optional(),
    },
    handler: async (args) => {
      const runtime = sessions.get(args.session_id).requireRuntime();
      const page = queryHistory(runtime.log.dataChanges, args.session_id, {
        sinceTs: args.since_ts,
        elementPrefix: args.element_prefix,
        changeSessionId: args.change_session_id,
        limit: args.limit,
        offset: args.offset,
      });
      return {
        data: {
          session_id: args.session_id,
          ...page,
          ...(runtime.log.dropped.changes > 0 ? { dropped_changes: runtime.log.dropped.changes } : {}),
          ...(runtime.log.dropped.calls > 0 ? { unrecorded_calls: runtime.log.dropped.calls } : {}),
        },
      };
    },
  });
}
