/**
 * Whether waiting could still cure a refused action. A control disabled, hidden or covered may become
 * reachable, but only through something happening on the page: media playing to its end, a timer's
 * animation, a script drawing the next step. A page on which nothing has moved for STILL_MS (no markup
 * change, no request loading, no animation or transition running, a spinner's included, no media playing)
 * will not lift the refusal by itself: the learner has to act (lectora-1's gated Next, adapt-2's item pop-up, issue 23 N6).
 */
import type { CourseRuntime } from '../../runtime/course-runtime.js';
import { TIMEOUT } from '../../core/within.js';
import { scoFrames } from '../frames.js';
import { ControlWorlds } from '../snapshot/control-world.js';
import { watchPage, type PageWatch } from './page-settle.js';

export const STILL_MS = 1_000;
const READ_MS = 500;

export interface Stillness {
  /** True once nothing on the page has moved for STILL_MS since the watch began. */
  still(): Promise<boolean>;
  /** Media on the page that has not played to its end (paused or not started). */
  unfinishedMedia(): Promise<boolean>;
  dispose(): void;
}

export async function watchStillness(runtime: CourseRuntime): Promise<Stillness> {
  const watch: PageWatch = await watchPage(runtime);
  let lastMoved = Date.now();
  const media = async (): Promise<MediaState> => {
    const state: MediaState = { moving: false, unfinished: false };
    for (const { frame } of await scoFrames(runtime).catch(() => [])) {
      const seen = await ControlWorlds.of(runtime)
        .peek(frame, READ_MS, readMedia, undefined)
        .catch(() => null);
      if (seen === null || seen === TIMEOUT) continue;
      state.moving ||= seen.moving;
      state.unfinished ||= seen.unfinished;
    }
    return state;
  };
  return {
    async still() {
      if ((await watch.active()) || (await media()).moving) lastMoved = Date.now();
      return Date.now() - lastMoved >= STILL_MS;
    },
    async unfinishedMedia() {
      return (await media()).unfinished;
    },
    dispose: () => watch.dispose(),
  };
}

interface MediaState {
  /** A medium plays or an animation runs. */
  moving: boolean;
  unfinished: boolean;
}

/**
 * Runs in the isolated world: whether a video or audio plays now or an animation runs (an endless one too:
 * a spinner says the course is busy), and whether a medium has not reached its end.
 */
function readMedia(): MediaState {
  const all = Array.from(document.querySelectorAll('video, audio')) as HTMLMediaElement[];
  const animating =
    typeof document.getAnimations === 'function' &&
    document.getAnimations().some((a) => a.playState === 'running');
  return {
    moving: animating || all.some((m) => !m.paused && !m.ended),
    unfinished: all.some((m) => !m.ended),
  };
}
