/**
 * scorm_take_screenshot: a screenshot with layout analysis (overflow, small tap targets or text, clipped
 * content), of an open runtime (optionally at another viewport, restored after) or of a course opened briefly.
 */
import { z } from 'zod';
import { fail } from '../../../core/errors.js';
import { analyzeLayout } from '../../../dom/layout/analyze-layout.js';
import type { ViewportSpec } from '../../../runtime/viewport.js';
import type { Session } from '../../../session/session.js';
import type { ServerContext } from '../../../app/context.js';
import { withThrowawaySession } from '../../../app/throwaway-session.js';
import { CHANGES_STATE, defineTool, type ToolDefinition, type ToolResult } from '../../../app/tool.js';
import { packagePath, sessionId, viewportSchema } from '../shared-schemas.js';
import {
  capture,
  captureOptionsSchema,
  captureToArtifact,
  layoutAnalysis,
  layoutAnalysisSchema,
  type CaptureData,
  type CaptureOptions,
} from './capture.js';

export function takeScreenshotTool(ctx: ServerContext): ToolDefinition {
  const { sessions } = ctx;

  const captureWithLayout = async (
    session: Session,
    viewport: ViewportSpec | undefined,
    options: CaptureOptions | undefined,
  ): Promise<
    ToolResult<CaptureData & { window?: string; layout_analysis: z.input<typeof layoutAnalysisSchema> }>
  > => {
    const runtime = session.requireRuntime();
    const original = runtime.viewport;
    const wanted = viewport;
    const resize =
      wanted !== undefined &&
      (wanted.device !== undefined ||
        (wanted.width ?? original.width) !== original.width ||
        (wanted.height ?? original.height) !== original.height ||
        (wanted.scale ?? original.scale) !== original.scale);
    if (resize && wanted) {
      // Explicit sizes alone keep the current device's traits; a preset replaces them.
      const spec = wanted.device ? wanted : { width: original.width, height: original.height, ...wanted };
      await runtime.setViewport(spec);
    }
    try {
      // The window the course opened is what the capture shows, when there is one (as the page tools say).
      const window = runtime.actingWindow;
      const shot = await captureToArtifact(session, runtime, options, 'scorm_take_screenshot');
      const layout = layoutAnalysis(await analyzeLayout(runtime));
      return {
        data: { ...shot.data, ...(window !== null ? { window } : {}), layout_analysis: layout },
        content: shot.content,
      };
    } finally {
      if (resize && runtime.isOpen) {
        const { width, height, scale } = original;
        await runtime.setViewport(
          original.device === 'custom'
            ? { width, height, scale }
            : { device: original.device, width, height, scale },
        );
      }
    }
  };

  return defineTool({
    name: 'scorm_take_screenshot',
    group: 'runtime',
    title: 'Screenshot with layout check',
    annotations: CHANGES_STATE,
    description:
      'Screenshot plus layout_analysis (overflow, small tap targets or text, clipped content) with fixes; optionally at another viewport (restored after).',
    input: {
      session_id: sessionId.optional(),
      workspace_path: packagePath.optional(),
      viewport: viewportSchema.optional(),
      capture_options: captureOptionsSchema.optional(),
    },
    output: {
      ...capture,
      window: z.string().optional().describe('URL of the window the course opened, when it was captured.'),
      layout_analysis: layoutAnalysisSchema,
      temporary_session_id: z
        .string()
        .optional()
        .describe('With workspace_path: the throwaway session (closed).'),
      workspace_path: z.string().optional(),
    },
    handler: async (args) => {
      if (args.session_id && args.workspace_path) {
        fail(
          'INVALID_ARGUMENT',
          'Give either session_id (an open runtime) or workspace_path (a course to open briefly), not both.',
        );
      }
      if (args.session_id) {
        return captureWithLayout(sessions.get(args.session_id), args.viewport, args.capture_options);
      }
      if (!args.workspace_path) {
        fail(
          'INVALID_ARGUMENT',
          'Give session_id (an open runtime) or workspace_path (a course folder or zip).',
        );
      }
      return withThrowawaySession(ctx, args.workspace_path, async (session) => {
        await session.openRuntime({ viewport: args.viewport });
        const result = await captureWithLayout(session, undefined, args.capture_options);
        return {
          data: { ...result.data, temporary_session_id: session.id, workspace_path: session.workspace },
          content: result.content,
        };
      });
    },
  });
}
