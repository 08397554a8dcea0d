/** What the course tools share: opening a package and launching its course, and what that returns. */
import { z } from 'zod';
import type { Session } from '../../../session/session.js';
import type { SessionManager } from '../../../session/session-manager.js';
import type { ToolContext, ToolData } from '../../../app/tool.js';
import { foreignGlobalObjectives, scormVersion, viewport } from '../output-schemas.js';
import { resumeData, resumeOutput } from '../resume-output.js';
import { viewportSchema } from '../shared-schemas.js';

/** A course opened and launched: its session, runtime, SCO and whether saved state was resumed. */
export const courseOpenedOutput = {
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

export function openedData(session: Session): ToolData<typeof courseOpenedOutput> {
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

/** Opens a session on the package and launches its course; the session is discarded when launch fails. */
export function courseOpener(sessions: SessionManager) {
  return async (
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
}
