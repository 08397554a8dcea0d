/**
 * Where a delivery runs. The conformance LMS (sequencing-lms.ts) decides every delivery and keeps the
 * learner's state; a target only launches the delivered activity with its run-time values and reports
 * back what the SCO left: in Node on StrictApi2004 objects (node-target.ts), in the browser in the real
 * player (browser-target.ts).
 */
import type { NavValiditySnapshot } from '../rte/adapter/navigation-oracle.js';
import type { RteInit } from '../rte/adapter/rte-init.js';
import type { LifeState } from '../rte/strict/api-types.js';
import type { SharedDataMap, SharedDataStore } from '../rte/strict/shared-data.js';
import type { TestPage } from './lms.js';

export interface LaunchSpec {
  packageId: string;
  itemId: string;
  /** Launch href relative to the package root (xml:base applied, item parameters appended). */
  launchUrl: string;
  /** Page variant (the launched file name without extension). */
  variant: string;
  init: RteInit;
  sharedData: { maps: readonly SharedDataMap[]; store: SharedDataStore };
  /** adl.nav.request_valid answers; they do not change while the SCO runs. */
  navigation: () => NavValiditySnapshot;
}

/** What a SCO left when it finished: its run-time data and the adl.nav.request pending at Terminate. */
export interface ScoResults {
  values: Record<string, string>;
  /** `_none_` when the SCO set no request. */
  navRequest: string;
  /** The elements the SCO set itself (an "unknown" status counts only when the SCO set it). */
  setByContent: ReadonlySet<string>;
}

export interface RunningDelivery {
  page: TestPage;
  lifeState(): Promise<LifeState>;
  /** The SCO goes away as when the learner leaves it: its page's unload handler runs. */
  unload(): Promise<void>;
  /** Terminate("") on the LMS's behalf, for a SCO still running after its unload. */
  endAttempt(): Promise<void>;
  /** What the SCO left; the shared data buckets it wrote are in the learner's store once this resolves. */
  results(): Promise<ScoResults>;
}

export interface DeliveryTarget {
  readonly mode: 'node' | 'browser';
  launch(spec: LaunchSpec): Promise<RunningDelivery>;
  dispose(): Promise<void>;
}
