/** What a session is opened with, and what opening its runtime may ask for. */
import type { WorkControl } from '../core/progress.js';
import type { ViewportSpec } from '../runtime/viewport.js';

export interface SessionOptions {
  packagePath: string;
  allowNetwork: boolean;
  /** Let the course reach loopback services besides our content server (never implied by allowNetwork). */
  allowLoopback?: boolean;
  /** JavaScript heap budget of the course in MB (default DEFAULT_MEMORY_BUDGET_MB; 0: none). */
  memoryBudgetMb?: number;
  /** Idle timeout; the manager closes the session after this long without a call. */
  idleTimeoutMs: number;
  /** Skip loading saved state (a fresh attempt), without deleting it. */
  newAttempt: boolean;
  learnerId?: string;
  learnerName?: string;
}

export interface RuntimeOpenOptions {
  viewport?: ViewportSpec;
  itemId?: string;
  /** Cancels the open and reports its steps (browser, player page, SCO). */
  control?: WorkControl;
}
