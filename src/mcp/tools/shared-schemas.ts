import { z } from 'zod';

export const sessionId = z
  .string()
  .min(1)
  .describe('Session id from scorm_session_open / scorm_open_course.');

export const viewportSchema = z
  .object({
    device: z.enum(['desktop', 'tablet', 'mobile']).optional(),
    width: z.number().int().min(200).max(3840).optional(),
    height: z.number().int().min(200).max(3840).optional(),
    scale: z.number().min(0.5).max(3).optional(),
  })
  .strict()
  .describe('Preset device and/or explicit CSS size (default desktop 1366x768).');

export const packagePath = z
  .string()
  .min(1)
  .describe('Course folder, its imsmanifest.xml, or a .zip package.');
