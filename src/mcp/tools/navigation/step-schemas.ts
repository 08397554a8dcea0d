/** Parameters the navigation-flow and trace tools share. */
import { z } from 'zod';
import { MAX_NAV_STEPS } from '../../../session/navigation/nav-steps.js';
import { settleMs } from '../debug.js';

/** Quiet time after each step before the next (a SCO that keeps calling is waited for up to 15 s). */
export const DEFAULT_STEP_SETTLE_MS = 500;

export const navigationSequence = z
  .array(z.string().max(4_000))
  .max(MAX_NAV_STEPS)
  .describe(
    'Steps in order after the course starts: next|continue, previous, choice:ID, jump:ID, exit, exitAll, abandon, abandonAll, suspendAll, resumeAll, retry, retryAll ({target=ID}choice works too). A leading "start" is the launch itself.',
  );

export const settleMsSchema = settleMs.describe(
  `How long the delivered SCO must make no API call before the next step (default ${DEFAULT_STEP_SETTLE_MS}; waits at most 15 s).`,
);
