/**
 * The LMS under test, as the conformance runner sees it: what an operator does through the LMS
 * (start a package, choose a TOC entry, trigger navigation events, leave and relaunch) and what the
 * test SCO sees (its launch URL and its API object). The Node implementation drives our engines
 * directly; a browser implementation drives the real player. Navigation is where the sequencing
 * engine plugs in.
 */
import type { Learner } from './evaluate/evaluate-step.js';
import type { StepOutcome } from './evaluate/record.js';
import type { LookupState } from './execute-step.js';
import type { Step } from './script/types.js';

export type { Learner };

export interface Delivery {
  /** Manifest item identifier. */
  itemId: string;
  title: string;
  /** Launch URL as the LMS builds it (resource href plus the item's parameters). */
  launchUrl: string;
  /** File name of the launched page, e.g. `SequencingTest.htm`. */
  page: string;
  scormType: string;
  /** The test page as delivered: what the driver does in it. */
  sco: TestPage;
}

/**
 * The driver page of one delivery (README §9.3), wherever it runs: it reports what it sees and runs
 * steps against the API it found; the harness judges the outcomes (one evaluator for every run).
 */
export interface TestPage {
  /** The launch URL as the page sees it (its own location), for the identity check. */
  location(): Promise<string>;
  /** String(API.version) of the API the page found, or null when it found none (APIRTETest1's audit). */
  apiVersion(): Promise<string | null>;
  /** Runs steps in order, each followed by GetLastError; `lookups` carries the last `&id&` index across calls. */
  run(steps: readonly Step[], lookups: LookupState): Promise<StepOutcome[]>;
  /** Terminate(""), as the page does once its commands ran (variants that wait for unload do not). */
  terminate(): Promise<void>;
}

/** Navigation events an operator triggers through the LMS UI. */
export type UiEvent =
  | { kind: 'continue' | 'previous' | 'exit' | 'exitAll' | 'suspendAll' | 'abandon' | 'abandonAll' }
  | { kind: 'choice'; title: string }
  /** Choose the organization (root activity) in the TOC. */
  | { kind: 'choiceRoot' };

/** What the LMS UI shows right after a delivery (README §6.2). */
export interface UiState {
  continueEnabled: boolean;
  previousEnabled: boolean;
  /** A TOC through which a choice can currently be made. */
  tocEnabled: boolean;
  toc: { title: string; visible: boolean; selectable: boolean }[];
}

/** Thrown by an LMS that cannot do what a case asks (e.g. no sequencing engine): the case fails with this reason. */
export class LmsCapabilityError extends Error {}

export interface LmsUnderTest {
  /** Opens a session of `packageId` for `learner`; nothing is delivered yet. Learner state persists across sessions. */
  open(packageId: string, learner: Learner): Promise<void>;
  /** Starts the session the LMS's normal way (start, or resume a suspended attempt). */
  start(): Promise<Delivery | undefined>;
  /** Starts, or moves, by choosing a TOC entry by its title. */
  choose(title: string): Promise<Delivery | undefined>;
  /** The SCO has finished its part (terminated, or an asset); the LMS acts on any pending request. */
  scoFinished(): Promise<Delivery | undefined>;
  /** A navigation event from the LMS UI. */
  navigate(event: UiEvent): Promise<Delivery | undefined>;
  /** The UI state after the current delivery, before the SCO initializes. */
  uiState(): UiState;
  /** True when the sequencing session has ended (no content delivered, nothing further valid). */
  sessionEnded(): boolean;
  /** Leaves the course the way a learner quits (Exit All when a session is open). */
  exit(): Promise<void>;
  /** Ends the LMS session as a learner closing the window does (a SCO still there is unloaded; learner state is kept). */
  close(): Promise<void>;
  /** Forgets learner state: everything, or only the global objectives. */
  reset(scope: 'all' | 'globalObjectives'): Promise<void>;
  /** Releases what the LMS holds (a browser, a temporary folder). */
  dispose(): Promise<void>;
}
