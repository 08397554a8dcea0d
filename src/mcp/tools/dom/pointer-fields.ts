/**
 * What the pointer tools (scorm_pointer_click, _hover, _drag, scorm_scroll) share: a point in screenshot
 * pixels, what was under it, and the run with an optional screenshot after it, as the action tools do.
 */
import { actionAnswer } from '../shared/action-answer.js';
import { z } from 'zod';
import type { CourseRuntime } from '../../../runtime/course-runtime.js';
import type { ServerContext } from '../../../app/context.js';
import type { ToolResult } from '../../../app/tool.js';
import { actionCapture, withActionScreenshot, type ActionCaptureData } from '../runtime/capture.js';
import { changes, courseTexts, openObject } from '../output-schemas.js';

/** The one coordinate rule, said in each pointer tool's description. */
export const COORDINATES = 'x,y: pixels of a scorm_take_screenshot (not full_page).';

const pixel = z.number().min(0).max(10_000);
export const pointSchema = z.object({ x: pixel, y: pixel }).strict();

export const settleMs = z
  .number()
  .int()
  .min(0)
  .max(10_000)
  .optional()
  .describe('Then API quiet time (default 0).');
export const screenshot = z.boolean().optional().describe('Screenshot after.');

export const hitOutput = openObject({
  frame: z.string(),
  ref: z.string().nullable(),
  tagName: z.string(),
  id: z.string(),
  role: z.string().nullable(),
  name: z.string().nullable(),
  control: z.boolean().describe('It or an ancestor takes clicks (control, pointer cursor, handler).'),
  course_text: courseTexts,
})
  .nullable()
  .describe('The element under the pointer before the input; null when no SCO element is there.');

export const pointerOutput = {
  success: z.literal(true),
  window: z.string().optional().describe('URL of the window the course opened, where it acted.'),
  changes,
  nothing_recorded: z
    .boolean()
    .describe('No API call, data-model change, console error or navigation followed: check a screenshot.'),
  screenshot: z.object(actionCapture).optional().describe('With screenshot: true.'),
};

/** A pointer input (not a scroll, which moves the page by design) that changed nothing at all says so. */
export const unchangedOutput = {
  changed: z
    .literal(false)
    .optional()
    .describe('Only when, besides, no markup, form or scroll change (as scorm_dom_click).'),
};

/** Runs a pointer action on the session's runtime; adds a screenshot (artifact + image content) when asked. */
export async function runPointerTool<T extends object>(
  ctx: ServerContext,
  args: { session_id: string; screenshot?: boolean | undefined },
  tool: string,
  run: (runtime: CourseRuntime) => Promise<T>,
): Promise<ToolResult<T & { screenshot?: ActionCaptureData }>> {
  const session = ctx.sessions.get(args.session_id);
  const runtime = session.requireRuntime();
  const done = await run(runtime);
  const window = runtime.actingWindow;
  const data = actionAnswer({ ...done, ...(window !== null ? { window } : {}) });
  return withActionScreenshot(session, data, args.screenshot, tool);
}
