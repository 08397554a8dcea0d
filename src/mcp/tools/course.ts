/** Course lifecycle with saved learner state (persistence flow): open, close, reload, clear. */
import { z } from 'zod';
import { fail } from '../../core/errors.js';
import { parseManifestFile } from '../../manifest/index.js';
import { openPackage } from '../../package/open-package.js';
import { LearnerStateStore } from '../../session/navigation/learner-state.js';
import type { Session } from '../../session/session.js';
import type { ServerContext } from '../../app/context.js';
import {
  REPLACES_SAVED,
  CHANGES_STATE,
  defineTool,
  type ToolContext,
  type ToolData,
  type ToolDefinition,
} from '../../app/tool.js';
import { foreignGlobalObjectives, scormVersion, viewport } from './output-schemas.js';
import { resumeData, resumeOutput } from './resume-output.js';
import { packagePath, sessionId, viewportSchema } from './shared-schemas.js';
import { closeSessionHandler, sessionCloseOutput } from './session/scorm-session-close.js';

/** A course opened and launched: its session, runtime, SCO and whether saved state was resumed. */
const courseOpenedOutput = {
  session_id: z.string(),
  runtime_id: z.string(),
  course_id: z.string(),
  scorm_version: scormVersion,
  launch_url: z.string().nullable(),
  sco_id: z.string().nullable(),
  ...resumeOutput,
  saved_state_path: z.string().nullable(),
  workspace_path: z.string(),
  viewport,
  foreign_global_objectives: foreignGlobalObjectives,
};

function openedData(session: Session): ToolData<typeof courseOpenedOutput> {
  const runtime = session.requireRuntime();
  const resume = session.resume;
  return {
    session_id: session.id,
    runtime_id: runtime.id,
    course_id: session.courseId,
    scorm_version: session.version,
    launch_url: session.launch?.launchUrl ?? null,
    sco_id: session.launch?.item.identifier ?? null,
    ...resumeData(session),
    saved_state_path: resume?.path ?? null,
    workspace_path: session.workspace,
    viewport: runtime.viewport,
    foreign_global_objectives: session.foreignGlobalObjectives,
  };
}

export function courseTools(ctx: ServerContext): ToolDefinition[] {
  const { sessions } = ctx;
  const openCourse = async (
    args: {
      package_path: string;
      viewport?: z.infer<typeof viewportSchema>;
      new_attempt?: boolean;
      item_id?: string;
    },
    call: ToolContext,
  ): Promise<Session> => {
    const session = await sessions.open({
      packagePath: args.package_path,
      newAttempt: args.new_attempt ?? false,
    });
    try {
      await session.openRuntime({
        viewport: args.viewport,
        itemId: args.item_id,
        control: { signal: call.signal, progress: call.progress },
      });
    } catch (error) {
      await sessions.discard(session.id);
      throw error;
    }
    return session;
  };

  return [
    defineTool({
      name: 'scorm_open_course',
      group: 'session',
      title: 'Open course',
      annotations: CHANGES_STATE,
      description:
        'Open a session and launch its course in one call. Resumes where the learner suspended (exit "suspend" with learner data; a sequenced course through resumeAll at the suspended SCO); new_attempt=true starts fresh without deleting it.',
      input: {
        package_path: packagePath,
        viewport: viewportSchema.optional(),
        new_attempt: z.boolean().optional(),
        item_id: z.string().min(1).optional().describe('Default: the first SCO.'),
      },
      output: courseOpenedOutput,
      handler: async (args, call) => ({ data: openedData(await openCourse(args, call)) }),
    }),
    defineTool({
      name: 'scorm_close_course',
      group: 'session',
      title: 'Close course',
      annotations: { readOnlyHint: false, destructiveHint: true, idempotentHint: true, openWorldHint: false },
      description:
        'Close a course like a learner: the SCO unloads (an empty cmi.exit becomes "suspend"), the attempt ends and its data is saved (saved_from "record" when the page could not answer); the session ends. success=false with save_error when nothing could be saved.',
      input: { session_id: sessionId },
      output: sessionCloseOutput,
      handler: closeSessionHandler(sessions),
    }),
    defineTool({
      name: 'scorm_reload_course',
      group: 'session',
      title: 'Reload course',
      annotations: REPLACES_SAVED,
      description:
        'Close the course (saving, as scorm_close_course) and open it again in a new session; force_new=true starts a fresh attempt without deleting saved state.',
      input: {
        session_id: sessionId,
        package_path: packagePath.optional().describe('Default: the package of the closed session.'),
        force_new: z.boolean().optional(),
        viewport: viewportSchema.optional(),
      },
      output: {
        ...courseOpenedOutput,
        previous_session_id: z.string(),
        previous_saved_state_path: z.string().nullable(),
      },
      handler: async (args, call) => {
        const old = sessions.get(args.session_id);
        const path = args.package_path ?? old.options.packagePath;
        const viewport = args.viewport ?? (old.runtime?.isOpen ? old.runtime.viewport : undefined);
        const closed = await sessions.close(args.session_id);
        if (closed.save_error) {
          fail(
            closed.save_error.error_code,
            `Session ${args.session_id} was closed, but its learner state was not saved (${closed.save_error.message}), so the course was not reopened. Fix the cause, then call scorm_open_course.`,
            { previous_session_id: args.session_id, save_error: closed.save_error },
          );
        }
        const session = await openCourse(
          {
            package_path: path,
            new_attempt: args.force_new ?? false,
            viewport: viewport ? { width: viewport.width, height: viewport.height } : undefined,
          },
          call,
        );
        sessions.replaced(args.session_id, session);
        return {
          data: {
            ...openedData(session),
            previous_session_id: args.session_id,
            previous_saved_state_path: closed.saved_state_path,
          },
        };
      },
    }),
    defineTool({
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
          const courseId =
            (await parseManifestFile(pkg.manifestPath)).manifest.identifier || 'unknown_course';
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
    }),
  ];
}
