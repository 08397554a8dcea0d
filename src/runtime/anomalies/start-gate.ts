/**
 * A SCO that waits for the learner before it starts: its page shows one control to click and its
 * scripts hold the code that finds the API and calls Initialize, which has not run. An LMS records the
 * attempt once the learner clicks, so a run that made no click has found no defect: the RTE book asks a
 * SCO to call Initialize before any other API call, not before the learner acts.
 */
import { courseText, type CourseTexts } from '../../core/course-text.js';
import type { VersionNames } from './elements.js';
import type { Anomaly } from './types.js';

/** What the SCO's pages showed and held at the end of a visit with no API call. */
export interface PageLook {
  /** The visible controls a learner could click, in the SCO frame and the frames nested in it. */
  controls: { name: string; page: string }[];
  /** The scripts (package paths, or "<page> (inline)") whose text finds the API and calls Initialize. */
  apiCode: string[];
  /** Pages whose own window holds an API object of the run's name that is not the LMS's (a stand-in). */
  standIns?: string[];
}

export interface StartGate {
  control: { name: string; page: string };
  apiCode: string[];
}

/** What a learner could click, as a Playwright CSS list the DOM tools take. */
export const LEARNER_CONTROLS =
  'button, input[type=button], input[type=submit], input[type=image], a[href], [role=button], [onclick]';
/** The one visible control of a start gate: ours to give, since the gate has no other visible control. */
export const START_CONTROL_SELECTOR = `:is(${LEARNER_CONTROLS}):visible`;

// LMSInitialize( anywhere (a call or a wrapper's definition), or the 2004 Initialize("") with its empty string.
const INITIALIZE_CALL = /\bLMSInitialize\s*\(|\bInitialize\s*\(\s*(?:""|'')\s*\)/;
// The API object, also inside a lookup's name (findAPI, getAPIHandle).
const API_OBJECT = /API(?:_1484_11)?\b|API(?=Handle)/;

/** A script that names the API object and calls (or defines) Initialize. */
export function holdsApiCode(text: string): boolean {
  return INITIALIZE_CALL.test(text) && API_OBJECT.test(text);
}

/** A lone start control on a page whose scripts hold API code; undefined when the page is not a gate. */
export function startGateOf(look: PageLook | undefined): StartGate | undefined {
  if (!look || look.controls.length !== 1 || look.apiCode.length === 0) return undefined;
  return { control: look.controls[0] as { name: string; page: string }, apiCode: look.apiCode };
}

const SHOWN = 3;

export function gateTexts(gate: StartGate): CourseTexts {
  return {
    start_control: courseText(gate.control.name),
    start_page: courseText(gate.control.page),
    api_code: gate.apiCode.slice(0, SHOWN).map((f) => courseText(f)),
  };
}

/** The warning that replaces initialize_never_called when the SCO waits at a start control. */
export function awaitsLearner(n: VersionNames, gate: StartGate, about: Partial<Anomaly> = {}): Anomaly {
  return {
    ...about,
    type: 'initialize_awaits_learner',
    severity: 'warning',
    message: `The SCO made no SCORM API call: it waits for a learner action before it calls ${n.initialize}. Its page \`course_text.start_page\` shows a single control to click (\`course_text.start_control\`), and its scripts (\`course_text.api_code\`) hold the code that finds the API and calls ${n.initialize}, which had not run. An LMS records the attempt once the learner clicks; this run clicked nothing, so what follows the click was not tested.`,
    fix: `Nothing to fix if the start screen is intended. To test past it, open the course (scorm_open_course), click the control (scorm_dom_click with selector "${START_CONTROL_SELECTOR}", which matches it alone), then read scorm_debug_api_calls. If the learner should not need to click, call ${n.initialize}("") when the page loads.`,
    course_text: { ...about.course_text, ...gateTexts(gate) },
  };
}
