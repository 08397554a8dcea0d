/** The paging and detail parameters every listing of course records takes (src/output/answer-budget.ts). */
import { z } from 'zod';
import { FULL_SLICE_CHARS, PREVIEW_CHARS } from '../../output/answer-budget.js';

export const listingInput = {
  /** The next_cursor of the previous page (the name says it; tools/list is kept small). */
  cursor: z.string().optional(),
  detail: z
    .enum(['preview', 'full'])
    .optional()
    .describe(
      `Course strings: preview (default) ${PREVIEW_CHARS} chars; full: ${FULL_SLICE_CHARS} from text_offset.`,
    ),
  text_offset: z.number().int().min(0).max(100_000_000).optional(),
};
