/** scorm_dom_query: Query element. */
import { z } from 'zod';
import { queryElement } from '../../../dom/query/query-element.js';
import type { ServerContext } from '../../../app/context.js';
import { defineTool, READ_ONLY, type ToolDefinition } from '../../../app/tool.js';
import { count } from '../output-schemas.js';
import { sessionId } from '../shared-schemas.js';
import { frameLabel, selector, ref } from './read-fields.js';

export function domQueryTool(ctx: ServerContext): ToolDefinition {
  const { sessions } = ctx;
  return defineTool({
    name: 'scorm_dom_query',
    group: 'dom',
    title: 'Query element',
    annotations: READ_ONLY,
    description:
      'State of one SCO element: text, attributes, visibility, computed styles, value/checked. No match: found=false; several: the first, with match_count.',
    input: {
      session_id: sessionId,
      selector: selector.optional(),
      ref: ref.optional(),
      query_type: z.enum(['all', 'text', 'attributes', 'visibility', 'styles', 'value']).optional(),
      frame: frameLabel.optional(),
    },
    output: {
      found: z.boolean(),
      selector: z.string().describe("For a ref: the element's own unique selector."),
      ref: z.string().optional(),
      frame: z.string().optional(),
      match_count: count,
      tagName: z.string().optional(),
      textContent: z.string().optional(),
      attributes: z.record(z.string(), z.string()).optional(),
      visible: z.boolean().optional(),
      computedStyles: z.record(z.string(), z.string()).optional(),
      value: z.union([z.string(), z.boolean(), z.array(z.string()), z.null()]).optional(),
      frames_searched: z.array(z.string()).optional(),
      notes: z.array(z.string()).optional().describe('Facts not given, and why.'),
    },
    handler: async (args) => {
      const runtime = sessions.get(args.session_id).requireRuntime();
      const result = await queryElement(
        runtime,
        { selector: args.selector, ref: args.ref, frame: args.frame },
        args.query_type ?? 'all',
      );
      return { data: result };
    },
  });
}
