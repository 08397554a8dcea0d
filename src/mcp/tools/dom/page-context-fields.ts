/** Where the learner is: player recognition, the current page's context, the slide map and slide jumps. */
import { z } from 'zod';
import { openObject } from '../output-schemas.js';

export const playerInfo = z
  .record(z.string(), z.unknown())
  .describe('The player recognised (name, version) and the evidence for it.');
export const slideRef = openObject({
  index: z.number(),
  id: z.string().optional(),
  title: z.string().optional(),
});
