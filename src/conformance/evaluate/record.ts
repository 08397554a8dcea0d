/** What running one script step produced, and how it was judged (README §4.1, §9.4). */
export interface StepOutcome {
  /** The element actually called, after `&id&` markers were replaced by the found index. */
  element?: string;
  /** The API call's return value (for COI: the objective ids read). */
  returned: string;
  /** GetLastError() right after the call; `-999` for a failed id lookup. */
  error: string;
  /** Set when an `&id&` lookup found nothing: the step was not sent. */
  lookupFailed?: string;
  /** COI: the ids read from cmi.objectives. */
  objectiveIds?: string[];
}

export interface StepRecord {
  block: string;
  /** Command index within the block. */
  index: number;
  source: string;
  method: string;
  element?: string;
  sent?: string;
  expected: string;
  expectedError: string;
  returned: string;
  error: string;
  /** Which rule of README §4.2 judged the step. */
  rule: string;
  pass: boolean;
  message: string;
}
