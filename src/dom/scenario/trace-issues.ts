/**
 * What an assessment trace says about the course: answers the learner gave that never reached
 * cmi.interactions, interaction records without a result or response, SetValue calls that failed,
 * score or status changes never committed, and console errors. Pure: the same steps give the same issues.
 */
import { canonicalMethod } from '../../runtime/records.js';
import { NAMES } from '../../runtime/anomalies/elements.js';

export interface TracedCall {
  index: number;
  method: string;
  args: readonly unknown[];
  result: unknown;
  error_code: string;
}

export interface TracedStep {
  index: number;
  ok: boolean;
  /** The step changed what the learner answered (a control's checked state, value or selection). */
  answerChanged: boolean;
  api_calls: readonly TracedCall[];
  data_model_changes: ReadonlyArray<{ element: string; to: string }>;
  console_errors: ReadonlyArray<{ text: string }>;
}

export type TraceIssueType =
  'answer_not_recorded' | 'incomplete_interaction' | 'set_value_error' | 'missing_commit' | 'console_error';

export interface TraceIssue {
  type: TraceIssueType;
  severity: 'error' | 'warning';
  /** The step the issue starts at. */
  step_index: number;
  message: string;
  fix: string;
  element?: string;
  call_index?: number;
}

const INTERACTION_FIELD = /^cmi\.interactions\.(\d+)\.([a-z_]+)$/;

export function traceIssues(
  version: '1.2' | '2004',
  steps: readonly TracedStep[],
  dataModel: Readonly<Record<string, string>> | null,
): TraceIssue[] {
  const names = NAMES[version];
  const issues: TraceIssue[] = [];

  for (const step of steps) {
    for (const call of step.api_calls) {
      if (canonicalMethod(call.method) !== 'SetValue') continue;
      if (call.error_code === '0' && call.result !== 'false') continue;
      const element = typeof call.args[0] === 'string' ? call.args[0] : String(call.args[0]);
      issues.push({
        type: 'set_value_error',
        severity: 'error',
        step_index: step.index,
        message: `${call.method}("${element}", ${JSON.stringify(call.args[1])}) failed with error ${call.error_code} after this step.`,
        fix: `Check the element name and the value's format for ${element} against the SCORM ${version} data model, and read ${names.getLastError}() after each SetValue.`,
        element,
        call_index: call.index,
      });
    }
    for (const error of step.console_errors) {
      issues.push({
        type: 'console_error',
        severity: 'error',
        step_index: step.index,
        message: `The course logged an error after this step: ${error.text.slice(0, 300)}`,
        fix: 'Fix the script error: a handler that throws can stop the answer, score or status from being recorded.',
      });
    }
  }

  const firstAnswer = steps.find((s) => s.answerChanged);
  const recordedLater =
    firstAnswer &&
    steps.some(
      (s) =>
        s.index >= firstAnswer.index && s.data_model_changes.some((c) => INTERACTION_FIELD.test(c.element)),
    );
  if (firstAnswer && !recordedLater) {
    issues.push({
      type: 'answer_not_recorded',
      severity: 'warning',
      step_index: firstAnswer.index,
      message:
        'An answer was given on the page, but no cmi.interactions value was set by the end of the trace.',
      fix: `Record each answered question (cmi.interactions.n.id, type, ${names.response}, result) when it is checked or submitted; if the course records on a later button, add that click to the actions.`,
    });
  }

  issues.push(...incompleteInteractions(version, steps, dataModel));
  issues.push(...uncommitted(version, steps));
  return issues.sort((a, b) => a.step_index - b.step_index);
}

/** Interactions touched during the trace that lack a result or a learner response in the data model now. */
function incompleteInteractions(
  version: '1.2' | '2004',
  steps: readonly TracedStep[],
  dataModel: Readonly<Record<string, string>> | null,
): TraceIssue[] {
  if (!dataModel) return [];
  const response = NAMES[version].response;
  const firstTouched = new Map<number, number>();
  for (const step of steps) {
    for (const change of step.data_model_changes) {
      const m = INTERACTION_FIELD.exec(change.element);
      if (m && !firstTouched.has(Number(m[1]))) firstTouched.set(Number(m[1]), step.index);
    }
  }
  const out: TraceIssue[] = [];
  for (const [n, stepIndex] of firstTouched) {
    const field = (name: string): string => dataModel[`cmi.interactions.${n}.${name}`] ?? '';
    const missing = ['result', response].filter((name) => field(name) === '');
    if (missing.length === 0) continue;
    const id = field('id');
    out.push({
      type: 'incomplete_interaction',
      severity: 'warning',
      step_index: stepIndex,
      element: `cmi.interactions.${n}`,
      message: `cmi.interactions.${n}${id ? ` ("${id}")` : ''} has no ${missing.join(' and no ')}.`,
      fix: `Set cmi.interactions.${n}.${response} (the learner's answer in the type's format) and .result ("correct", "incorrect", ...) when the question is checked.`,
    });
  }
  return out;
}

/** Score or status set with no Commit (or Terminate, which persists too) after it within the trace. */
function uncommitted(version: '1.2' | '2004', steps: readonly TracedStep[]): TraceIssue[] {
  const names = NAMES[version];
  const scorePrefix = names.scoreRaw.replace(/raw$/, '');
  const watched = (element: unknown): element is string =>
    typeof element === 'string' && (names.status.includes(element) || element.startsWith(scorePrefix));
  let pending: { step: number; element: string; call: number } | null = null;
  for (const step of steps) {
    for (const call of step.api_calls) {
      const method = canonicalMethod(call.method);
      const succeeded = call.error_code === '0' && call.result === 'true';
      if (!succeeded) continue;
      if (method === 'Commit' || method === 'Terminate') pending = null;
      else if (method === 'SetValue' && watched(call.args[0])) {
        pending ??= { step: step.index, element: call.args[0], call: call.index };
      }
    }
  }
  if (!pending) return [];
  return [
    {
      type: 'missing_commit',
      severity: 'warning',
      step_index: pending.step,
      element: pending.element,
      call_index: pending.call,
      message: `${pending.element} was set but ${names.commit} was not called afterwards within the trace; an LMS that persists on Commit can lose the score or status if the window closes now.`,
      fix: `Call ${names.commit}("") right after setting the score and status.`,
    },
  ];
}
