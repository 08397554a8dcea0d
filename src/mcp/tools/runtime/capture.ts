/**
 * Screenshot capture shared by the screenshot tools, the action tools' screenshot after and the navigation
 * flow: images sized for a model (WebP, the viewport at scale 1, long edge at most MAX_SCREENSHOT_EDGE) as
 * image content, the full-resolution PNG always saved as a session artifact, and the mapping from image
 * pixels back to viewport points. A full page comes as tiles one viewport tall (docs/runtime.md, "Screenshots", says why).
 */
import { z } from 'zod';
import { documentHeight } from '../../../dom/layout/document-height.js';
import { captureScrolledThrough, type ScrolledCapture } from '../../../dom/layout/scroll-through-capture.js';
import type { CourseRuntime, Screenshot, ScreenshotView } from '../../../runtime/course-runtime.js';
import type { LayoutReport } from '../../../dom/layout/analyze-layout.js';
import { pngSize } from '../../../runtime/png.js';
import { screenshotScale } from '../../../runtime/screenshot-scale.js';
import type { Viewport } from '../../../runtime/viewport.js';
import type { Session } from '../../../session/session.js';
import type { ExtraContent, ToolResult } from '../../../app/tool.js';
import { count, viewport } from '../output-schemas.js';

export const captureOptionsSchema = z
  .object({
    wait_for_selector: z.string().min(1).optional().describe('Must be visible first.'),
    wait_timeout_ms: z.number().int().min(0).max(60_000).optional().describe('Default 5000.'),
    delay_ms: z.number().int().min(0).max(30_000).optional(),
    full_page: z.boolean().optional().describe('Whole page, as tiles.'),
    full_resolution: z.boolean().optional().describe('PNG at device scale.'),
  })
  .strict();

export type CaptureOptions = z.infer<typeof captureOptionsSchema>;

const tile = z.object({
  top: z.number().describe("CSS px: of the document, or the container's scroll offset."),
  height: z.number().describe('CSS px of the page it adds.'),
  shown: z.boolean().describe('Its image is in the content (in tile order).'),
  artifact: z.string().optional().describe('This tile in full resolution (PNG).'),
});

/** A viewport screenshot (as the action tools take one after acting): the image shown as content, the full-resolution PNG saved as a session artifact. */
export const viewportCapture = {
  artifact_path: z.string().describe('The full-resolution PNG.'),
  artifact: z.string().describe('Relative to the session workspace.'),
  width: z.number().describe('Pixel size of the (first) image shown.'),
  height: z.number(),
  format: z.enum(['webp', 'png']),
  scale: z.number().describe('Image px per viewport CSS px.'),
  coordinates: z
    .string()
    .optional()
    .describe(
      'How image px map to the viewport and the pointer tools; absent: 1:1, as the pointer tools take them.',
    ),
  full_resolution: z
    .object({ width: z.number(), height: z.number(), scale: z.number() })
    .optional()
    .describe('The saved PNG; absent: the image shown is it (a viewport capture, not scaled).'),
  scaled: z.boolean().describe('The image shown is smaller than the full resolution.'),
  full_page: z.boolean(),
  truncated: z.boolean(),
  viewport,
  sco_id: z.string().nullable(),
};

/**
 * The screenshot an action answer carries: where its full-resolution PNG is, and the shown image's size
 * and scale (image px per viewport CSS px, which the pointer tools take); scorm_capture_screenshot gives
 * the rest.
 */
export const actionCapture = {
  artifact_path: viewportCapture.artifact_path,
  width: viewportCapture.width,
  height: viewportCapture.height,
  format: viewportCapture.format,
  scale: viewportCapture.scale,
  scaled: viewportCapture.scaled,
  sco_id: viewportCapture.sco_id,
};

export type ActionCaptureData = z.input<z.ZodObject<typeof actionCapture>>;

function actionCaptureOf(shot: CaptureData): ActionCaptureData {
  const { artifact_path, width, height, format, scale, scaled, sco_id } = shot;
  return { artifact_path, width, height, format, scale, scaled, sco_id };
}

/** An action's answer with, when asked, the screenshot after it: its short capture in the data, the image as content. */
export async function withActionScreenshot<T extends object>(
  session: Session,
  data: T,
  wanted: boolean | undefined,
  tool: string,
): Promise<ToolResult<T & { screenshot?: ActionCaptureData }>> {
  if (!wanted) return { data };
  const shot = await captureToArtifact(session, session.requireRuntime(), {}, tool);
  return { data: { ...data, screenshot: actionCaptureOf(shot.data) }, content: shot.content };
}

