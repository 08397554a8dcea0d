/** scorm_clear_saved_data: forget a course's saved learner state. */
import { z } from 'zod';
import { parseManifestFile } from '../../../manifest/index.js';
import { openPackage } from '../../../package/open-package.js';
import { LearnerStateStore } from '../../../session/navigation/learner-state.js';
import type { ServerContext } from '../../../app/context.js';
import { defineTool, type ToolDefinition } from '../../../app/tool.js';
import { packagePath } from '../shared-schemas.js';

export function clearSavedDataTool(ctx: ServerContext): ToolDefinition {
  const { sessions } = ctx;
  return defineTool({
    name: 'scorm_clear_saved_data',
    group: 'session',
    title: 'Clear saved learner state',
    annotations: { readOnlyHint: false, destructiveHint: true, idempotentHint: true, openWorldHint: false },
    description:
      "Delete a course's saved learner state (each SCO's data and the sequencing state): the next open starts fresh. include_learner_state=true also deletes the learner's global objectives and adl.data, which all courses share.",
    input: {
      package_path: packagePath,
      include_learner_state: z.boolean().optional(),
    },
    output: {
      success: z.boolean(),
      course_id: z.string(),
      path: z.string().describe("The course's saved-state file."),
      deleted: z.boolean().describe('false: there was nothing saved.'),
      learner_state: z
        .object({ path: z.string(), deleted: z.boolean() })
        .optional()
        .describe("With include_learner_state: the learner's file."),
    },
    handler: async (args) => {
      const pkg = await openPackage(args.package_path);
      try {
        const courseId = (await parseManifestFile(pkg.manifestPath)).manifest.identifier || 'unknown_course';
        const result = await sessions.store.clear({ courseId });
        const learner = args.include_learner_state
          ? await new LearnerStateStore(sessions.store.dir).clear()
          : null;
        return {
          data: {
            success: true,
            course_id: courseId,
            ...result,
            ...(learner ? { learner_state: learner } : {}),
          },
        };
      } finally {
        await pkg.cleanup();
      }
    },
  });
}
