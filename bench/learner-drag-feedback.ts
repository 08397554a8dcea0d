/**
 * A drag-and-drop answered as a learner who reads the course's feedback: once every item is dropped, the
 * control the drops brought up is pressed (storyline-2's Check, shown only when all ten items have left
 * the basket); then what that brings up (the feedback's Try again, a hint, the way on), one at a time; when
 * the feedback is closed and the question is still asked, the items are dragged again in another
 * arrangement (learner-step.ts dragEach shifts them by one target per try), a few times at most. Which item
 * belongs where is never read from the course: only what the learner is shown.
 */
import type { LearnerCall, LearnerMemory, StepOutcome } from './learner-step.js';
import { pressable as shownAndEnabled } from './learner-pressable.js';

/** Tries of one drag-and-drop, the first included: storyline-2 lets the learner go on after its second. */
const MAX_DRAG_TRIES = 3;

interface Listed {
  ref?: string;
  name?: string;
  role?: string;
  purpose?: string;
  state?: {
    disabled?: boolean;
    visible?: boolean;
    visually_hidden?: boolean;
    draggable?: boolean;
    drop_target?: boolean;
  };
}

interface DragFeedback {
  question: string;
  /** The page of the question (learner-stop-rules.ts pageKey): once the learner is elsewhere, this is done. */
  page: string;
  /** Names of the controls listed when the items were dropped: what appears after is the course's answer. */
  before: Set<string>;
  /**
   * Refs of those controls: one renamed by the drops is no new control (rise-1's sidebar link "Email Scams
   * 6% Completed" became "… 94% Completed" and was pressed as the drops' answer, refused as covered).
   */
  beforeRefs: Set<string>;
  pressed: Set<string>;
  /** The control the drops brought up first (the question's Check), pressed again after each new try. */
  check: string | null;
  checkedThisTry: boolean;
  tries: number;
}

const state = new WeakMap<LearnerMemory, DragFeedback>();

const pressable = (c: Listed): boolean =>
  !!c.ref &&
  !!c.name &&
  (c.role === 'button' || c.role === 'link') &&
  shownAndEnabled(c) &&
  c.state?.draggable !== true &&
  c.state?.drop_target !== true;

/** The items of `question` were just dropped, with `names` the controls listed then. */
export function noteDragAnswered(
  memory: LearnerMemory,
  question: string,
  page: string,
  names: Iterable<string | undefined>,
  refs: Iterable<string | undefined> = [],
): void {
  const previous = state.get(memory);
  const same = previous?.question === question;
  state.set(memory, {
    question,
    page,
    before: new Set([...names].filter((n): n is string => !!n)),
    beforeRefs: new Set([...refs].filter((r): r is string => !!r)),
    pressed: new Set(),
    check: same ? previous.check : null,
    checkedThisTry: false,
    tries: same ? previous.tries + 1 : 1,
  });
}

/**
 * What the learner does after a drag-and-drop, or null when the step goes on as usual. `questions` are the
 * keys of the drag-and-drop questions listed now; `again` asks for the question to be answered anew.
 */
export async function dragFeedbackStep(
  call: LearnerCall,
  where: { session_id: string; page: string },
  memory: LearnerMemory,
  controls: Listed[],
  questions: string[],
  again: (question: string) => void,
): Promise<StepOutcome | null> {
  const s = state.get(memory);
  if (!s) return null;
  const { session_id } = where;
  // The way on was taken (storyline-2's "to the sorted piles"): the next slide is read as any other.
  if (where.page !== s.page && !questions.includes(s.question)) {
    state.delete(memory);
    return null;
  }
  const press = async (c: Listed, why: string): Promise<StepOutcome> => {
    const r = await call('scorm_dom_click', { session_id, ref: c.ref });
    const what = `${c.role ?? 'control'} "${(c.name ?? '').slice(0, 40)}" (${c.ref})`;
    return {
      actions: [`scorm_dom_click ${what} (${why})`],
      blocker: r.ok ? null : `scorm_dom_click on ${what}${r.error_code ? ` (${r.error_code})` : ''}`,
    };
  };
  const check = s.check ? controls.find((c) => c.name === s.check && pressable(c)) : undefined;
  if (check && !s.checkedThisTry) {
    s.checkedThisTry = true;
    return press(check, `checks drag-and-drop try ${s.tries}`);
  }
  const fresh = controls.filter(
    (c) => pressable(c) && !s.before.has(c.name!) && !s.beforeRefs.has(c.ref!) && !s.pressed.has(c.name!),
  );
  const next = fresh.find((c) => c.purpose === 'retry') ?? fresh.find((c) => c.name !== s.check);
  if (next) {
    s.pressed.add(next.name!);
    if (s.check === null) {
      s.check = next.name!;
      s.checkedThisTry = true;
      return press(next, 'brought up by the drops');
    }
    return press(next, 'brought up by the check');
  }
  // The question is behind the feedback's layer: nothing to answer yet.
  if (!questions.includes(s.question)) return null;
  // The feedback is closed and the question still asked, its check at hand: another arrangement.
  if (check && s.checkedThisTry && s.tries < MAX_DRAG_TRIES) again(s.question);
  return null;
}