/** A screenshot of the viewport or, as tiles, of the whole page. */
export const capture = {
  ...viewportCapture,
  tiles: z.array(tile).optional(),
  tiles_not_shown: count.optional(),
  inner_scroll: z
    .object({
      frame: z.string(),
      ref: z.string().nullable(),
      tagName: z.string(),
      id: z.string(),
      scroll_top: z.number(),
      max_top: z.number(),
      restored: z.boolean(),
      note: z.string(),
    })
    .optional()
    .describe('Full page: the course scrolls inside this container; the tiles follow it.'),
};

export type CaptureData = z.input<z.ZodObject<typeof capture>>;

/** Captures the SCO, saves the full-resolution PNG(s) as session artifacts, and returns the images for the model. */
export async function captureToArtifact(
  session: Session,
  runtime: CourseRuntime,
  options: CaptureOptions = {},
  tool: string,
): Promise<{ data: CaptureData; content: ExtraContent[] }> {
  const fullResolution = options.full_resolution === true;
  const scrolled = options.full_page ? await scrolledCapture(runtime, options) : null;
  if (scrolled) return saveScrolled(session, runtime, scrolled, tool);
  // A full page has waited for its selector and delay already, before looking for a scrolling container.
  const waits = options.full_page
    ? {}
    : {
        waitForSelector: options.wait_for_selector,
        waitTimeoutMs: options.wait_timeout_ms,
        delayMs: options.delay_ms,
      };
  const shot = await runtime.screenshot({
    fullPage: options.full_page,
    fullResolution,
    ...waits,
    documentHeight: documentHeight(runtime),
    tilePngs: options.full_page === true,
  });
  const scoId = runtime.status().scoId;
  const saved = await savePng(session, shot.viewport, shot.png, scoId, tool, {
    width: shot.width,
    height: shot.height,
    full_page: shot.fullPage,
  });
  const first = shot.views[0]!;
  return {
    data: {
      ...saved,
      ...shown(first, shot.viewport, shot.fullPage),
      ...(shot.scaled || shot.fullPage
        ? { full_resolution: { width: shot.width, height: shot.height, scale: round(shot.pngScale) } }
        : {}),
      scaled: shot.scaled,
      full_page: shot.fullPage,
      truncated: shot.truncated,
      viewport: shot.viewport,
      sco_id: scoId,
      ...(shot.fullPage ? await tilesOf(session, shot, scoId, tool) : {}),
    },
    content: shot.views.map(imageBlock),
  };
}

/**
 * A full page of a course that scrolls inside a container: waits as a capture does (the wait is a
 * viewport capture whose image is not used), then scrolls it through (null when the SCO document itself
 * scrolls, which a taller viewport captures whole).
 */
async function scrolledCapture(
  runtime: CourseRuntime,
  options: CaptureOptions,
): Promise<ScrolledCapture | null> {
  if (options.wait_for_selector || options.delay_ms) {
    await runtime.screenshot({
      waitForSelector: options.wait_for_selector,
      waitTimeoutMs: options.wait_timeout_ms,
      delayMs: options.delay_ms,
    });
  }
  return captureScrolledThrough(runtime, options.full_resolution === true);
}

async function saveScrolled(
  session: Session,
  runtime: CourseRuntime,
  scrolled: ScrolledCapture,
  tool: string,
): Promise<{ data: CaptureData; content: ExtraContent[] }> {
  const vp = runtime.viewport;
  const scoId = runtime.status().scoId;
  const saved: Array<{ artifact_path: string; artifact: string }> = [];
  for (const [index, t] of scrolled.tiles.entries()) {
    saved.push(
      await savePng(session, vp, t.png.image, scoId, tool, {
        width: t.png.width,
        height: t.png.height,
        full_page: true,
        tile: index,
        scroll_top: t.scrollTop,
      }),
    );
  }
  const first = scrolled.tiles[0]!;
  const views = scrolled.tiles.flatMap((t) => (t.view ? [t.view] : []));
  const { view_height: _viewHeight, ...container } = scrolled.container;
  return {
    data: {
      ...saved[0]!,
      ...shown(first.view ?? first.png, vp, true),
      full_resolution: { width: first.png.width, height: first.png.height, scale: round(first.png.scale) },
      scaled: views[0]!.scale < first.png.scale,
      full_page: true,
      truncated: scrolled.truncated,
      viewport: vp,
      sco_id: scoId,
      tiles: scrolled.tiles.map((t, i) => ({
        top: t.scrollTop,
        height: t.cssHeight,
        shown: t.view !== null,
        artifact: saved[i]!.artifact,
      })),
      tiles_not_shown: scrolled.tiles.length - views.length,
      inner_scroll: {
        ...container,
        restored: scrolled.restored,
        note:
          'The course scrolls inside this container: each tile is the viewport with the container scrolled to its top, ' +
          "and the container was put back at scroll_top. The course saw this scrolling as a learner's: content that " +
          'completes when seen may have recorded it (scorm_get_data_model_history). To act on a tile, scroll there with scorm_scroll.',
      },
    },
    content: views.map(imageBlock),
  };
}

