/** Reading, tracing and checking the data model of a running course. */
import { z } from 'zod';
import {
  compareSnapshots,
  elementMetadata,
  queryHistory,
  selectElements,
  validateState,
  type ElementMetadata,
} from '../../../runtime/data-model/index.js';
import type { ServerContext } from '../../../app/context.js';
import { defineTool, READ_ONLY, type ToolData, type ToolDefinition } from '../../../app/tool.js';
import { count, epochMs, openObject, recordedValue } from '../output-schemas.js';
import { sessionId } from '../shared-schemas.js';
import { compactElementNames, dataModelPage } from '../../../output/data-model-view.js';

const elementName = z.string().min(1).max(500);

const dataModelGetOutput = {
  data: z.record(z.string(), recordedValue).describe('Element name -> value.'),
  element_count: count.describe('Elements matched, on all pages.'),
  next_cursor: z.string().optional().describe('Pass as cursor for the rest.'),
  remaining: count.optional(),
  metadata: z
    .record(
      z.string(),
      z
        .object({
          access: z.enum(['ro', 'wo', 'rw']),
          type: z.string(),
          expected: z.string(),
          keyword: z.string().optional(),
        })
        .nullable(),
    )
    .optional()
    .describe('With include_metadata: access and type per element.'),
  errors: z
    .array(z.object({ element: z.string(), reason: z.string(), message: z.string() }))
    .optional()
    .describe('Names that gave no value, and why (unset elements are in unset).'),
  unset: z
    .array(z.string())
    .optional()
    .describe(
      "Elements of the course's SCORM version that hold no value: never set and without a default, or in a collection that is empty. Siblings are said once: cmi.interactions.[0-3,7].latency.",
    ),
};

export function dataModelTools(ctx: ServerContext): ToolDefinition[] {
  const { sessions } = ctx;
  return [
    defineTool({
      name: 'scorm_data_model_get',
      group: 'runtime',
      title: 'Read data model',
      annotations: READ_ONLY,
      description:
        'Read data-model elements from the engine (no API call); no names: all. Unset: in unset; bad names: in errors. Paged.',
      input: {
        session_id: sessionId,
        elements: z.array(elementName).max(1000).optional(),
        patterns: z.array(elementName).max(100).optional().describe('e.g. ["cmi.interactions.*"].'),
        include_metadata: z.boolean().optional(),
        cursor: z.string().max(20).optional(),
        detail: z.enum(['full']).optional().describe('Values whole (default: 4,000 chars).'),
      },
      output: dataModelGetOutput,
      handler: async (args) => {
        const runtime = sessions.get(args.session_id).requireRuntime();
        const snapshot = await runtime.getDataModel();
        const { data, errors } = selectElements(runtime.version, snapshot, {
          elements: args.elements,
          patterns: args.patterns,
        });
        const page = dataModelPage(data, { cursor: args.cursor, detail: args.detail });
        const result: ToolData<typeof dataModelGetOutput> = {
          data: page.data,
          element_count: Object.keys(data).length,
          ...(page.next_cursor !== null ? { next_cursor: page.next_cursor, remaining: page.remaining } : {}),
        };
        if (args.include_metadata) {
          const metadata: Record<string, ElementMetadata | null> = {};
          for (const name of Object.keys(page.data)) metadata[name] = elementMetadata(runtime.version, name);
          result.metadata = metadata;
        }
        // An element that simply has no value yet is not an error: one name each says it.
        const unset = errors.filter((e) => e.reason === 'not_available').map((e) => e.element);
        const realErrors = errors.filter((e) => e.reason !== 'not_available');
        if (unset.length > 0) result.unset = compactElementNames(unset);
        if (realErrors.length > 0) result.errors = realErrors;
        return { data: result };
      },
    }),
    defineTool({
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
    }),
    defineTool({
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
            reason: z.string(),
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
    }),
    defineTool({
      name: 'scorm_compare_data_model_snapshots',
      group: 'runtime',
      title: 'Diff data model snapshots',
      annotations: READ_ONLY,
      description:
        'Diff two data-model snapshots (flat "cmi.x" keys, nested objects or scorm_data_model_get results): added, changed, unchanged, removed.',
      input: {
        before: z.record(z.string(), z.unknown()),
        after: z.record(z.string(), z.unknown()),
      },
      output: {
        summary: z.object({
          total_elements: count,
          added: count,
          changed: count,
          unchanged: count,
          removed: count,
        }),
        added: z.array(z.object({ element: z.string(), value: z.unknown() })),
        changed: z.array(z.object({ element: z.string(), before: z.unknown(), after: z.unknown() })),
        unchanged: z.array(z.object({ element: z.string(), value: z.unknown() })),
        removed: z.array(z.object({ element: z.string(), value: z.unknown() })),
      },
      handler: async (args) => ({ data: compareSnapshots(args.before, args.after) }),
    }),
  ];
}
