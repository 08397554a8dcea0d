/** The dom group's output shapes that no other group uses. */
import { z } from 'zod';
import { a11yFinding, count } from '../output-schemas.js';

/** An axe-core audit of the running SCO. */
export const a11yAudit = {
  level: z.enum(['A', 'AA', 'AAA']),
  include_best_practices: z.boolean(),
  axe_version: z.string(),
  tags: z.array(z.string()),
  frames_audited: z.array(z.string()),
  frames_skipped: z.array(z.object({ frame: z.string(), message: z.string() })),
  violations: z.array(a11yFinding),
  incomplete: z.array(a11yFinding),
  incomplete_count: count,
  passes: count,
  summary: z.object({
    by_impact: z.object({ critical: count, serious: count, moderate: count, minor: count }),
    total_violations: count,
    total_nodes: count,
  }),
  duration_ms: z.number(),
  notes: z.array(z.string()).optional(),
};
