/**
 * Naming an interaction instead of a control: the fields the API-aware DOM tools
 * (scorm_dom_fill_form_batch, scorm_assessment_interaction_trace) accept to answer a question through
 * window.SCORMAutomation.setResponse.
 */
import { z } from 'zod';

export const interactionFields = {
  interaction_id: z
    .string()
    .min(1)
    .max(500)
    .optional()
    .describe('Answer this interaction through SCORMAutomation instead of a control (with response).'),
  response: z
    .unknown()
    .optional()
    .describe('For interaction_id: "a", ["a","b"], true, 42, [["src","tgt"]]; null clears.'),
};

interface BatchFieldShape {
  selector?: string | undefined;
  ref?: string | undefined;
  value?: unknown;
  interaction_id?: string | undefined;
  response?: unknown;
}

/** A batch field either targets a control (selector or ref, with value) or names an interaction (with response). */
export function checkBatchField(field: BatchFieldShape, ctx: z.RefinementCtx): void {
  const control = field.selector !== undefined || field.ref !== undefined || field.value !== undefined;
  if (field.interaction_id !== undefined) {
    if (field.response === undefined) {
      ctx.addIssue({ code: 'custom', path: ['response'], message: 'interaction_id needs a response.' });
    }
    if (control) {
      ctx.addIssue({
        code: 'custom',
        path: ['interaction_id'],
        message: 'give either interaction_id with response, or selector/ref with value, not both.',
      });
    }
    return;
  }
  if (field.response !== undefined) {
    ctx.addIssue({ code: 'custom', path: ['response'], message: 'response goes with interaction_id.' });
  }
  if (field.value === undefined) {
    ctx.addIssue({
      code: 'custom',
      path: ['value'],
      message: 'a field needs a value (with selector or ref), or interaction_id with response.',
    });
  }
}
