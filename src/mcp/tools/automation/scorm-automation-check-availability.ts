/**
 * scorm_automation_check_availability: whether the course exposes window.SCORMAutomation, and where;
 * the other scorm_automation_* tools call its methods.
 */
import { z } from 'zod';
import { automationAvailable } from '../../../dom/automation/call.js';
import type { ServerContext } from '../../../app/context.js';
import { defineTool, READ_ONLY, type ToolDefinition } from '../../../app/tool.js';
import { courseTexts } from '../output-schemas.js';
import { sessionId } from '../shared-schemas.js';
import { notApplicableOf } from '../shared/not-applicable.js';

export function automationCheckAvailabilityTool(ctx: ServerContext): ToolDefinition {
  const { sessions } = ctx;
  return defineTool({
    name: 'scorm_automation_check_availability',
    group: 'automation',
    title: 'Check SCORMAutomation',
    annotations: READ_ONLY,
    description:
      'Whether the course exposes window.SCORMAutomation, in which frame, its version and methods; not_applicable (never an error) means use the DOM tools.',
    input: { session_id: sessionId },
    output: {
      available: z.boolean(),
      frame: z.string().nullable().describe('The frame that has window.SCORMAutomation.'),
      version: z.string().nullable(),
      methods: z.array(z.string()),
      missing_methods: z.array(z.string()),
      frames_searched: z.array(z.string()),
      frames_unresponsive: z.array(z.string()).optional(),
      problems: z.array(z.string()).optional(),
      course_text: courseTexts.optional().describe('What the course threw, named by problems.'),
      not_applicable: notApplicableOf('NO_AUTOMATION_API').optional(),
    },
    handler: async (args) => {
      const found = await automationAvailable(sessions.get(args.session_id).requireRuntime());
      if (found.available) return { data: found };
      const message =
        'No window.SCORMAutomation in the SCO or its frames. Use scorm_dom_find_interactive_elements, scorm_dom_click and scorm_dom_fill.';
      return { data: { ...found, not_applicable: { code: 'NO_AUTOMATION_API' as const, message } } };
    },
  });
}
