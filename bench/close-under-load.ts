/**
 * How long a close takes when the page cannot give its data model (a hung unload handler, a script that
 * hangs after its last SetValue): the close answers after its own bound and saves from the record. The
 * close-under-load tests wait for that answer; its time is measured here.
 */
import { Logger } from '../src/core/logger.js';
import { SavedStateStore } from '../src/session/saved-state.js';
import { SessionManager } from '../src/session/session-manager.js';
import { hostileCloseCourse } from '../test/helpers/hostile-close-courses.js';
import { tempDir } from '../test/helpers/temp.js';

/** The course time limit the tests run these closes with; the close's bound is this plus its grace. */
const COURSE_TIMEOUT_MS = '2000';

export const HUNG_CLOSE_ITEMS = ['hang-unload', 'hang-after-set'] as const;

/** Close times (ms) of each hung SCO, `runs` each; throws when a close did not save from the record. */
export async function hungCloseTimes(runs: number): Promise<Record<string, number[]>> {
  const previous = process.env.SCORM_TESTER_COURSE_TIMEOUT_MS;
  process.env.SCORM_TESTER_COURSE_TIMEOUT_MS = COURSE_TIMEOUT_MS;
  const sessions = new SessionManager(new Logger({ dir: tempDir('scorm-tester-bench-logs-') }), {
    store: new SavedStateStore(tempDir('scorm-tester-bench-data-')),
    sessionsRoot: tempDir('scorm-tester-bench-sessions-'),
  });
  try {
    const course = hostileCloseCourse();
    const times: Record<string, number[]> = {};
    for (const item of HUNG_CLOSE_ITEMS) {
      times[item] = [];
      for (let i = 0; i < runs; i++) {
        const session = await sessions.open({ packagePath: course, newAttempt: true });
        await session.openRuntime({ itemId: item });
        const started = performance.now();
        const closed = await sessions.close(session.id);
        times[item].push(performance.now() - started);
        if (closed.saved_from !== 'record')
          throw new Error(`${item}: saved from ${closed.saved_from}, not the record`);
      }
    }
    return times;
  } finally {
    await sessions.closeAll().catch(() => undefined);
    if (previous === undefined) delete process.env.SCORM_TESTER_COURSE_TIMEOUT_MS;
    else process.env.SCORM_TESTER_COURSE_TIMEOUT_MS = previous;
  }
}
