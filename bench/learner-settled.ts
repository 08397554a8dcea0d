/**
 * Questions already answered on the page, so that page state's own list stands for the element list
 * (pure). rise-3's lesson 12 keeps a checklist answered at its top while a learner goes through eleven
 * CONTINUE gates and choices below it: each step read the element list again (two pages of 12 KB) only
 * to find that question answered.
 */

interface Question {
  selector?: unknown;
  question?: unknown;
  options?: unknown;
  targets?: unknown;
}

/** The key the learner's step remembers a question by (learner-step.ts). */
export const questionKey = (a: Question): string => `${String(a.selector ?? '')}|${String(a.question ?? '')}`;

export interface SettledQuestions {
  /** Refs of the options, items and targets of the questions answered. */
  refs: Set<string>;
  /** Those questions, as the last element list gave them, for the step's own bookkeeping. */
  assessments: unknown[];
}

/** The questions of the last element list that the learner answered (by `answered`), with their refs. */
export function settledQuestions(listing: unknown, answered: (key: string) => boolean): SettledQuestions {
  const assessments = ((listing ?? {}) as { assessments?: Question[] }).assessments ?? [];
  const settled = assessments.filter((a) => answered(questionKey(a)));
  const refs = new Set<string>();
  for (const a of settled)
    for (const list of [a.options, a.targets])
      if (Array.isArray(list)) for (const ref of list) if (typeof ref === 'string') refs.add(ref);
  return { refs, assessments: settled };
}
