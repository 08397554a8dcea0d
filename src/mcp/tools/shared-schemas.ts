import { z } from 'zod';
import {
  DEFAULT_MEMORY_BUDGET_MB,
  MAX_MEMORY_BUDGET_MB,
  MIN_MEMORY_BUDGET_MB,
} from '../../runtime/memory-budget.js';

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

export const memoryBudgetMb = z
  .number()
  .int()
  .min(0)
  .max(MAX_MEMORY_BUDGET_MB)
  .optional()
  .describe(
    `JS heap MB (default ${DEFAULT_MEMORY_BUDGET_MB}, min ${MIN_MEMORY_BUDGET_MB}; 0: none); past it: memory_budget_exceeded.`,
  );
