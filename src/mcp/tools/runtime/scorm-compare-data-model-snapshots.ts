/** scorm_compare_data_model_snapshots: Diff data model snapshots. */
import { z } from 'zod';
import { compareSnapshots } from '../../../runtime/data-model/index.js';
import type { ServerContext } from '../../../app/context.js';
import { defineTool, READ_ONLY, type ToolDefinition } from '../../../app/tool.js';
import { count } from '../output-schemas.js';

export function compareDataModelSnapshotsTool(_ctx: ServerContext): ToolDefinition {
  return defineTool({
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
  });
}
