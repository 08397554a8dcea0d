/** A learner filling in one form control of the SCO (scorm_dom_fill), by the control's kind. */
import type { CourseRuntime } from '../../runtime/course-runtime.js';
import type { TargetSpec } from '../target.js';
import { browserKeeps } from './browser-keeps.js';
import { expectUncovered, inspect } from './diagnose.js';
import { filledElement, type FilledElement } from './element-summary.js';
import { expectKept, fillOperation, SANITIZED_KINDS, type FillValue } from './fill-value.js';
import {
  activateHiddenControl,
  isDrawnForEyesOnly,
  isReachedThroughDrawing,
  type HiddenIntent,
} from './hidden-control.js';
import { selectThroughFace, type WantedOption } from './select-through-face.js';
import { delivered, runAction, type ActionOptions, type ActionResult, type Performed } from './run-action.js';

export async function fillElement(
  runtime: CourseRuntime,
  spec: TargetSpec,
  value: FillValue,
  options: ActionOptions = {},
): Promise<ActionResult<FilledElement>> {
  return runAction(runtime, spec, options, 'fill', async (ctx): Promise<Performed<FilledElement>> => {
    const { locator } = ctx.target;
    const where = { selector: ctx.target.target, frame: ctx.target.frame.label };
    const operation = fillOperation(ctx.info, value, where);
    if (operation.op === 'fill' && operation.text !== '' && SANITIZED_KINDS.has(ctx.info.kind)) {
      expectKept(ctx.info, operation.text, await browserKeeps(ctx, operation.text), where);
    }
    const after = async (): Promise<FilledElement> =>
      filledElement((await inspect(runtime, ctx.target)) ?? ctx.info);
    // A native select under its custom dropdown: through that dropdown, or by keyboard (select-through-face.ts).
    if (isReachedThroughDrawing(ctx.info) && operation.op === 'select' && operation.options.length === 1) {
      const done = await selectThroughFace(ctx, operation.options[0] as WantedOption);
      return { ...done, element: await after() };
    }
    // A read-only field drawn for the eyes only (Storyline's drawing of a text field) takes text through the
    // field a click on it focuses, as a learner types there.
    const drawnReadOnly = isDrawnForEyesOnly(ctx.info) && ctx.info.readOnly && operation.op === 'fill';
    if ((isReachedThroughDrawing(ctx.info) || drawnReadOnly) && operation.op !== 'select') {
      const intent: HiddenIntent =
        operation.op === 'fill'
          ? { kind: 'text', text: operation.text }
          : { kind: 'check', checked: operation.checked };
      const done = await activateHiddenControl(ctx, intent);
      return {
        activation: done.activation,
        activatedElement: done.activatedElement,
        element: await after(),
        ...(done.stateUnchanged ? { extra: { state_unchanged: true } } : {}),
      };
    }
    const timeout = ctx.timeoutMs;
    let stateUnchanged = false;
    // setChecked clicks, and Playwright's click refuses a covered element by itself.
    if (operation.op !== 'check') await expectUncovered(runtime, ctx.info, 'fill', ctx.target, timeout);
    if (operation.op === 'fill') {
      // Typed, then left as a learner leaves a field: the browser fires change on blur (fill alone fires input).
      await locator.fill(operation.text, { timeout });
      await locator.blur({ timeout });
    } else if (operation.op === 'select') await locator.selectOption(operation.options, { timeout });
    else {
      stateUnchanged = ctx.info.checked === operation.checked;
      await delivered(locator.setChecked(operation.checked, { timeout }));
    }
    return {
      activation: 'pointer',
      element: await after(),
      ...(stateUnchanged ? { extra: { state_unchanged: true } } : {}),
    };
  });
}
