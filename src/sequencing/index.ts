/**
 * The SCORM 2004 4th Edition sequencing engine (SN book processes, one per file, named as in the book).
 * Pure TypeScript: no DOM, no Node APIs, bundleable into a page. What the player, the MCP tools and
 * the conformance harness use:
 *
 *   const seq = createSequencingSession(manifest, { seed, globalObjectives, learnerId, trace });
 *   seq.navigate({ type: 'start' })            → { kind: 'deliver', activityId, runtime, ... } | ended | denied | nothing
 *   seq.commit(activityId, report)             → run-time data becomes tracking data (rollup)
 *   seq.terminate(activityId, report)          → same, then the SCO's adl.nav.request (or exit) is processed
 *   seq.validity()                             → adl.nav.request_valid.* answers (NavValiditySnapshot)
 *   seq.navigationState()                      → current activity, valid requests, LMS controls, TOC
 *   seq.serialize() / createSequencingSession(manifest, { restore })   → suspend, close, reopen
 *   attemptReport(cmiValues, navRequest) / scorm12AttemptReport(cmiValues)   → the report for commit/terminate
 *
 * A SCORM 1.2 manifest works the same (flow and choice through the organization, adlcp:prerequisites).
 * A tree that cannot be sequenced as written throws SequencingDefinitionError (each problem with the
 * item, the value and the fix).
 *
 * A denied request is an outcome with the SN exception code and a readable reason, never an exception.
 */
import type { ScormManifest } from '../manifest/model.js';
import type { SeqTree } from './activity-tree.js';
import { SequencingSession, type SequencingSessionOptions } from './sequencing-session.js';

export function createSequencingSession(
  source: ScormManifest | SeqTree,
  options: SequencingSessionOptions = {},
): SequencingSession {
  return new SequencingSession(source, options);
}

export { SequencingSession, SequencingStateError } from './sequencing-session.js';
export { SequencingDefinitionError } from './definition-check.js';
export type { DefinitionProblem } from './definition-check.js';
export type { SequencingSessionOptions, SessionOutcome } from './sequencing-session.js';
export { buildSeqTree } from './activity-tree.js';
export type { SeqActivity, SeqTree } from './activity-tree.js';
export type { NavigationRequest, NavigationRequestType } from './navigation-request.js';
export { parseNavRequest } from './navigation-request.js';
export type { NavigationOutcome } from './overall-sequencing-process.js';
export type { RuntimeAttemptReport, RuntimeObjective, RuntimeScore } from './runtime-mapping.js';
export { attemptReport, scorm12AttemptReport } from './attempt-report.js';
export { scorm12LessonStatus } from './scorm12-tracking.js';
export type { LessonStatus } from './scorm12-prerequisites.js';
export type { RuntimeInit, RuntimeObjectiveInit } from './runtime-init.js';
export type { NavigationState, TocEntry, ControlState, Verdict } from './navigation-validity.js';
export { createMemoryGlobalObjectiveStore } from './global-objective-store.js';
export type { GlobalObjectiveStore } from './global-objective-store.js';
export type { GlobalObjectiveRecord, TrackingState } from './tracking-model.js';
export type { SerializedTracking } from './tracking-serialization.js';
export { filterTrace, shownAt } from './trace.js';
export type { TraceEvent, TraceLevel, TraceSink } from './trace.js';
