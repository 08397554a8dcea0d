/** Session lifecycle tools: a session binds one package, its workspace, events and artifacts. */
import { z } from 'zod';
import {
  ANSWER_BUDGET_BYTES,
  pageWithinBudget,
  stringView,
  viewPayload,
} from '../../output/answer-budget.js';
import { listingInput } from './listing-schemas.js';
import type { ServerContext } from '../../app/context.js';
import {
  CHANGES_STATE,
  defineTool,
  READ_ONLY,
  type ToolData,
  type ToolDefinition,
  type ToolResult,
} from '../../app/tool.js';
import type { SessionManager } from '../../session/session-manager.js';
import {
  count,
  epochMs,
  foreignGlobalObjectives,
  runtimeClose,
  scormVersion,
  sessionEvent,
} from './output-schemas.js';
import { memoryBudgetMb, packagePath, sessionId } from './shared-schemas.js';
import { fail } from '../../core/errors.js';
import { memoryBudgetProblem } from '../../runtime/memory-budget.js';
import { globalObjectivesClearTool } from './learner/scorm-global-objectives-clear.js';
import { globalObjectivesListTool } from './learner/scorm-global-objectives-list.js';

export function sessionTools(ctx: ServerContext): ToolDefinition[] {
  const { sessions } = ctx;
  return [
    defineTool({
      name: 'scorm_session_open',
      group: 'session',
      title: 'Open session',
      annotations: CHANGES_STATE,
      description:
        "Open a session on a course package (a private workspace); scorm_runtime_open runs it. The course's network is off unless execution allows it; private addresses stay closed.",
      input: {
        package_path: packagePath,
        execution: z
          .object({
            allow_network: z.boolean().optional().describe('Public hosts (default false).'),
            allow_loopback: z.boolean().optional().describe("This machine's services (default false)."),
            memory_budget_mb: memoryBudgetMb,
          })
          .strict()
          .optional(),
        timeout_ms: z
          .number()
          .int()
          .min(1000)
          .max(24 * 3600 * 1000)
          .optional()
          .describe('Idle timeout (default 30 min).'),
        new_attempt: z.boolean().optional().describe('Ignore saved learner state (default false).'),
      },
      output: {
        session_id: z.string(),
        workspace_path: z.string(),
        package_root: z.string(),
        scorm_version: scormVersion.nullable(),
        course_id: z.string(),
        artifacts_manifest_path: z.string(),
        foreign_global_objectives: foreignGlobalObjectives,
      },
      handler: async (args) => {
        const budget = args.execution?.memory_budget_mb;
        const problem = budget === undefined ? null : memoryBudgetProblem(budget);
        if (problem) fail('INVALID_ARGUMENT', `execution.memory_budget_mb: ${problem}.`);
        const session = await sessions.open({
          packagePath: args.package_path,
          allowNetwork: args.execution?.allow_network ?? false,
          allowLoopback: args.execution?.allow_loopback ?? false,
          ...(args.execution?.memory_budget_mb === undefined
            ? {}
            : { memoryBudgetMb: args.execution.memory_budget_mb }),
          ...(args.timeout_ms ? { idleTimeoutMs: args.timeout_ms } : {}),
          newAttempt: args.new_attempt ?? false,
        });
        return {
          data: {
            session_id: session.id,
            workspace_path: session.workspace,
            package_root: session.packageRoot,
            scorm_version: session.parsed.manifest.scorm.version,
            course_id: session.courseId,
            artifacts_manifest_path: session.artifacts.manifestPath,
            foreign_global_objectives: session.foreignGlobalObjectives,
          },
        };
      },
    }),
    defineTool({
      name: 'scorm_session_status',
      group: 'session',
      title: 'Session status',
      annotations: READ_ONLY,
      description: "A session's state, timestamps, artifact count and whether a runtime is open.",
      input: { session_id: sessionId },
      output: {
        state: z.enum(['opening', 'ready', 'running', 'closing', 'closed']),
        started_at: epochMs,
        last_activity_at: epochMs,
        artifacts_count: count,
        runtime_open: z.boolean(),
        course_id: z.string(),
        workspace_path: z.string(),
      },
      handler: async (args) => {
        const s = sessions.get(args.session_id);
        return {
          data: {
            state: s.state,
            started_at: s.startedAt,
            last_activity_at: s.lastActivityAt,
            artifacts_count: s.artifacts.count,
            runtime_open: Boolean(s.runtime?.isOpen),
            course_id: s.courseId,
            workspace_path: s.workspace,
          },
        };
      },
    }),
    defineTool({
      name: 'scorm_session_events',
      group: 'session',
      title: 'Poll session events',
      annotations: READ_ONLY,
      description:
        "A session's events (API calls, navigation, screenshots, errors) after since_event_id; pass the latest_event_id returned to continue.",
      input: {
        session_id: sessionId,
        since_event_id: z.number().int().min(0).optional(),
        max_events: z.number().int().min(1).max(5000).optional().describe('Default 200.'),
        detail: listingInput.detail,
        text_offset: listingInput.text_offset,
      },
      output: {
        events: z.array(sessionEvent),
        latest_event_id: count.describe(
          'Pass as since_event_id to continue (the last event listed when more remain).',
        ),
        events_remaining: count.describe(
          'Events after this page: call again with since_event_id = latest_event_id.',
        ),
        dropped_before: count.describe('Events dropped from the front of the log (it keeps 5000).'),
      },
      handler: async (args) => {
        const log = sessions.get(args.session_id).events;
        const all = log.since(args.since_event_id ?? 0, Number.MAX_SAFE_INTEGER);
        const strings = stringView(args.detail, args.text_offset);
        const page = pageWithinBudget(all.events, {
          limit: args.max_events ?? 200,
          // Room for the fields around the list.
          budgetBytes: ANSWER_BUDGET_BYTES - 200,
          view: (e) => (e.payload ? { ...e, payload: viewPayload(e.payload, strings) } : e),
        });
        const last = page.items.at(-1)?.id;
        return {
          data: {
            events: page.items,
            latest_event_id: page.remaining > 0 && last !== undefined ? last : all.latest_event_id,
            events_remaining: page.remaining,
            dropped_before: all.dropped_before,
          },
        };
      },
    }),
    defineTool({
      name: 'scorm_session_close',
      group: 'session',
      title: 'Close session',
      annotations: { readOnlyHint: false, destructiveHint: true, idempotentHint: true, openWorldHint: false },
      description:
        'End a session as scorm_close_course does (the SCO unloads, learner state is saved) and free its browser context; artifacts stay. success=false with save_error when state could not be saved.',
      input: { session_id: sessionId },
      output: sessionCloseOutput,
      handler: closeSessionHandler(sessions),
    }),
    globalObjectivesListTool(ctx),
    globalObjectivesClearTool(ctx),
  ];
}

/** What scorm_session_close and scorm_close_course return. */
export const sessionCloseOutput = {
  ...runtimeClose,
  session_closed: z.literal(true),
  artifacts_manifest_path: z.string(),
};

/** Closing a session and closing a course are one operation (the persistence flow's close). */
export function closeSessionHandler(
  sessions: SessionManager,
): (args: { session_id: string }) => Promise<ToolResult<ToolData<typeof sessionCloseOutput>>> {
  return async (args) => {
    const result = await sessions.close(args.session_id);
    // The session is closed either way; success says whether the learner state that existed was saved.
    return { data: { success: result.save_error === null, session_closed: true, ...result } };
  };
}
