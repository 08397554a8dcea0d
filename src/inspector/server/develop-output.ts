/** What scorm_interactive_develop returns: its output shape, and the type the inspector builds from it. */
import { z } from 'zod';

export const developOutput = {
  session_id: z.string(),
  inspector_active: z.boolean(),
  live_validation: z.boolean(),
  development_url: z.string().nullable(),
  available_tools: z.array(z.string()),
  runtime_open: z.boolean(),
  runtime_disabled_reason: z.string().nullable(),
  validation: z
    .object({ valid: z.boolean(), score: z.number(), findings: z.number(), revision: z.number() })
    .nullable(),
};

export type DevelopResult = z.infer<z.ZodObject<typeof developOutput>>;
