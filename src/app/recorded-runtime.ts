/** The runtime whose record a read tool shows: the open one, or a closed session's last one. */
import { fail } from '../core/errors.js';
import type { CourseRuntime } from '../runtime/course-runtime.js';
import type { SessionManager } from '../session/session-manager.js';

/**
 * An open session needs its runtime open (RUNTIME_NOT_OPEN otherwise, as before); a closed session
 * answers from the record of the last runtime it ran, and refuses with SESSION_CLOSED when it never ran one.
 */
export function recordedRuntime(
  sessions: SessionManager,
  id: string,
): { runtime: CourseRuntime; closed: boolean } {
  const { session, closed } = sessions.recorded(id);
  if (!closed) return { runtime: session.requireRuntime(), closed };
  if (!session.closedRuntime) {
    fail(
      'SESSION_CLOSED',
      `Session ${id} is closed and no course ran in it: there is nothing of the course to read. Its events: scorm_session_events.`,
      { session_id: id, closed_at: session.closedAt },
    );
  }
  return { runtime: session.closedRuntime, closed };
}
