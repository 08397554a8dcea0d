/** scorm_get_data_model_history: Data model history. */
import { z } from 'zod';
import { queryHistory } from '../../../runtime/data-model/index.js';
import type { ServerContext } from '../../../app/context.js';
import { defineTool, READ_ONLY, type ToolDefinition } from '../../../app/tool.js';
import { count, epochMs, openObject } from '../output-schemas.js';
import { sessionId } from '../shared-schemas.js';
import { listingInput } from '../listing-schemas.js';
import { recordedRuntime } from '../../../app/recorded-runtime.js';
import { stringView } from '../../../output/answer-budget.js';
import { closedMark, sessionClosedOutput } from '../session/closed-record.js';
import { elementName } from './data-model-fields.js';

export function getDataModelHistoryTool(ctx: ServerContext): ToolDefinition {
  const { sessions } = ctx;
  return defineTool({
    name: 'scorm_get_data_model_history',
    group: 'runtime',
    title: 'Data model history',
    annotations: READ_ONLY,
    description: 'Data-model changes in order, filtered and paged.',
    input: {
      session_id: sessionId,
      since_ts: z.number().optional().describe('Epoch ms.'),
      element_prefix: z.union([elementName, z.array(elementName).min(1).max(100)]).optional(),
      change_session_id: z.string().min(1).optional(),
      limit: z.number().int().min(1).max(100_000).optional(),
      ...listingInput,
    },
    output: {
      session_id: z.string(),
      changes: z.array(
        openObject({
          index: count.describe(
            'Position in the history. A value shown in part: cursor=index, limit 1, detail "full", text_offset.',
          ),
          element: z.string(),
          previousValue: z.string().nullable(),
          newValue: z.string(),
          previousValueLength: count.optional().describe('Whole length, when previousValue shows part.'),
          newValueLength: count.optional().describe('Whole length, when newValue shows part.'),
          source: z.enum(['api:SetValue', 'internal']),
          timestamp: epochMs,
          timestampIso: z.string(),
          sessionId: z.string(),
          scoId: z.string(),
          attempt: z.number(),
        }),
      ),
      total: count.describe('Changes that passed the filters, on every page.'),
      has_more: z.boolean(),
      next_cursor: z.string().nullable().describe('Pass as cursor for the next page; null on the last.'),
      dropped_changes: count.optional(),
      unrecorded_calls: count.optional(),
      ...sessionClosedOutput,
    },
    handler: async (args) => {
      const { runtime, closed } = recordedRuntime(sessions, args.session_id);
      const page = queryHistory(runtime.log.dataChanges, args.session_id, {
        sinceTs: args.since_ts,
        elementPrefix: args.element_prefix,
        changeSessionId: args.change_session_id,
        limit: args.limit,
        cursor: args.cursor,
        view: stringView(args.detail, args.text_offset),
      });
      return {
        data: {
          session_id: args.session_id,
          ...page,
          ...(runtime.log.dropped.changes > 0 ? { dropped_changes: runtime.log.dropped.changes } : {}),
          ...(runtime.log.dropped.calls > 0 ? { unrecorded_calls: runtime.log.dropped.calls } : {}),
          ...closedMark(closed),
        },
      };
    },
  });
}
