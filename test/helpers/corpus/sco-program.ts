/**
 * What a generated SCO does, written as a real course would: find the LMS through its wrapper and
 * initialize on load, restore its bookmark when cmi.entry is "resume", record its learner data, commit,
 * and on unload set the session time and terminate. On its first visit a `suspendFirst` SCO stops
 * half-way and leaves with exit "suspend" instead of finishing.
 */
import {
  INTERACTIONS_12,
  INTERACTIONS_2004,
  OBJECTIVE_12,
  OBJECTIVE_2004,
  RESULTS_12,
  RESULTS_2004,
} from './learner-records.js';

export interface ScoBehaviour {
  api: '1.2' | '2004';
  title: string;
  /** Record interactions, objectives and a score (otherwise only completion). */
  records: boolean;
  /** Where the course keeps its place: cmi(.core).lesson_location/cmi.location, suspend_data, or both. */
  bookmark: 'location' | 'suspend_data' | 'both';
  /** On the first visit, stop at page 2 and exit with "suspend"; finish on resume. */
  suspendFirst: boolean;
  /** Values at the books' limits, set after everything else (see limitValues). */
  limits: ReadonlyArray<readonly [string, string]>;
  /** SCORM 2004: the navigation request the SCO leaves at its end, as a "Next" button does. */
  navRequest?: string;
}

const PAGES = 4;

/** The course script's module source (after the wrapper adapter that defines `lms`). */
export function scoProgram(b: ScoBehaviour): string {
  const v12 = b.api === '1.2';
  const el = {
    entry: v12 ? 'cmi.core.entry' : 'cmi.entry',
    location: v12 ? 'cmi.core.lesson_location' : 'cmi.location',
    exit: v12 ? 'cmi.core.exit' : 'cmi.exit',
    sessionTime: v12 ? 'cmi.core.session_time' : 'cmi.session_time',
    learnerName: v12 ? 'cmi.core.student_name' : 'cmi.learner_name',
    incomplete: v12 ? ['cmi.core.lesson_status', 'incomplete'] : ['cmi.completion_status', 'incomplete'],
    completed: v12 ? [['cmi.core.lesson_status', 'completed']] : [['cmi.completion_status', 'completed']],
  };
  const interactions = b.records ? (v12 ? INTERACTIONS_12 : INTERACTIONS_2004) : [];
  const objective = b.records ? (v12 ? OBJECTIVE_12 : OBJECTIVE_2004) : [];
  const results = b.records ? (v12 ? RESULTS_12 : RESULTS_2004) : el.completed;
  return `
const B = ${JSON.stringify({ ...b, pages: PAGES, el, interactions, objective, results })};
const startedAt = Date.now();
const show = (id, text) => { document.getElementById(id).textContent = text; };

// SCORM 1.2 CMITimespan is HHHH:MM:SS.SS; SCORM 2004 timeinterval is ISO 8601 (PT#H#M#S).
function sessionTime(ms) {
  const cs = Math.round(ms / 10);
  const h = Math.floor(cs / 360000), m = Math.floor((cs % 360000) / 6000), s = (cs % 6000) / 100;
  if (B.api === '1.2') {
    const pad = (n) => String(n).padStart(2, '0');
    return pad(h) + ':' + pad(m) + ':' + (s < 10 ? '0' : '') + s.toFixed(2);
  }
  return 'PT' + h + 'H' + m + 'M' + s.toFixed(2) + 'S';
}

function saveBookmark(state) {
  if (B.bookmark !== 'suspend_data') lms.set(B.el.location, 'page-' + state.page);
  if (B.bookmark !== 'location') lms.set('cmi.suspend_data', JSON.stringify(state));
}

function restoreBookmark() {
  const state = { page: 1, seen: [] };
  if (B.bookmark !== 'location') {
    const saved = lms.get('cmi.suspend_data');
    if (saved) Object.assign(state, JSON.parse(saved));
  }
  if (B.bookmark !== 'suspend_data') {
    const location = lms.get(B.el.location);
    if (location) state.page = Number(location.replace('page-', ''));
  }
  return state;
}

function record() {
  if (B.objective.length > 0) {
    const n = Number(lms.get('cmi.objectives._count')) || 0;
    for (const [suffix, value] of B.objective) lms.set('cmi.objectives.' + n + '.' + suffix, value);
  }
  B.interactions.forEach((fields, n) => {
    for (const [suffix, value] of fields) lms.set('cmi.interactions.' + n + '.' + suffix, value);
  });
  for (const [element, value] of B.results) lms.set(element, value);
}

function start() {
  if (!lms.start()) { show('status', 'No LMS found'); return; }
  const entry = lms.get(B.el.entry);
  show('learner', lms.get(B.el.learnerName));
  show('entry', entry);
  const resumed = entry === 'resume';
  const state = resumed ? restoreBookmark() : { page: 1, seen: [] };
  // Kept in suspend_data so a test can see the course really restored its place.
  if (resumed) state.resumedFrom = state.page;
  show('resumed-at', resumed ? 'page ' + state.page : 'start');
  const finishing = resumed || !B.suspendFirst;
  const last = finishing ? B.pages : 2;
  for (let p = state.page; p <= last; p++) if (!state.seen.includes(p)) state.seen.push(p);
  state.page = last;
  saveBookmark(state);
  if (finishing) {
    record();
    for (const [element, value] of B.limits) lms.set(element, value);
    show('status', 'Finished');
  } else {
    lms.set(B.el.incomplete[0], B.el.incomplete[1]);
    lms.set(B.el.exit, 'suspend');
    show('status', 'Suspended on page ' + last);
  }
  lms.commit();
}

let finished = false;
function finish() {
  if (finished) return;
  finished = true;
  lms.set(B.el.sessionTime, sessionTime(Date.now() - startedAt));
  if (B.navRequest) lms.set('adl.nav.request', B.navRequest);
  lms.finish();
}

window.addEventListener('load', start);
window.addEventListener('beforeunload', finish);
window.addEventListener('pagehide', finish);
`;
}

/** The SCO's launch page: its content and the course bundle. */
export function scoPage(title: string): string {
  return `<!DOCTYPE html>
<html lang="en">
<head><meta charset="utf-8"><title>${title}</title></head>
<body>
<main>
<h1>${title}</h1>
<p>Learner: <span id="learner"></span></p>
<p>Entry: <span id="entry"></span>, starting at <span id="resumed-at"></span></p>
<p id="status">Loading</p>
</main>
<script src="course.js"></script>
</body>
</html>
`;
}
