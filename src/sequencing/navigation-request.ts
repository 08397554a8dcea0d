import { NAV_REQUESTS } from '../rte/adapter/navigation-oracle.js';

/** The navigation requests of SCORM 2004 (SN book, "Navigation Request Process"). */
export type NavigationRequest =
  | { type: 'start' }
  | { type: 'resumeAll' }
  | { type: 'continue' }
  | { type: 'previous' }
  | { type: 'choice'; target: string }
  | { type: 'jump'; target: string }
  | { type: 'exit' }
  | { type: 'exitAll' }
  | { type: 'abandon' }
  | { type: 'abandonAll' }
  | { type: 'suspendAll' }
  | { type: 'retry' }
  | { type: 'retryAll' };

export type NavigationRequestType = NavigationRequest['type'];

export type TerminationRequest = 'exit' | 'exitAll' | 'suspendAll' | 'abandon' | 'abandonAll';
export type SequencingRequest =
  'start' | 'resumeAll' | 'continue' | 'previous' | 'choice' | 'jump' | 'exit' | 'retry';

/**
 * Parse an `adl.nav.request` value ("continue", "{target=ID}choice", "{target=ID}jump", "_none_") or a
 * plain request name. Null for "_none_", undefined when it is not a request.
 */
export function parseNavRequest(value: string): NavigationRequest | null | undefined {
  const v = value.trim();
  if (v === '_none_' || v === '') return null;
  const m = /^\{target=([^}]*)\}(choice|jump)$/.exec(v);
  if (m) return { type: m[2] as 'choice' | 'jump', target: m[1] as string };
  const simple: readonly string[] = [...NAV_REQUESTS, 'start', 'resumeAll', 'retry', 'retryAll'];
  return simple.includes(v) ? ({ type: v } as NavigationRequest) : undefined;
}
