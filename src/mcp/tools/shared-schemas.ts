import { z } from 'zod';

// What session_id and package_path / workspace_path are is said once, in SERVER_INSTRUCTIONS, not in
// every tool's schema.
export const sessionId = z.string().min(1);

export const viewportSchema = z
  .object({
    device: z.enum(['desktop', 'tablet', 'mobile']).optional(),
    width: z.number().int().min(200).max(3840).optional(),
    height: z.number().int().min(200).max(3840).optional(),
    scale: z.number().min(0.5).max(3).optional(),
  })
  .strict()
  .describe('Default desktop 1366x768.');

export const packagePath = z.string().min(1);
