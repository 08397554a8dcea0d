/**
 * The API-aware route of scorm_dom_fill_form_batch (automation-api-tools.md §4): a field that names an
 * interaction ({ interaction_id, response }) is answered through window.SCORMAutomation.setResponse; a
 * control given by selector or ref goes the same way when the course has the API and the control is
 * unambiguously one interaction's (automation/control-link.ts), else through the DOM, with the reason.
 * Without the API an interaction field fails with AUTOMATION_API_NOT_AVAILABLE (callAutomation's error,
 * which says to use the DOM tools).
 */
import { fillFieldInDom, type BatchField, type FieldOutcome, type FieldRouter } from '../actions/batch.js';
import { DEFAULT_WAIT_MS } from '../actions/run-action.js';
import type { FillValue } from '../actions/fill-value.js';
import { callAutomation } from '../automation/call.js';
import { linkControl, type AutomationContext } from '../automation/control-link.js';
import { noChanges, observeChanges } from '../changes.js';
import { resolveTarget } from '../target.js';
import type { CourseRuntime } from '../../runtime/course-runtime.js';

export function namesInteraction(field: BatchField): field is BatchField & { interaction_id: string } {
  return typeof field.interaction_id === 'string';
}

export function apiAwareRoute(context: AutomationContext): FieldRouter {
  return async (runtime, field) => {
    if (namesInteraction(field)) {
      const id = field.interaction_id;
      return { path: 'automation', fill: () => answerInteraction(runtime, id, field.response) };
    }
    if (!context.availability.available) {
      return {
        path: 'dom',
        reason: 'window.SCORMAutomation is not present in this course.',
        fill: () => fillFieldInDom(runtime, field),
      };
    }
    const waitMs =
      field.options?.wait_for_selector === false ? 0 : (field.options?.wait_timeout_ms ?? DEFAULT_WAIT_MS);
    const target = await resolveTarget(
      runtime,
      { selector: field.selector, ref: field.ref, frame: field.frame },
      { waitMs },
    );
    const link = await linkControl(runtime, context, target, {
      kind: 'fill',
      value: field.value as FillValue,
    });
    if (!link.linked) return { path: 'dom', reason: link.reason, fill: () => fillFieldInDom(runtime, field) };
    return {
      path: 'automation',
      reason: link.reason,
      fill: async () => ({
        ...(await answerInteraction(runtime, link.interactionId, link.response)),
        response: link.response,
      }),
    };
  };
}

/** SCORMAutomation.setResponse(id, response), with what it changed. */
async function answerInteraction(
  runtime: CourseRuntime,
  id: string,
  response: unknown,
): Promise<FieldOutcome> {
  const observer = await observeChanges(runtime);
  try {
    const set = await callAutomation(runtime, 'setResponse', [id, response], { interactionId: id });
    return {
      interaction_id: id,
      frame: set.frame,
      automation_result: set.result,
      ...(set.notices.length > 0 ? { notices: set.notices } : {}),
      changes: (await observer.read().catch(() => null)) ?? noChanges(),
    };
  } finally {
    observer.dispose();
  }
}
