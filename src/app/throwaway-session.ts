/**
 * A session that lives for one call (a tool given workspace_path instead of session_id). The course opens
 * as a new attempt in the server's manager (so tools a scenario runs find it by id), with its learner
 * state in a scratch store deleted afterwards:
 * nothing the run does (a navigator's save after each step, a save after the browser died) reaches the
 * learner's saved state. Its workspace and artifacts are the usual ones, and the server's observer sees
 * them. The runtime is dropped before the session closes: the end of a throwaway run is not a learner
 * leaving the course, so there is nothing to save.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { SavedStateStore } from '../session/saved-state.js';
import type { Session } from '../session/session.js';
import type { ServerContext } from './context.js';

export async function withThrowawaySession<T>(
  ctx: Pick<ServerContext, 'sessions'>,
  packagePath: string,
  use: (session: Session) => Promise<T>,
): Promise<T> {
  const scratch = await mkdtemp(join(tmpdir(), 'scorm-tester-scratch-'));
  try {
    const session = await ctx.sessions.open({ packagePath, newAttempt: true }, new SavedStateStore(scratch));
    try {
      return await use(session);
    } finally {
      await session.runtime?.close().catch(() => undefined);
      // Nobody holds its id: nothing to keep (its files stay listed, as the call's links name them).
      await ctx.sessions.close(session.id, { keepRecords: false }).catch(() => undefined);
    }
  } finally {
    await rm(scratch, { recursive: true, force: true });
  }
}
