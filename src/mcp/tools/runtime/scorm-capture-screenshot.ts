/** scorm_capture_screenshot: a screenshot of the running SCO (image content), saved as a session artifact. */
import type { ServerContext } from '../../../app/context.js';
import { CHANGES_STATE, defineTool, type ToolDefinition } from '../../../app/tool.js';
import { sessionId } from '../shared-schemas.js';
import { capture, captureOptionsSchema, captureToArtifact } from './capture.js';

export function captureScreenshotTool(ctx: ServerContext): ToolDefinition {
  const { sessions } = ctx;
  return defineTool({
    name: 'scorm_capture_screenshot',
    group: 'runtime',
    title: 'Capture screenshot',
    annotations: CHANGES_STATE,
    description:
      'Screenshot of the running SCO (WebP image; the full-resolution PNG is saved as an artifact).',
    input: { session_id: sessionId, capture_options: captureOptionsSchema.optional() },
    output: capture,
    handler: async (args) => {
      const session = sessions.get(args.session_id);
      const runtime = session.requireRuntime();
      return captureToArtifact(session, runtime, args.capture_options, 'scorm_capture_screenshot');
    },
  });
}
