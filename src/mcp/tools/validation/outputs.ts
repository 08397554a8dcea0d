/** The validation group's own output shapes. */
import { z } from 'zod';
import { a11yFinding, openObject } from '../output-schemas.js';
import { notApplicableOf } from '../shared/not-applicable.js';

/** scorm_report's accessibility section: the audit, or why it did not run. */
export const accessibilityReport = openObject({
  audited: z.boolean(),
  not_applicable: notApplicableOf('NO_SESSION', 'NO_RUNTIME').optional(),
  error_code: z.string().optional().describe('The audit failed: why, in message.'),
  message: z.string().optional(),
  session_id: z.string().optional(),
  violations: z.array(a11yFinding).optional(),
}).describe('When audited: the scorm_accessibility_audit result for the session; otherwise why not.');
