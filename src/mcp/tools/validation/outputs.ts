/** The validation group's own output shapes. */
import { z } from 'zod';
import { a11yFinding, count, openObject } from '../output-schemas.js';
import { notApplicableOf } from '../shared/not-applicable.js';

/** scorm_report's accessibility section: the audit, or why it did not run. */
export const accessibilityReport = openObject({
  audited: z.boolean().optional().describe('Absent on a page after the first (on_first_page).'),
  on_first_page: z.literal(true).optional().describe('Cursor past "0": the audit came with the first page.'),
  not_applicable: notApplicableOf('NO_SESSION', 'NO_RUNTIME').optional(),
  error_code: z.string().optional().describe('The audit failed: why, in message.'),
  message: z.string().optional(),
  session_id: z.string().optional(),
  violations: z.array(a11yFinding).optional(),
  nodes_shown_per_rule: count.optional().describe('Set when the audit was shortened to fit; see message.'),
}).describe(
  'When audited: the scorm_accessibility_audit result (no cursor: summarised, counts by impact and rule); else why not.',
);
