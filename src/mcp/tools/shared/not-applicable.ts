/** The output field every tool answers when it does not apply here (core/not-applicable.ts). */
import { z } from 'zod';
import { isScormTesterError } from '../../../core/errors.js';
import {
  NOT_APPLICABLE_CODES,
  type NotApplicable,
  type NotApplicableCode,
} from '../../../core/not-applicable.js';

/** The field as one tool answers it: only the codes that tool can give. */
export function notApplicableOf<C extends NotApplicableCode>(...codes: [C, ...C[]]) {
  return z
    .object({ code: z.enum(codes), message: z.string().describe('What to do instead.') })
    .describe('Present when this tool does not apply here; the other fields are then empty or left out.');
}

/** The navigation tools': a single-SCO course, or sequencing not started. */
export const sequencingNotApplicable = notApplicableOf('SINGLE_SCO', 'SN_NOT_INITIALIZED');

/**
 * A refusal that only says "not here" (its details carry `not_applicable`), turned into the tool's
 * answer: `not_applicable: { code, message }` and the refusal's other details beside it. Anything else
 * is undefined, and the caller rethrows it.
 */
export function notApplicableAnswer<C extends NotApplicableCode = NotApplicableCode>(
  err: unknown,
): { not_applicable: NotApplicable & { code: C }; [field: string]: unknown } | undefined {
  if (!isScormTesterError(err)) return undefined;
  const { not_applicable: marker, ...details } = err.details ?? {};
  const code = (marker as { code?: unknown } | undefined)?.code;
  if (!NOT_APPLICABLE_CODES.includes(code as NotApplicable['code'])) return undefined;
  return { ...details, not_applicable: { code: code as C, message: err.message } };
}
