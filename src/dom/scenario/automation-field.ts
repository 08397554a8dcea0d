/**
 * The automation path of scorm_dom_fill_form_batch: a field that names an interaction
 * ({ interaction_id, response }) is answered through window.SCORMAutomation.setResponse, the course's
 * own API, instead of its form controls. Without the API the field fails with AUTOMATION_API_NOT_AVAILABLE
 * (callAutomation's error, which says to use the DOM tools).
 */
import type { BatchField, FieldPath } from '../actions/batch.js';
import { callAutomation } from '../automation/call.js';
import { noChanges, observeChanges } from '../changes.js';

export function namesInteraction(field: BatchField): field is BatchField & { interaction_id: string } {
  return typeof field.interaction_id === 'string';
}

export const automationFieldPath: FieldPath = {
  name: 'automation',
  claims: namesInteraction,
  fill: async (runtime, field) => {
    const id = field.interaction_id as string;
    const observer = await observeChanges(runtime);
    try {
      const set = await callAutomation(runtime, 'setResponse', [id, field.response], { interactionId: id });
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
  },
};
