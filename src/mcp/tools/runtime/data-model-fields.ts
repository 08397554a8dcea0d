/** Reading, tracing and checking the data model of a running course. */
import { z } from 'zod';
import { count, recordedValue } from '../output-schemas.js';

export const elementName = z.string().min(1).max(500);

export const dataModelGetOutput = {
  data: z.record(z.string(), recordedValue).describe('Element name -> value.'),
  element_count: count.describe('Elements matched, on all pages.'),
  next_cursor: z.string().optional().describe('Pass as cursor for the rest.'),
  remaining: count.optional(),
  metadata: z
    .record(
      z.string(),
      z
        .object({
          access: z.enum(['ro', 'wo', 'rw']),
          type: z.string(),
          expected: z.string(),
          keyword: z.string().optional(),
        })
        .nullable(),
    )
    .optional()
    .describe('With include_metadata: access and type per element.'),
  errors: z
    .array(
      z.object({
        element: z.string(),
        reason: z.enum(['unknown_element', 'index_out_of_range', 'not_available', 'no_match']),
        message: z.string(),
      }),
    )
    .optional()
    .describe('Names that gave no value, and why (unset elements are in unset).'),
  unset: z
    .array(z.string())
    .optional()
    .describe(
      "Elements of the course's SCORM version that hold no value: never set and without a default, or in a collection that is empty. Siblings are said once: cmi.interactions.[0-3,7].latency.",
    ),
};
