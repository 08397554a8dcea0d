/**
 * Keeps the player page where it is. The SCO frame is not sandboxed: an LMS does not sandbox its SCOs,
 * and a sandbox forbids what real courses do inside their own frames (a frameset whose frames navigate
 * one another: Lectora's trivantis.js, an S1000D viewer's navPage). So a course could navigate the top
 * window (`top.location = exitUrl`, a reload), which would unload the player and its record. Each
 * document request of the player page's main frame after the player loaded is cancelled instead (as
 * ERR_ABORTED, which leaves the current document standing), and recorded as a blocked navigation.
 * Only document requests are intercepted, so the course's other loads are not slowed.
 */
import type { CDPSession } from 'playwright-core';
import type { RuntimeLog } from './runtime-log.js';

interface RequestPaused {
  requestId: string;
  frameId: string;
  request: { url: string };
}

export async function guardTopNavigation(
  session: CDPSession,
  log: RuntimeLog,
  playerLoaded: () => boolean,
): Promise<void> {
  const { frameTree } = (await session.send('Page.getFrameTree')) as { frameTree: { frame: { id: string } } };
  const mainFrameId = frameTree.frame.id;
  session.on('Fetch.requestPaused', (e: RequestPaused) => {
    const leavesPlayer = e.frameId === mainFrameId && playerLoaded();
    const answer = leavesPlayer
      ? session.send('Fetch.failRequest', { requestId: e.requestId, errorReason: 'Aborted' })
      : session.send('Fetch.continueRequest', { requestId: e.requestId });
    // The page may be closing: its requests go with it.
    answer.catch(() => undefined);
    if (leavesPlayer) {
      log.addNavigationBlocked({
        url: e.request.url,
        message:
          'The SCO tried to navigate the top-level window (e.g. top.location = ...); the player stopped it and stays open.',
        timestamp: Date.now(),
      });
    }
  });
  await session.send('Fetch.enable', {
    patterns: [{ urlPattern: '*', resourceType: 'Document', requestStage: 'Request' }],
  });
}
