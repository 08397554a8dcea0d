/** scorm_data_model_get: Read data model. */
import { z } from 'zod';
import { elementMetadata, selectElements, type ElementMetadata } from '../../../runtime/data-model/index.js';
import type { ServerContext } from '../../../app/context.js';
import { defineTool, READ_ONLY, type ToolData, type ToolDefinition } from '../../../app/tool.js';
import { sessionId } from '../shared-schemas.js';
import { compactElementNames, dataModelPage } from '../../../output/data-model-view.js';
import { elementName, dataModelGetOutput } from './data-model-fields.js';

export function dataModelGetTool(ctx: ServerContext): ToolDefinition {
  const { sessions } = ctx;
  return defineTool({
    name: 'scorm_data_model_get',
    group: 'runtime',
    title: 'Read data model',
    annotations: READ_ONLY,
    description:
      'Read data-model elements from the engine (no API call); no names: all set. Named unset: in unset; bad: in errors. Paged.',
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
  });
}
