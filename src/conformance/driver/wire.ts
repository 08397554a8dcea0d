/**
 * What the harness (Node) and the driver script in the test page agree on. Imported by both sides;
 * nothing here may touch Node or the DOM.
 */
import type { StepOutcome } from '../evaluate/record.js';
import type { LookupState } from '../execute-step.js';

/** The global the driver script exposes in the test page, for the harness to call through Playwright. */
export const DRIVER_GLOBAL = '__scormTesterCtsDriver';

export type RunResult = { outcomes: StepOutcome[]; lookups: LookupState } | { error: string };

export interface CtsDriver {
  /** The page's own location, as the identity check reads it (README §2.2). */
  location(): string;
  /** The variant, from the page's data-variant attribute. */
  variant(): string;
  /** String(API_1484_11.version), or null when the discovery walk found no API. */
  apiVersion(): string | null;
  /** Runs the block's steps against the API the page found; outcomes are judged by the harness. */
  run(steps: unknown[], lookups: LookupState): RunResult;
  /** Terminate(""), as the page does after its commands; returns what the API answered. */
  terminate(): string;
}
