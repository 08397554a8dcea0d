/**
 * The answer of scorm_dom_find_interactive_elements: each control once, its groupings (buttons, inputs,
 * navigation, forms, assessments) naming it by ref, and long pages cut into pages an agent's context can
 * hold (`cursor` gives the next one). A page never goes over PAGE_BUDGET_BYTES of JSON unless one control
 * alone does.
 */
import { limitLoweredNote } from '../../core/limit-lowered.js';
import { shrinkToBudget } from '../../output/answer-budget.js';
import type { CourseTexts } from '../../core/course-text.js';
import { CourseTextFields } from '../course-text-fields.js';
import type { ElementState, InteractiveElement, InteractiveElements } from './interactive.js';

/** JSON bytes of one page; sent twice (text and structured content), it stays under 8,000 tokens. */
export const PAGE_BUDGET_BYTES = 12_000;

/**
 * A control as listed once: its question is said by the assessment that names it, and its state leaves
 * out enabled and visible, which most controls are.
 */
export type ListedElement = Omit<InteractiveElement, 'question' | 'state'> & { state: Partial<ElementState> };

export interface InteractiveAnswer {
  interactive_elements: ListedElement[];
  buttons: string[];
  inputs: string[];
  navigation: string[];
  forms: Array<
    Omit<InteractiveElements['forms'][number], 'inputs' | 'submit'> & {
      inputs: string[];
      submit: string | null;
    }
  >;
  assessments: Array<
    Omit<InteractiveElements['assessments'][number], 'options' | 'control' | 'targets'> & {
      options: string[];
      /** A drag-and-drop's drop targets, by ref. */
      targets?: string[];
      /** A drawn drop-down's box, by ref. */
      control?: string;
    }
  >;
  counts: Record<string, number>;
  frames: InteractiveElements['frames'];
  snapshot_truncated: boolean;
  elements_truncated: boolean;
  next_cursor?: string;
  notes: string[];
  /** The course's names (frame labels, what it threw) that the notes refer to. */
  course_text?: CourseTexts;
}

export interface PageRequest {
  /** From a previous answer's next_cursor; absent: the first page. */
  cursor?: string;
  /** At most this many controls on the page; absent: as many as the budget holds. */
  limit?: number;
}

/** How groupings name a control: its ref, or its selector for a control that is not rendered (no ref). */
export function controlKey(e: InteractiveElement): string {
  return e.ref ?? e.selector;
}

export function answerInteractiveElements(
  found: InteractiveElements,
  request: PageRequest,
  budgetBytes = PAGE_BUDGET_BYTES,
): InteractiveAnswer {
  const all = found.interactive_elements;
  const start = Math.min(request.cursor === undefined ? 0 : Number(request.cursor), all.length);
  const { answer, size } = shrinkToBudget(
    (n) => pageOf(found, start, n),
    Math.min(request.limit ?? all.length, all.length - start),
    budgetBytes,
  );
  const lowered = limitLoweredNote({
    asked: request.limit,
    given: size,
    available: all.length - start,
    items: 'controls',
    budgetBytes,
  });
  if (lowered) answer.notes.push(lowered);
  return answer;
}

function pageOf(found: InteractiveElements, start: number, size: number): InteractiveAnswer {
  const page = found.interactive_elements.slice(start, start + size);
  const onPage = new Set<InteractiveElement>(page);
  const keys = (list: readonly InteractiveElement[]): string[] =>
    list.filter((e) => onPage.has(e)).map(controlKey);
  const end = start + page.length;
  const total = found.counts.interactive_elements ?? found.interactive_elements.length;
  const more = end < found.interactive_elements.length;
  const answer: InteractiveAnswer = {
    interactive_elements: page.map(({ question: _question, state, ...listed }) => ({
      ...listed,
      state: stateWithoutDefaults(state),
    })),
    buttons: keys(found.buttons),
    inputs: keys(found.inputs),
    navigation: keys(found.navigation),
    forms: found.forms
      // A form with no control at all is said on the first page.
      .filter(
        (f) =>
          f.inputs.some((e) => onPage.has(e)) || (f.submit && onPage.has(f.submit)) || isEmptyForm(f, start),
      )
      .map((f) => ({
        ...f,
        inputs: keys(f.inputs),
        submit: f.submit && onPage.has(f.submit) ? controlKey(f.submit) : null,
      })),
    assessments: found.assessments
      .filter((a) => [...a.options, ...(a.targets ?? [])].some((e) => onPage.has(e)))
      .map(({ control, targets, ...a }) => ({
        ...a,
        // A question cut by the page's end is still one question: all its options and targets, wherever listed.
        options: a.options.map(controlKey),
        ...(targets ? { targets: targets.map(controlKey) } : {}),
        ...(control ? { control: controlKey(control) } : {}),
      })),
    counts: { ...found.counts, returned: page.length, offset: start },
    frames: found.frames,
    snapshot_truncated: found.snapshot_truncated,
    elements_truncated: found.elements_truncated || more,
    notes: [...found.notes],
  };
  if (more) {
    answer.next_cursor = String(end);
    answer.notes.push(
      `Controls ${start + 1}-${end} of ${total} are listed here (a question is given whole, with its options on other pages); call again with cursor "${end}" for the next ones.`,
    );
    const outside = found.counts.outside_main ?? 0;
    if (outside > 0 && end >= found.interactive_elements.length - outside)
      answer.notes.push(
        `The page's main content is listed in full; the controls after it are beside it (an outline or header, ${outside}).`,
      );
  }
  const fields = new CourseTextFields();
  answer.notes = answer.notes.map((n) => fields.sentence(n));
  return { ...answer, ...fields.details() };
}

function isEmptyForm(form: InteractiveElements['forms'][number], start: number): boolean {
  return start === 0 && form.inputs.length === 0 && form.submit === null;
}

function stateWithoutDefaults(state: ElementState): Partial<ElementState> {
  const { disabled, visible, ...rest } = state;
  return { ...(disabled ? { disabled } : {}), ...(visible ? {} : { visible }), ...rest };
}
