/**
 * The dom tool group: act inside the SCO like a learner (click, fill, type), read its page (queries,
 * accessibility snapshot with refs, interactive elements), recognise its player and slides, and audit it.
 */
import type { ServerContext } from '../../../app/context.js';
import type { ToolDefinition } from '../../../app/tool.js';
import { domClickTool } from './scorm-dom-click.js';
import { domFillTool } from './scorm-dom-fill.js';
import { keyboardTypeTool } from './scorm-keyboard-type.js';
import { domFillFormBatchTool } from './scorm-dom-fill-form-batch.js';
import { pointerClickTool } from './scorm-pointer-click.js';
import { pointerHoverTool } from './scorm-pointer-hover.js';
import { pointerDragTool } from './scorm-pointer-drag.js';
import { scrollTool } from './scorm-scroll.js';
import { domFindInteractiveElementsTool } from './scorm-dom-find-interactive-elements.js';
import { getPageStateTool } from './scorm-get-page-state.js';
import { domQueryTool } from './scorm-dom-query.js';
import { domEvaluateTool } from './scorm-dom-evaluate.js';
import { domWaitForTool } from './scorm-dom-wait-for.js';
import { getCurrentPageContextTool } from './scorm-get-current-page-context.js';
import { getSlideMapTool } from './scorm-get-slide-map.js';
import { navigateToSlideTool } from './scorm-navigate-to-slide.js';
import { accessibilityAuditTool } from './scorm-accessibility-audit.js';
import { assessmentInteractionTraceTool } from './scorm-assessment-interaction-trace.js';

export function domTools(ctx: ServerContext): ToolDefinition[] {
  return [
    domClickTool(ctx),
    domFillTool(ctx),
    keyboardTypeTool(ctx),
    domFillFormBatchTool(ctx),
    pointerClickTool(ctx),
    pointerHoverTool(ctx),
    pointerDragTool(ctx),
    scrollTool(ctx),
    domFindInteractiveElementsTool(ctx),
    getPageStateTool(ctx),
    domQueryTool(ctx),
    domEvaluateTool(ctx),
    domWaitForTool(ctx),
    getCurrentPageContextTool(ctx),
    getSlideMapTool(ctx),
    navigateToSlideTool(ctx),
    accessibilityAuditTool(ctx),
    assessmentInteractionTraceTool(ctx),
  ];
}
