/** scorm_global_objectives_clear: a learner's global objectives removed, so a course starts without them. */
import { z } from 'zod';
import { fail } from '../../../core/errors.js';
import { DEFAULT_LEARNER_ID } from '../../../rte/adapter/rte-init.js';
import { LearnerStateStore } from '../../../session/navigation/learner-state.js';
import type { ServerContext } from '../../../app/context.js';
import { defineTool, type ToolDefinition } from '../../../app/tool.js';
import { learnerId } from './scorm-global-objectives-list.js';

export function globalObjectivesClearTool(ctx: ServerContext): ToolDefinition {
  return defineTool({
    name: 'scorm_global_objectives_clear',
    group: 'session',
    title: 'Clear global objectives',
    annotations: { readOnlyHint: false, destructiveHint: true, idempotentHint: true, openWorldHint: false },
    description:
      "Delete a learner's global objectives (all, or those in ids) so the next course starts without others' results; adl.data and saved states stay. Refused while a session runs sequencing.",
    input: {
      learner_id: learnerId,
      ids: z
        .array(z.string().min(1).max(4000))
        .max(1000)
        .optional()
        .describe('Target objective ids (default all).'),
    },
    output: {
      learner_id: z.string(),
      path: z.string().describe("The learner's file."),
      cleared: z.array(z.string()).describe('Ids deleted (none: nothing matched).'),
      kept: z.array(z.string()).describe('Ids still held.'),
    },
    handler: async (args) => {
      const id = args.learner_id ?? DEFAULT_LEARNER_ID;
      // A running navigator saves its in-memory copy after every step: it would bring them back.
      const running = ctx.sessions
        .list()
        .filter((s) => s.navigator !== null && s.state !== 'closed')
        .map((s) => s.id);
      if (running.length > 0) {
        fail(
          'INVALID_ARGUMENT',
          `Sequencing is running in session ${running.join(', ')} and would write its copy of the global objectives back. Close those sessions (scorm_session_close), then clear.`,
          { sessions: running },
        );
      }
      const result = await new LearnerStateStore(ctx.sessions.store.dir).clearObjectives(
        id,
        undefined,
        args.ids ?? null,
      );
      return { data: { learner_id: id, ...result } };
    },
  });
}
