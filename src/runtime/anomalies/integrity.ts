/**
 * What the player reported a course doing to it (IntegrityEvent): tampering with the player's page or
 * realm, navigating it, or the engine holding what the record does not show. Each is an error: a
 * course that does this would break (or fool) a real LMS.
 */
import { courseText, type CourseText } from '../../core/course-text.js';
import type { IntegrityEvent } from '../records.js';
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

/** The SCO and attempt the events are about, when they are all about the same one. */
function scoOf(events: readonly IntegrityEvent[]): { sco_id?: string; attempt?: number } {
  const ids = new Set(events.map((e) => e.scoId).filter((id) => id !== ''));
  const attempts = new Set(events.map((e) => e.attempt).filter((n) => n > 0));
  return {
    ...(ids.size === 1 ? { sco_id: [...ids][0] as string } : {}),
    ...(ids.size === 1 && attempts.size === 1 ? { attempt: [...attempts][0] as number } : {}),
  };
}

export function integrityAnomalies(
  events: readonly IntegrityEvent[] | undefined,
  version: '1.2' | '2004',
): Anomaly[] {
  if (!events || events.length === 0) return [];
  const out: Anomaly[] = [];
  const of = (kinds: readonly IntegrityEvent['kind'][]): IntegrityEvent[] =>
    events.filter((e) => kinds.includes(e.kind));

  const tampered = of(['player_global_replaced', 'intrinsic_replaced']);
  if (tampered.length > 0) {
    out.push({
      type: 'player_tampered',
      severity: 'error',
      message:
        `The course tried to replace parts of the LMS page it runs in (${listedRef(tampered.map((e) => e.detail))}). ` +
        'The player refused: the record and the engine are unaffected, but an LMS without these guards could be broken or fooled.',
      fix: 'Find the API with the standard parent/opener walk and only call its eight functions; never assign globals or built-ins of the parent or top window.',
      count: tampered.length,
      ...scoOf(tampered),
      ...listed(tampered.map((e) => e.detail)),
    });
  }
  const navigations = of(['player_navigation']);
  if (navigations.length > 0) {
    out.push({
      type: 'player_navigation',
      severity: 'error',
      message: `The course tried to navigate the LMS page it runs in (${listedRef(navigations.map((e) => e.detail))}). In a real LMS this would unload the LMS and lose the session.`,
      fix:
        version === '1.2'
          ? 'Navigate only inside the SCO frame. To leave the SCO, set cmi.core.exit and call LMSFinish; the LMS decides what comes next.'
          : 'Navigate only inside the SCO frame. To leave the SCO, set cmi.exit (and adl.nav.request to ask for the next activity) and call Terminate; the LMS decides what comes next.',
      count: navigations.length,
      ...scoOf(navigations),
      ...listed(navigations.map((e) => e.detail)),
    });
  }
  for (const e of of(['record_engine_mismatch'])) {
    out.push({
      type: 'record_engine_mismatch',
      severity: 'error',
      message: `At a Commit or Terminate, the record and the engine disagreed (\`course_text.details\`): something changed the run-time engine without going through the API, or a call's record was lost. The history now ends with the engine's value.`,
      fix: `Change learner data only through ${version === '1.2' ? 'LMSSetValue' : 'SetValue'} on the API object; do not reach into the LMS window's objects. If the course does neither, report this run to SCORM Tester.`,
      ...(e.element !== undefined ? { element: e.element } : {}),
      ...scoOf([e]),
      ...listed([e.detail]),
    });
  }
  return out;
}
