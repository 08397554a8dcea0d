/**
 * Storyline's menu navigation, as the course's frame data declares it (html5/data/js/frame.js beside the
 * player's page, `"flow":"free"`, `"restricted"`: only slides already viewed, or `"locked"`): the published
 * page does not mark it, and the player ignores a press on an entry it forbids. Read as text, never run.
 */
import type { CourseRuntime } from '../../runtime/course-runtime.js';
import { readBesidePage } from './package-file.js';

const MAX_FRAME_BYTES = 4 * 1024 * 1024;
const FLOW = /"flow"\s*:\s*"(free|restricted|locked)"/;

export async function storylineMenuFlow(runtime: CourseRuntime, pageUrl: string): Promise<string | null> {
  const source = await readBesidePage(runtime, pageUrl, 'html5/data/js/frame.js', MAX_FRAME_BYTES);
  return source === null ? null : (FLOW.exec(source)?.[1] ?? null);
}
