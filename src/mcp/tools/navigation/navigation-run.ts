/**
 * What scorm_test_navigation_flow and scorm_trace_sequencing share: a course with sequencing running,
 * either a session's own (its open runtime and navigator), or a throwaway session that opens the course
 * as a new attempt, initializes sequencing, and is closed afterwards. The navigator saves after every
 * step, so a throwaway session runs against a scratch state store, deleted afterwards.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fail } from '../../../core/errors.js';
import { throwIfCancelled, type WorkControl } from '../../../core/progress.js';
import { sessionsRoot } from '../../../session/data-dir.js';
import { SavedStateStore } from '../../../session/saved-state.js';
import { SessionManager } from '../../../session/session-manager.js';
import type { CourseRuntime } from '../../../runtime/course-runtime.js';
import type { ViewportSpec } from '../../../runtime/viewport.js';
import type { SessionNavigator } from '../../../session/navigation/navigator.js';
import type { StepRecord } from '../../../session/navigation/run-steps.js';
import type { NotApplicable } from '../../../session/navigation/types.js';
import type { Session } from '../../../session/session.js';
import type { ServerContext } from '../../../app/context.js';
import { sessionFor } from '../debug.js';
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
    fail('MCP_INVALID_PARAMS', 'Pass workspace_path (a course folder, manifest or .zip) or session_id.');
  // A throwaway run keeps its learner state in a scratch store: the learner's own saved state is not touched.
  const scratch = await mkdtemp(join(tmpdir(), 'scorm-tester-scratch-'));
  const sessions = new SessionManager(ctx.logger, {
    store: new SavedStateStore(scratch),
    sessionsRoot: sessionsRoot(),
    observer: ctx.sessions.observer,
  });
  try {
    const session = await sessions.open({ packagePath: target.workspace_path, newAttempt: true });
    const runtime = await session.openRuntime({ viewport: target.viewport, control });
    throwIfCancelled(control.signal, 'The navigation run');
    const started = await startSequencing(session);
    if (!('navigator' in started)) return await inapplicable(started, session);
    const { navigator, result } = started;
    return await use({ session, runtime, navigator, opening: result.outcome, temporary: true });
  } finally {
    await sessions.closeAll();
    await rm(scratch, { recursive: true, force: true });
  }
}

function notInitialized(): NotApplicable {
  return {
    success: false,
    applicable: false,
    sn_available: false,
    reason: 'SN_NOT_INITIALIZED',
    message: 'Sequencing is not running for this session. Call scorm_sn_init first.',
  };
}
