/**
 * The run-time engine behind one attempt, as the player sees it. attempt.ts and recorder.ts know only
 * this interface; which API object answers (our strict SCORM 2004 store, or the strict 1.2 front over
 * scorm-again) is chosen by the page bundle (player-2004.ts, player-12.ts).
 */
import type { NavValiditySnapshot } from '../../../rte/adapter/navigation-oracle.js';
import type { LifecycleSuccesses, PlayerLaunchConfig } from '../wire.js';
import type { ApiFunction } from './attempt-types.js';
import { freeze, functionBind } from './realm.js';

export interface PageEngine {
  /** The API object's functions in API_METHODS order for the version, bound to the engine. */
  readonly functions: readonly ApiFunction[];
  /** The error code the last call left (what GetLastError would answer; asking changes nothing). */
  lastError(): string;
  /** The standard's text for an error code. */
  errorString(code: string): string;
  /** The diagnostic of the last error. */
  diagnostic(): string;
  /** Every element as the engine holds it now (collections expanded, `_count` included). */
  snapshot(): Record<string, string>;
  /** An element's stored value, without touching the error state (undefined: none). */
  peek(element: string): string | undefined;
  /** adl.nav.request as the SCO left it ("_none_": nothing; always "_none_" for SCORM 1.2). */
  pendingNav(): string;
  /** adl.data buckets as they are now (written ones included), by target id. */
  sharedData(): Record<string, string>;
  /**
   * Elements the SCO set itself with a successful SetValue: SCORM 2004 sequencing reads "unknown" only
   * from these, and Node checks that each is in a recorded SetValue of the attempt.
   */
  setByContent(): string[];
  /**
   * How many Initialize, Commit and Terminate calls answered "true" (canonical names), for Node's check
   * that each has its record; null when the engine does not count them (SCORM 2004).
   */
  lifecycleSuccesses(): LifecycleSuccesses | null;
}

/** Makes the engine of an attempt; `nav` gives the current adl.nav.request_valid answers. */
export type EngineFactory = (cfg: PlayerLaunchConfig, nav: () => NavValiditySnapshot) => PageEngine;

/** The named methods of an API object, bound to it, in `names` order. */
export function bindMethods(api: object, names: readonly string[]): readonly ApiFunction[] {
  const out: ApiFunction[] = [];
  for (let i = 0; i < names.length; i++) {
    const fn = (api as Record<string, ApiFunction>)[names[i] as string] as ApiFunction;
    out[i] = functionBind(fn, api);
  }
  return freeze(out);
}
