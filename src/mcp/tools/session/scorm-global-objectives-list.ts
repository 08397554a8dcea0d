/** scorm_global_objectives_list: what a learner carries from course to course. */
import { z } from 'zod';
import { DEFAULT_LEARNER_ID } from '../../../rte/adapter/rte-init.js';
import { LearnerStateStore } from '../../../session/navigation/learner-state.js';
import { reportedObjective } from '../../../session/navigation/foreign-objectives.js';
import type { ServerContext } from '../../../app/context.js';
import { defineTool, READ_ONLY, type ToolDefinition } from '../../../app/tool.js';
import { globalObjective } from '../output-schemas.js';

export const learnerId = z
  .string()
  .min(1)
  .max(255)
  .optional()
  .describe(`The learner (default ${DEFAULT_LEARNER_ID}, the one every session runs as).`);

export function globalObjectivesListTool(ctx: ServerContext): ToolDefinition {
  return defineTool({
    name: 'scorm_global_objectives_list',
    group: 'session',
    title: 'List global objectives',
    annotations: READ_ONLY,
    description:
      "A learner's global objectives (objectivesGlobalToSystem), shared by every course the learner takes, each with its status and the course that last wrote it. A sequenced course reads those its objective maps name.",
    input: { learner_id: learnerId },
    output: {
      learner_id: z.string(),
      path: z.string().describe("The learner's file."),
      objectives: z.array(globalObjective),
    },
    handler: async (args) => {
      const id = args.learner_id ?? DEFAULT_LEARNER_ID;
      const store = new LearnerStateStore(ctx.sessions.store.dir);
      const state = await store.load(id);
      return {
        data: {
          learner_id: id,
          path: store.pathFor(id),
          objectives: state.objectives().map(reportedObjective),
        },
      };
    },
  });
}
