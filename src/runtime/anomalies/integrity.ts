/**
 * What the player reported a course doing to it (IntegrityEvent): tampering with the player's page or
 * realm, navigating it, or the engine holding what the record does not show. Each is an error: a
 * course that does this would break (or fool) a real LMS.
 */
import { courseText, type CourseText } from '../../core/course-text.js';
import type { IntegrityEvent } from '../records.js';
import { memoryAnomalies } from './memory.js';
import type { Anomaly } from './types.js';

const LISTED = 5;

/** The events' details (names and URLs the course chose) as course text, the first LISTED distinct ones. */
function listed(items: readonly string[]): { course_text: { details: CourseText[] } } {
  return { course_text: { details: [...new Set(items)].slice(0, LISTED).map((d) => courseText(d)) } };
}

function listedRef(items: readonly string[]): string {
  const distinct = new Set(items).size;
  return `\`course_text.details\`${distinct > LISTED ? `, ${LISTED} of ${distinct} listed` : ''}`;
}

/** The events of each SCO, in the order the SCOs first appear ('' for events before any launch). */
function bySco(events: readonly IntegrityEvent[]): IntegrityEvent[][] {
  const groups = new Map<string, IntegrityEvent[]>();
  for (const e of events) {
    const group = groups.get(e.scoId);
    if (group) group.push(e);
    else groups.set(e.scoId, [e]);
  }
  return [...groups.values()];
}

/** The SCO of one SCO's events, the attempt of the first, and the other attempts they happened in. */
function scoOf(
  events: readonly IntegrityEvent[],
  scormAttempt: (launch: number) => number,
): Pick<Anomaly, 'sco_id' | 'attempt' | 'also_in_attempts'> {
  const first = events[0];
  if (!first || first.scoId === '') return {};
  const attempts = [...new Set(events.filter((e) => e.attempt > 0).map((e) => scormAttempt(e.attempt)))];
  const [attempt, ...others] = attempts;
  return {
    sco_id: first.scoId,
    ...(attempt !== undefined ? { attempt } : {}),
    ...(others.length > 0 ? { also_in_attempts: others } : {}),
  };
}

/**
 * What the player did about the tampering, claiming no more than a check established: a change it could
 * not undo stopped the run; otherwise only the record-engine comparison speaks for the engine.
 */
function outcome(tampered: readonly IntegrityEvent[], mismatched: boolean): string {
  if (tampered.some((e) => e.runStopped === true)) {
    return 'The player could not undo every change, so the run was stopped there: what followed could not be recorded faithfully.';
  }
  const refused =
    "The player refused or undid each change before relying on what was changed, and carries the tool's calls and launches without them";
  return mismatched
    ? `${refused}; yet the engine held values the record did not show (see record_engine_mismatch).`
    : `${refused}. That alone does not show the engine holds what the record shows: the comparisons of the two (at Commit and Terminate in the player, and in Node with what it received) found no difference so far, and they cover only the elements the record shows.`;
}

export function integrityAnomalies(
  events: readonly IntegrityEvent[] | undefined,
  version: '1.2' | '2004',
  /** The SCORM attempt of a launch (IntegrityEvent.attempt). */
  scormAttempt: (launch: number) => number = (launch) => launch,
): Anomaly[] {
  if (!events || events.length === 0) return [];
  const out: Anomaly[] = [];
  const of = (kinds: readonly IntegrityEvent['kind'][]): IntegrityEvent[] =>
    events.filter((e) => kinds.includes(e.kind));

  // One anomaly per SCO: each names the SCO (and attempt) that did it.
  for (const tampered of bySco(of(['player_global_replaced', 'intrinsic_replaced', 'player_code_refused']))) {
    out.push({
      type: 'player_tampered',
      severity: 'error',
      message:
        `The course tried to replace parts of the LMS page it runs in, or to run its code there (${listedRef(tampered.map((e) => e.detail))}). ` +
        `${outcome(tampered, of(['record_engine_mismatch']).length > 0)} An LMS without these guards could be broken or fooled.`,
      fix: 'Find the API with the standard parent/opener walk and only call its eight functions; never assign globals or built-ins of the parent or top window, nor run code or add frames or scripts there.',
      count: tampered.length,
      ...scoOf(tampered, scormAttempt),
      ...listed(tampered.map((e) => e.detail)),
    });
  }
  for (const navigations of bySco(of(['player_navigation']))) {
    out.push({
      type: 'player_navigation',
      severity: 'error',
      message: `The course tried to navigate the LMS page it runs in (${listedRef(navigations.map((e) => e.detail))}). In a real LMS this would unload the LMS and lose the session.`,
      fix:
        version === '1.2'
          ? 'Navigate only inside the SCO frame. To leave the SCO, set cmi.core.exit and call LMSFinish; the LMS decides what comes next.'
          : 'Navigate only inside the SCO frame. To leave the SCO, set cmi.exit (and adl.nav.request to ask for the next activity) and call Terminate; the LMS decides what comes next.',
      count: navigations.length,
      ...scoOf(navigations, scormAttempt),
      ...listed(navigations.map((e) => e.detail)),
    });
  }
  for (const e of of(['unrecorded_calls'])) {
    out.push({
      type: 'unrecorded_api_calls',
      severity: 'error',
      message: `When the SCO unloaded, the engine held values or successful calls the record does not show (\`course_text.details\`): its calls reached the run-time engine without being recorded, so the record of this SCO is incomplete and the run was stopped.`,
      fix: 'Call only the eight functions of the API object the LMS provides, from the SCO; do not run code in the LMS window (parent.Function, timers left there) or change its built-ins.',
      ...scoOf([e], scormAttempt),
      ...listed([e.detail]),
    });
  }
  for (const e of of(['record_engine_mismatch'])) {
    out.push({
      type: 'record_engine_mismatch',
      severity: 'error',
      message:
        e.runStopped === true
          ? `Node compared the record it received with the run-time engine and they disagreed (\`course_text.details\`): what reached Node was not what the player recorded, or the engine was changed outside the API. The record of this SCO cannot be trusted, so the run was stopped.`
          : `At a Commit or Terminate, the record and the engine disagreed (\`course_text.details\`): something changed the run-time engine without going through the API, or a call's record was lost. The history now ends with the engine's value.`,
      fix: `Change learner data only through ${version === '1.2' ? 'LMSSetValue' : 'SetValue'} on the API object; do not reach into the LMS window's objects. If the course does neither, report this run to SCORM Tester.`,
      ...(e.element !== undefined ? { element: e.element } : {}),
      ...scoOf([e], scormAttempt),
      ...listed([e.detail]),
    });
  }
  out.push(...memoryAnomalies(events, scormAttempt));
  return out;
}
