/** Parameters the navigation-flow and trace tools share. */
import { z } from 'zod';
import { MAX_NAV_STEPS } from '../../../session/navigation/nav-steps.js';
import { settleMs } from '../debug/debug-helpers.js';

/** Quiet time after each step before the next (a SCO that keeps calling is waited for up to 15 s). */
export const DEFAULT_STEP_SETTLE_MS = 500;

export const navigationSequence = z
  .array(z.string().max(4_000))
  .max(MAX_NAV_STEPS)
  .describe(
    'continue, previous, choice:ID, jump:ID, exit(All), abandon(All), suspendAll, resumeAll, retry(All); leading start = launch.',
  );

export const settleMsSchema = settleMs.describe(`Quiet time per step (default ${DEFAULT_STEP_SETTLE_MS}).`);
