/**
 * The runtime tool group: run a session's course in headless Chromium, call and watch its SCORM API,
 * read and check its data model, see it (screenshots, layout) and what it logged and requested.
 */
import type { ServerContext } from '../../../app/context.js';
import type { ToolDefinition } from '../../../app/tool.js';
import { apiCallTool } from './scorm-api-call.js';
import { waitForApiCallTool } from './scorm-wait-for-api-call.js';
import { replayApiCallsTool } from './scorm-replay-api-calls.js';
import { dataModelGetTool } from './scorm-data-model-get.js';
import { getDataModelHistoryTool } from './scorm-get-data-model-history.js';
import { validateDataModelStateTool } from './scorm-validate-data-model-state.js';
import { compareDataModelSnapshotsTool } from './scorm-compare-data-model-snapshots.js';
import { runtimeOpenTool } from './scorm-runtime-open.js';
import { runtimeStatusTool } from './scorm-runtime-status.js';
import { runtimeCloseTool } from './scorm-runtime-close.js';
import { attemptInitializeTool } from './scorm-attempt-initialize.js';
import { attemptTerminateTool } from './scorm-attempt-terminate.js';
import { getConsoleErrorsTool } from './scorm-get-console-errors.js';
import { getNetworkRequestsTool } from './scorm-get-network-requests.js';
import { captureScreenshotTool } from './scorm-capture-screenshot.js';
import { takeScreenshotTool } from './scorm-take-screenshot.js';

export function runtimeTools(ctx: ServerContext): ToolDefinition[] {
  return [
    runtimeOpenTool(ctx),
    runtimeStatusTool(ctx),
    runtimeCloseTool(ctx),
    attemptInitializeTool(ctx),
    attemptTerminateTool(ctx),
    apiCallTool(ctx),
    waitForApiCallTool(ctx),
    replayApiCallsTool(ctx),
    dataModelGetTool(ctx),
    getDataModelHistoryTool(ctx),
    validateDataModelStateTool(ctx),
    compareDataModelSnapshotsTool(ctx),
    captureScreenshotTool(ctx),
    takeScreenshotTool(ctx),
    getConsoleErrorsTool(ctx),
    getNetworkRequestsTool(ctx),
  ];
}
