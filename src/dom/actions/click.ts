/** A learner's click on one element of the SCO (scorm_dom_click). */
import type { CourseRuntime } from '../../runtime/course-runtime.js';
import type { TargetSpec } from '../target.js';
import { clickedElement, type ClickedElement } from './element-summary.js';
import { activateHiddenControl, isDrawnForEyesOnly, isReachedThroughDrawing } from './hidden-control.js';
import { delivered, runAction, type ActionOptions, type ActionResult } from './run-action.js';

export type ClickType = 'single' | 'double' | 'right';

export interface ClickOptions extends ActionOptions {
  clickType?: ClickType | undefined;
}

export async function clickElement(
  runtime: CourseRuntime,
  spec: TargetSpec,
  options: ClickOptions = {},
): Promise<ActionResult<ClickedElement>> {
  const clickType = options.clickType ?? 'single';
  const button = clickType === 'right' ? 'right' : 'left';
  const clickCount = clickType === 'double' ? 2 : 1;
  return runAction(runtime, spec, { ...options, reportUnchanged: true }, 'click', async (ctx) => {
    const element = clickedElement(ctx.info);
    if (isReachedThroughDrawing(ctx.info) || isDrawnForEyesOnly(ctx.info)) {
      const done = await activateHiddenControl(ctx, { kind: 'click', button, clickCount });
      return { activation: done.activation, activatedElement: done.activatedElement, element };
    }
    const { locator } = ctx.target;
    const options = { button, timeout: ctx.timeoutMs } as const;
    await delivered(clickCount === 2 ? locator.dblclick(options) : locator.click(options), ctx);
    return { activation: 'pointer', element };
  });
}
