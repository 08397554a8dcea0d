/** The output field every tool answers when it does not apply here (core/not-applicable.ts). */
import { z } from 'zod';
import { NOT_APPLICABLE_CODES } from '../../../core/not-applicable.js';

export const notApplicable = z
  .object({ code: z.enum(NOT_APPLICABLE_CODES), message: z.string().describe('What to do instead.') })
  .describe('Present when this tool does not apply here; the other fields are then empty or left out.');
