/** What opening a course and launching a SCO take, and what a runtime reports about itself. */
import type { WorkControl } from '../core/progress.js';
import type { NavigationOracle } from '../rte/adapter/navigation-oracle.js';
import type { RteInit } from '../rte/adapter/rte-init.js';
import type { ContextPool } from './spread-browser-pool.js';
import type { ContentServer } from './content-server.js';
import type { CourseRuntime } from './course-runtime.js';
import type { LaunchSharedData } from './player/wire.js';
import type { InitializeState } from './records.js';
import type { Viewport, ViewportSpec } from './viewport.js';

/** Budget for each page interaction when the spec gives none. */
export const DEFAULT_TIMEOUT_MS = 15_000;

export interface DialogPolicy {
  /** Answer to confirm(): true = OK (default). */
  confirm?: boolean;
  /** Answer to prompt(); default: the prompt's default value. */
  prompt?: string;
}

export interface OpenCourseSpec {
  /** Folder holding imsmanifest.xml (an extracted package). */
  packageRoot: string;
  /** The SCO's launch href relative to the package root, with xml:base applied; may carry ?query#fragment. */
  launchPath: string;
  scormVersion: '1.2' | '2004';
  scoId: string;
  rte: RteInit;
  /** adl.data for the SCO (SCORM 2004): its item's maps and the learner's buckets. */
  sharedData?: LaunchSharedData;
  /** The SCORM attempt of the SCO this launch begins or resumes (anomalies name it); default the launch number. */
  scormAttempt?: number;
  viewport?: ViewportSpec;
  /** Let the course reach public hosts (default: blocked and recorded). Never loopback or private ranges. */
  allowNetwork?: boolean;
  /** Let the course reach this machine's loopback addresses besides our content server (default: blocked). */
  allowLoopback?: boolean;
  /** Budget for each page interaction (default 15 s). */
  timeoutMs?: number;
  /** JavaScript heap budget of the course in MB (default DEFAULT_MEMORY_BUDGET_MB; 0: no budget). */
  memoryBudgetMb?: number;
  /** Budget for the SCO to load when opening (default: timeoutMs). */
  openTimeoutMs?: number;
  navigationOracle?: NavigationOracle;
  dialogs?: DialogPolicy;
  /**
   * Record API calls (default true). Off, the SCO talks to the bare engine: no call records, data
   * changes or initialize state; only for measuring what recording costs.
   */
  recordCalls?: boolean;
  /**
   * After opening, prepare a spare browser context with the same options in the background so the
   * next open is faster (default true).
   */
  warmSpare?: boolean;
  /** Page title of the player (e.g. the course title). */
  title?: string;
  pool?: ContextPool;
  server?: ContentServer;
  /** Stops the open (CANCELLED, nothing left running) and reports its steps: browser, player, SCO. */
  control?: WorkControl;
  /**
   * Runs when the open is cancelled while the SCO loads, before the runtime closes: the opener saves what
   * the course already set through the API (learner data is never lost to a cancel).
   */
  onCancelledWhileLoading?: (runtime: CourseRuntime) => Promise<void>;
}

/** The steps of an open, for progress: browser context, player page, SCO document. */
export const OPEN_STEPS = 3;

export interface RuntimeStatus {
  open: boolean;
  crashed: boolean;
  runtimeId: string;
  url: string | null;
  scoId: string | null;
  attempt: number;
  initializeState: InitializeState;
  lastApiMethod: string | null;
  lastApiTs: number | null;
  callCount: number;
  viewport: Viewport;
  allowNetwork: boolean;
  allowLoopback: boolean;
}

export interface LaunchAttemptSpec {
  scoId: string;
  launchPath: string;
  rte: RteInit;
  /** adl.data for the SCO (SCORM 2004): its item's maps and the learner's buckets. */
  sharedData?: LaunchSharedData;
  /** The SCORM attempt of the SCO this launch begins or resumes (anomalies name it); default the launch number. */
  scormAttempt?: number;
}
