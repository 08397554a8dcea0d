/** Screenshot capture shared by scorm_capture_screenshot and scorm_take_screenshot. */
import { z } from 'zod';
import { documentHeight } from '../../../dom/layout/document-height.js';
import type { CourseRuntime } from '../../../runtime/course-runtime.js';
import type { LayoutReport } from '../../../dom/layout/analyze-layout.js';
import type { Viewport } from '../../../runtime/viewport.js';
import type { Session } from '../../../session/session.js';
import type { ExtraContent } from '../../../app/tool.js';
import { innerScroller } from '../../../dom/actions/scroll.js';
import { count, viewport } from '../output-schemas.js';

export const captureOptionsSchema = z
  .object({
    wait_for_selector: z.string().min(1).optional().describe('Must be visible first (else CAPTURE_FAILED).'),
    wait_timeout_ms: z.number().int().min(0).max(60_000).optional().describe('Default 5000.'),
    delay_ms: z.number().int().min(0).max(30_000).optional(),
    full_page: z
      .boolean()
      .optional()
      .describe('Whole document height, at least half size (longer: truncated).'),
  })
  .strict();

export type CaptureOptions = z.infer<typeof captureOptionsSchema>;

export interface CaptureData {
  artifact_path: string;
  /** Relative to the session workspace, as artifacts.json lists it. */
  artifact: string;
  width: number;
  height: number;
  scaled: boolean;
  full_page: boolean;
  truncated: boolean;
  viewport: Viewport;
  sco_id: string | null;
  /** Full page only: the course scrolls inside this container, and the capture shows only its visible part. */
  inner_scroll?: InnerScroll;
}

type InnerScroll = NonNullable<Awaited<ReturnType<typeof innerScroller>>> & { note: string };

/** Captures the SCO, saves the PNG as a session artifact, and returns it as MCP image content too. */
export async function captureToArtifact(
  session: Session,
  runtime: CourseRuntime,
  options: CaptureOptions = {},
  tool: string,
): Promise<{ data: CaptureData; content: ExtraContent[] }> {
  const shot = await runtime.screenshot({
    fullPage: options.full_page,
    waitForSelector: options.wait_for_selector,
    waitTimeoutMs: options.wait_timeout_ms,
    delayMs: options.delay_ms,
    documentHeight: documentHeight(runtime),
  });
  const scoId = runtime.status().scoId;
  // No SCO id in the file name: it is the course's word, and the name is shown as a resource's name and
  // title; the id is in the artifact's metadata (and the resource's _meta.course_text.sco_id).
  const stem = `sco-${shot.viewport.device}-${shot.viewport.width}x${shot.viewport.height}`;
  const { absolutePath, artifact } = await session.artifacts.add('screenshot', stem, 'png', shot.png, {
    width: shot.width,
    height: shot.height,
    viewport: shot.viewport,
    full_page: shot.fullPage,
    sco_id: scoId,
    tool,
  });
  session.events.push('screenshot:capture_done', {
    artifact_path: absolutePath,
    width: shot.width,
    height: shot.height,
    sco_id: scoId,
  });
  const inner = shot.fullPage ? await innerScroller(runtime).catch(() => null) : null;
  return {
    data: {
      ...(inner
        ? {
            inner_scroll: {
              ...inner,
              note:
                'The course scrolls inside this container, not its page: the capture shows only its visible part. ' +
                'Scroll it with scorm_scroll (delta, or to: "end") and take screenshots along the way.',
            },
          }
        : {}),
      artifact_path: absolutePath,
      artifact: artifact.path,
      width: shot.width,
      height: shot.height,
      scaled: shot.scaled,
      full_page: shot.fullPage,
      truncated: shot.truncated,
      viewport: shot.viewport,
      sco_id: scoId,
    },
    content: [{ type: 'image', data: shot.png.toString('base64'), mimeType: 'image/png' }],
  };
}

/** The layout report in the shape scorm_take_screenshot promises (responsive_issues first). */
export const layoutAnalysisSchema = z.object({
  responsive_issues: z.array(
    z.object({
      type: z.string(),
      severity: z.enum(['error', 'warning']),
      description: z.string(),
      fix_suggestion: z.string(),
      selector: z.string().describe('In the SCO document.'),
      measured: z
        .record(z.string(), z.unknown())
        .describe('The element box (rect) and the measurements behind the issue.'),
    }),
  ),
  issue_counts: z.record(z.string(), count),
  frame: z.object({ width: z.number(), height: z.number() }),
  document: z.object({ scrollWidth: z.number(), scrollHeight: z.number() }),
  touch: z.boolean(),
  viewport,
});

export function layoutAnalysis(report: LayoutReport): z.input<typeof layoutAnalysisSchema> {
  return {
    responsive_issues: report.issues.map((issue) => ({
      type: issue.type,
      severity: issue.severity,
      description: issue.description,
      fix_suggestion: issue.fix_suggestion,
      selector: issue.selector,
      measured: { rect: issue.rect, ...issue.details },
    })),
    issue_counts: report.counts,
    frame: report.frame,
    document: report.document,
    touch: report.touch,
    viewport: report.viewport,
  };
}
