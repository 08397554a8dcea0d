/** The SCO frames a read tool looks at: all of them, or the one an agent named by its label. */
import { fail } from '../core/errors.js';
import type { CourseRuntime } from '../runtime/course-runtime.js';
import { scoFrames, type ScoFrame } from './frames.js';

export async function chooseFrames(runtime: CourseRuntime, label: string | undefined): Promise<ScoFrame[]> {
  const frames = await scoFrames(runtime);
  if (label === undefined) return frames;
  const chosen = frames.filter((f) => f.label === label);
  if (chosen.length === 0) {
    fail(
      'MCP_INVALID_PARAMS',
      `No SCO frame is labelled "${label.slice(0, 120)}". Frames now: ${frames.map((f) => f.label).join(', ')}.`,
      { frames: frames.map((f) => f.label) },
    );
  }
  return chosen;
}

/** The named frame, or the SCO frame itself. */
export async function chooseFrame(runtime: CourseRuntime, label: string | undefined): Promise<ScoFrame> {
  return (await chooseFrames(runtime, label))[0] as ScoFrame;
}
