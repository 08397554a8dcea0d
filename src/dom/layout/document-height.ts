/**
 * The SCO document's height for a full-page screenshot, read in the DOM tools' isolated world: a course
 * that fakes the scrollHeight getters in its own world cannot shorten the capture.
 */
import type { CourseRuntime } from '../../runtime/course-runtime.js';
import { ControlWorlds } from '../snapshot/control-world.js';

const HEIGHT =
  '() => Math.max(document.documentElement.scrollHeight, document.body ? document.body.scrollHeight : 0)';

export function documentHeight(runtime: CourseRuntime): () => Promise<number> {
  return async () =>
    ControlWorlds.of(runtime).call<undefined, number>(
      await runtime.actingFrame(),
      "Reading the document's height",
      runtime.timeoutMs,
      HEIGHT,
      undefined,
    );
}
