/**
 * What scorm_test_navigation_flow and scorm_trace_sequencing share: a course with sequencing running,
 * either a session's own (its open runtime and navigator), or a throwaway session that opens the course
 * as a new attempt, initializes sequencing, and is closed afterwards (app/throwaway-session.ts).
 */
import { fail } from '../../../core/errors.js';
import { throwIfCancelled, type WorkControl } from '../../../core/progress.js';
import type { CourseRuntime } from '../../../runtime/course-runtime.js';
import type { ViewportSpec } from '../../../runtime/viewport.js';
import type { SessionNavigator } from '../../../session/navigation/navigator.js';
import type { StepRecord } from '../../../session/navigation/run-steps.js';
import type { NotApplicable } from '../../../session/navigation/types.js';
import type { Session } from '../../../session/session.js';
import type { ServerContext } from '../../../app/context.js';
import { sessionFor } from '../../../app/run-target.js';
import { withThrowawaySession } from '../../../app/throwaway-session.js';
import { startSequencing } from '../../../session/navigation/run-steps.js';

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
  use: NavigationUse<T>,
  inapplicable: (why: NotApplicable, session: Session) => Promise<T>,
  /** Cancels and reports the opening of a throwaway run's course. */
  control: WorkControl = {},
): Promise<T> {
  if (target.session_id !== undefined) {
    const session = sessionFor(ctx, target);
    const runtime = session.requireRuntime();
    const navigator = session.navigator;
    const why = session.navigationNotApplicable();
    if (why || !navigator) return inapplicable(why ?? notInitialized(), session);
    return use({ session, runtime, navigator, opening: null, temporary: false });
  }
  if (target.workspace_path === undefined)
    fail('INVALID_ARGUMENT', 'Pass workspace_path (a course folder, manifest or .zip) or session_id.');
  return withThrowawaySession(ctx, target.workspace_path, async (session) => {
    // Sequencing decides the first delivery before the runtime opens, so the first SCO launches once.
    const runtime = await session.openSequencedStart({ viewport: target.viewport, control });
    throwIfCancelled(control.signal, 'The navigation run');
    const started = await startSequencing(session, session.navigator === null);
    if (!('navigator' in started)) return inapplicable(started, session);
    const { navigator, result } = started;
    return use({ session, runtime, navigator, opening: result.outcome, temporary: true });
  });
}

function notInitialized(): NotApplicable {
  return {
    success: false,
    applicable: false,
    sn_available: false,
    not_applicable: {
      code: 'SN_NOT_INITIALIZED',
      message: 'Sequencing is not running for this session. Call scorm_sn_init first.',
    },
  };
}
