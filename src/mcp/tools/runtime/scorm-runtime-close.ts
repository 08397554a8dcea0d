/** scorm_runtime_close: Close runtime. */
import type { ServerContext } from '../../../app/context.js';
import { defineTool, type ToolDefinition } from '../../../app/tool.js';
import { sessionId } from '../shared-schemas.js';
import { runtimeClose } from '../output-schemas.js';

export function runtimeCloseTool(ctx: ServerContext): ToolDefinition {
  const { sessions } = ctx;
  return defineTool({
    name: 'scorm_runtime_close',
    group: 'runtime',
    title: 'Close runtime',
    annotations: { readOnlyHint: false, destructiveHint: true, idempotentHint: true, openWorldHint: false },
    description:
      'Close the runtime and keep the session: the SCO unloads and its state is saved as scorm_close_course does. Works after a crash too (what the course set is then saved from the record).',
    input: { session_id: sessionId },
    output: runtimeClose,
    handler: async (args) => {
      const session = sessions.get(args.session_id);
      const result = await session.closeRuntime();
      return { data: { success: result.save_error === null, ...result } };
    },
  });
}
