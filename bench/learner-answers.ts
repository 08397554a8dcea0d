/**
 * What the answers of one step's actions already say, so that the learner does not read again what it was
 * just told (pure): whether the page was left as it was, and the SCORM status after the data-model changes
 * the actions reported.
 */
import type { LearnerStatus } from './learner-stop-rules.js';
import type { SettledQuestions } from './learner-settled.js';

/** One call of a step as our tool answered it. */
export interface StepAnswer {
  tool: string;
  ok: boolean;
  data: Record<string, unknown> | undefined;
}

// Reads made inside a step (the LMS's menu before a choice) change nothing on the page.
const READS = new Set(['scorm_nav_get_state', 'scorm_session_events']);

/** An action our tool said changed nothing: `changed: false`, or a scroll that moved and recorded nothing. */
function saidUnchanged(a: StepAnswer): boolean {
  if (!a.ok || !a.data) return false;
  if (a.data.changed === false) return true;
  return a.tool === 'scorm_scroll' && a.data.moved === false && a.data.nothing_recorded === true;
}

/**
 * True when the step acted and every action's answer said the page was left as it was; a step that only
 * waited (a slide playing) or whose answers say nothing of the sort is read again.
 */
export function leftPageAsItWas(answers: StepAnswer[]): boolean {
  const actions = answers.filter((a) => !READS.has(a.tool));
  return actions.length > 0 && actions.every(saidUnchanged);
}

interface DataModelChange {
  element?: unknown;
  to?: unknown;
}

const STATUS_ELEMENTS: Record<string, keyof LearnerStatus> = {
  'cmi.completion_status': 'completion_status',
  'cmi.success_status': 'success_status',
  'cmi.core.lesson_status': 'lesson_status',
};

function changesOf(data: Record<string, unknown> | undefined): DataModelChange[] {
  const changes = data?.changes as
    | { data_model_changes?: DataModelChange[]; before_action?: { data_model_changes?: DataModelChange[] } }
    | undefined;
  // What happened before the action began came first.
  return [...(changes?.before_action?.data_model_changes ?? []), ...(changes?.data_model_changes ?? [])];
}

/**
 * The status after the step: the last one read, with each status element the actions' answers reported
 * set (in the order they were reported). A step that delivered another SCO is not followed: its status is
 * the new SCO's, read from its page.
 */
export function statusAfter(status: LearnerStatus | null, answers: StepAnswer[]): LearnerStatus | null {
  let next: LearnerStatus | null = status;
  for (const a of answers)
    for (const change of changesOf(a.data)) {
      const key = typeof change.element === 'string' ? STATUS_ELEMENTS[change.element] : undefined;
      if (key && typeof change.to === 'string') next = { ...next, [key]: change.to };
    }
  return next;
}

/** Whether a step's answers say the LMS delivered another SCO (its page and status are new). */
export function deliveredAnotherSco(answers: StepAnswer[]): boolean {
  return answers.some(
    (a) => (a.tool === 'scorm_nav_next' || a.tool === 'scorm_nav_choice') && a.data?.outcome === 'delivered',
  );
}

interface ListedControl {
  ref?: unknown;
  name?: unknown;
  purpose?: unknown;
  state?: unknown;
}

/**
 * What decides whether the controls listed at the last read still hold: the page as a learner sees it
 * and each control page state lists (ref, name, purpose, state: a Next the slide enables at the end of its
 * timeline changes it). Null when page state listed fewer controls than the page has: then nothing is reused.
 */
export function controlsKey(fingerprint: string, pageState: unknown): string | null {
  const p = (pageState ?? {}) as { interactive_elements?: ListedControl[]; interactive_count?: unknown };
  const listed = p.interactive_elements ?? [];
  if (typeof p.interactive_count !== 'number' || listed.length < p.interactive_count) return null;
  return JSON.stringify([fingerprint, listed.map((c) => [c.ref, c.name, c.purpose, c.state])]);
}

// What a question is made of (as find_interactive_elements assigns purposes: an option in a question group,
// a field, a drop-down, a drag-and-drop target): a page with none of these has no question to answer. A
// player's own tools (its volume slider, caption toggles) are `player_control` or `toggle`, no question.
const QUESTION_PURPOSES = new Set(['answer_option', 'text_entry', 'selection', 'drop_target']);

/**
 * The page's controls as page state listed them, when that is all a learner needs: every control listed
 * (page state lists them all without a snapshot, unless the page has more than its answer holds) and none
 * that a question is made of (an option, a field, a drag item or target). Then the element list would say
 * nothing more, and is not read. Page state leaves a purpose out when it is the role: it is put back.
 */
export function controlsWithoutQuestions(
  pageState: unknown,
  settled: SettledQuestions = { refs: new Set(), assessments: [] },
): { interactive_elements: unknown[]; assessments: unknown[] } | null {
  const p = (pageState ?? {}) as {
    interactive_elements?: Array<
      ListedControl & {
        role?: unknown;
        state?: { draggable?: unknown; disabled?: unknown; invalid?: unknown };
      }
    >;
    interactive_count?: unknown;
  };
  const listed = p.interactive_elements ?? [];
  if (typeof p.interactive_count !== 'number' || listed.length < p.interactive_count) return null;
  const controls = listed.map((c) => ({ ...c, purpose: c.purpose ?? c.role }));
  // A question answered (its option refs known), or one whose controls are all disabled (a submitted
  // knowledge check), asks nothing more, unless the course shows it wrong.
  const done = (c: (typeof controls)[number]): boolean =>
    c.state?.invalid !== true &&
    (c.state?.disabled === true || (typeof c.ref === 'string' && settled.refs.has(c.ref)));
  const asks = controls.some(
    (c) => (QUESTION_PURPOSES.has(String(c.purpose)) || c.state?.draggable === true) && !done(c),
  );
  if (asks) return null;
  // The answered questions whose controls are all listed go with them: the step knows them answered.
  const refs = new Set(controls.map((c) => c.ref));
  const assessments = settled.assessments.filter((a) =>
    ((a as { options?: unknown[] }).options ?? []).every((ref) => refs.has(ref)),
  );
  return { interactive_elements: controls, assessments };
}
