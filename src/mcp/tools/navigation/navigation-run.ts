/**
 * What scorm_test_navigation_flow and scorm_trace_sequencing share: a course with sequencing running,
 * either a session's own (its open runtime and navigator), or a throwaway session that opens the course
 * as a new attempt, initializes sequencing, and is closed afterwards without saving learner state.
 */
import { fail } from '../../../core/errors.js';
import type { TraceLevel } from '../../../sequencing/index.js';
import type { CourseRuntime } from '../../../runtime/course-runtime.js';
import type { ViewportSpec } from '../../../runtime/viewport.js';
import type { SessionNavigator } from '../../../session/navigation/navigator.js';
import type { StepRecord } from '../../../session/navigation/run-steps.js';
import type { NotApplicable } from '../../../session/navigation/types.js';
import type { Session } from '../../../session/session.js';
import type { ServerContext } from '../../context.js';
import { sessionFor } from '../debug.js';
import { initNavigator, navigatorOf, notApplicable } from './session-navigator.js';

export interface NavigationTarget {
  workspace_path?: string;
  session_id?: string;
  viewport?: ViewportSpec;
}

export interface NavigationRun {
  session: Session;
  runtime: CourseRuntime;
  navigator: SessionNavigator;
  /** The opening delivery (step 0) when this run initialized sequencing; null in an existing session. */
  opening: StepRecord['outcome'] | null;
  temporary: boolean;
}

export type NavigationUse<T> = (run: NavigationRun) => Promise<T>;

/**
 * Runs `use` with sequencing running, or returns what `inapplicable` makes of the reason it cannot
 * (a single-SCO course, or a session whose sequencing was not initialized).
 */
export async function withNavigation<T>(
  ctx: ServerContext,
  target: NavigationTarget,
  traceLevel: TraceLevel,
  use: NavigationUse<T>,
  inapplicable: (why: NotApplicable, session: Session) => Promise<T>,
): Promise<T> {
  if (target.session_id !== undefined) {
    const session = sessionFor(ctx, target);
    const runtime = session.requireRuntime();
    const navigator = navigatorOf(session);
    if (!navigator) return inapplicable(notApplicable(session), session);
    return use({ session, runtime, navigator, opening: null, temporary: false });
  }
  if (target.workspace_path === undefined)
    fail('MCP_INVALID_PARAMS', 'Pass workspace_path (a course folder, manifest or .zip) or session_id.');
  const session = await ctx.sessions.open({ packagePath: target.workspace_path, newAttempt: true });
  try {
    const runtime = await session.openRuntime({ viewport: target.viewport });
    const why = notApplicable(session);
    if (why.reason === 'SINGLE_SCO') return await inapplicable(why, session);
    const { navigator, result } = await initNavigator(session, { fresh: true, traceLevel });
    return await use({ session, runtime, navigator, opening: result.outcome, temporary: true });
  } finally {
    // A throwaway run must not become learner state: drop the runtime before the session saves it.
    await session.runtime?.close().catch(() => undefined);
    await ctx.sessions.close(session.id).catch(() => undefined);
  }
}