async function savePng(
  session: Session,
  vp: Viewport,
  png: Buffer,
  scoId: string | null,
  tool: string,
  metadata: Record<string, unknown>,
): Promise<{ artifact_path: string; artifact: string }> {
  // No SCO id in the file name: it is the course's word, and the name is shown as a resource's name and
  // title; the id is in the artifact's metadata (and the resource's _meta.course_text.sco_id).
  const stem = `sco-${vp.device}-${vp.width}x${vp.height}`;
  const { absolutePath, artifact } = await session.artifacts.add('screenshot', stem, 'png', png, {
    ...metadata,
    viewport: vp,
    sco_id: scoId,
    tool,
  });
  session.events.push('screenshot:capture_done', {
    artifact_path: absolutePath,
    width: metadata.width,
    height: metadata.height,
    sco_id: scoId,
  });
  return { artifact_path: absolutePath, artifact: artifact.path };
}

/** The image shown: its size, format and scale, and how its pixels map back to the viewport. */
function shown(
  view: ScreenshotView,
  vp: Viewport,
  fullPage: boolean,
): Pick<CaptureData, 'width' | 'height' | 'format' | 'scale' | 'coordinates'> {
  const scale = round(view.scale);
  const pointer = screenshotScale(vp.width, vp.height, vp.scale).scale;
  const point =
    scale === 1
      ? 'Image px are viewport CSS px'
      : `Pixel (x, y) is viewport point (x / ${scale}, y / ${scale}) CSS px`;
  let coordinates: string | undefined;
  if (fullPage) {
    coordinates =
      `Tile pixel (x, y) is page point ${scale === 1 ? '(x, top + y)' : `(x / ${scale}, top + y / ${scale})`} CSS px, top as tiles[i].top gives it. ` +
      'The pointer tools take pixels of a viewport screenshot: scroll there (scorm_scroll), then take one.';
  } else if (Math.abs(pointer - view.scale) < 1e-6) {
    if (scale !== 1) coordinates = `${point}; the pointer tools take this image's pixels as they are.`;
  } else {
    const factor = round(pointer / view.scale);
    coordinates = `${point}; the pointer tools take pixels of the default image: pass (x × ${factor}, y × ${factor}).`;
  }
  return {
    width: view.width,
    height: view.height,
    format: view.format,
    scale,
    ...(coordinates ? { coordinates } : {}),
  };
}

/** The tiles of a full page, each with its own PNG saved (those past MAX_SHOWN_TILES too, adapt-2's 10 tiles). */
async function tilesOf(
  session: Session,
  shot: Screenshot,
  scoId: string | null,
  tool: string,
): Promise<Pick<CaptureData, 'tiles' | 'tiles_not_shown'>> {
  const vp = shot.viewport;
  const tiles: NonNullable<CaptureData['tiles']> = [];
  for (let top = 0, i = 0; top < shot.capturedHeight; top += vp.height, i++) {
    const height = Math.min(vp.height, shot.capturedHeight - top);
    const png = shot.tilePngs?.[i];
    const saved = png
      ? await savePng(session, vp, png, scoId, tool, {
          ...pngSize(png),
          full_page: true,
          tile: i,
          top,
        })
      : null;
    tiles.push({ top, height, shown: i < shot.views.length, ...(saved ? { artifact: saved.artifact } : {}) });
  }
  return { tiles, tiles_not_shown: shot.tilesNotShown };
}

function imageBlock(view: ScreenshotView): ExtraContent {
  return { type: 'image', data: view.image.toString('base64'), mimeType: `image/${view.format}` };
}

function round(n: number): number {
  return Math.round(n * 10_000) / 10_000;
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
