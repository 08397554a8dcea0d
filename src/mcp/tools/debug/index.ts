/** The debug tools (runtime group): a course's SCORM API calls and the anomalies found in them. */
import type { ServerContext } from '../../../app/context.js';
import type { ToolDefinition } from '../../../app/tool.js';
import { debugApiCallsTool } from './scorm-debug-api-calls.js';
import { testApiIntegrationTool } from './scorm-test-api-integration.js';

export function debugTools(ctx: ServerContext): ToolDefinition[] {
  return [debugApiCallsTool(ctx), testApiIntegrationTool(ctx)];
}
