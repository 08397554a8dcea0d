/**
 * scorm_assessment_interaction_trace: runs learner actions one by one and correlates each with what it
 * did: the target's answer state before and after, the API calls and data-model changes it caused,
 * console errors and navigation, and (detailed) what changed in the page's text. When the course has
 * window.SCORMAutomation (checked once per call), an action that names an interaction, or whose control is
 * unambiguously one interaction's (automation/control-link.ts), goes through it ("automation" path);
 * anything else acts on the DOM like a learner ("dom" path, with path_reason), through the same action
 * functions as scorm_dom_click and scorm_dom_fill.
 */
import { fail, isScormTesterError } from '../../core/errors.js';
import type { CourseRuntime } from '../../runtime/course-runtime.js';
import { clickElement } from '../actions/click.js';
import { fillElement } from '../actions/fill.js';
import type { FillValue } from '../actions/fill-value.js';
import { DEFAULT_WAIT_MS, type ActionResult } from '../actions/run-action.js';
import { callAutomation } from '../automation/call.js';
import { automationContext, linkControl, type AutomationContext } from '../automation/control-link.js';
import { noChanges, observeChanges, type ChangesReport } from '../changes.js';
import { readElementValue } from '../element-read.js';
import { scoFrames } from '../frames.js';
import { resolveTarget, type TargetSpec } from '../target.js';
import { answerChanged, readAnswerState, type AnswerState } from './answer-state.js';
import { traceIssues, type TraceIssue, type TracedStep } from './trace-issues.js';

export interface TraceAction {
  type: 'click' | 'fill' | 'wait';
  selector?: string | undefined;
  ref?: string | undefined;
  frame?: string | undefined;
  value?: FillValue | undefined;
  ms?: number | undefined;
  interaction_id?: string | undefined;
  response?: unknown;
}

export interface TraceOptions {
  detailed: boolean;
  settleMs: number;
  waitTimeoutMs?: number | undefined;
  stopOnFailure: boolean;
}

export type TracePath = 'dom' | 'automation';

export interface TraceStep {
  index: number;
  action: TraceAction;
  /** null for a wait. */
  path: TracePath | null;
  ok: boolean;
  error?: { code: string; message: string; details?: Record<string, unknown> };
  /** Why this path was taken (for actions on a control, or an interaction answered another way). */
  path_reason?: string;
  /** DOM path: the element acted on and how the input reached it. */
  element?: unknown;
  frame?: string;
  activation?: string;
  /** The answer before and after: the control's state (dom) or getResponse (automation). */
  target_state?: { before: unknown; after: unknown; changed: boolean };
  /** Automation path: the interaction answered and the response given (translated from a control's value). */
  interaction_id?: string;
  response?: unknown;
  automation_result?: unknown;
  changes: ChangesReport;
  /** Detailed mode: lines of the SCO's accessible text that appeared or went away. */
  page_change?: { added: string[]; removed: string[]; truncated?: boolean };
  duration_ms: number;
}

export interface TraceReport {
  automation_available: boolean;
  steps: TraceStep[];
  issues_detected: TraceIssue[];
  summary: {
    total_actions: number;
    actions_run: number;
    successful_actions: number;
    total_api_calls: number;
    data_model_elements_changed: number;
    failed_at_index?: number;
  };
}

const MAX_PAGE_LINES = 40;

/** Checks every action's fields before anything runs. */
export function checkTraceActions(actions: readonly TraceAction[]): void {
  actions.forEach((a, i) => {
    const where = `actions[${i}]`;
    const hasTarget = a.selector !== undefined || a.ref !== undefined;
    const named = a.interaction_id !== undefined;
    if (a.type === 'wait') {
      if (a.ms === undefined) fail('INVALID_ARGUMENT', `${where}: a wait needs ms (how long to wait).`);
      if (hasTarget || named || a.value !== undefined) {
        fail('INVALID_ARGUMENT', `${where}: a wait takes only ms.`);
      }
      return;
    }
    if (a.ms !== undefined) fail('INVALID_ARGUMENT', `${where}: ms belongs to a wait action.`);
    if (named !== (a.response !== undefined)) {
      fail(
        'INVALID_ARGUMENT',
        `${where}: interaction_id and response go together (response in the interaction's canonical shape).`,
      );
    }
    if (a.type === 'click') {
      if (!hasTarget || named || a.value !== undefined) {
        fail(
          'INVALID_ARGUMENT',
          `${where}: a click takes a selector or ref (to answer an interaction by id, use a fill with interaction_id and response).`,
        );
      }
      return;
    }
    if (!named && !(hasTarget && a.value !== undefined)) {
      fail(
        'INVALID_ARGUMENT',
        `${where}: a fill takes a selector or ref with a value, or an interaction_id with a response (used through window.SCORMAutomation).`,
      );
    }
    if (hasTarget !== (a.value !== undefined)) {
      fail('INVALID_ARGUMENT', `${where}: give selector/ref and value together.`);
    }
  });
}

export async function traceInteractions(
  runtime: CourseRuntime,
  actions: readonly TraceAction[],
  options: TraceOptions,
): Promise<TraceReport> {
  checkTraceActions(actions);
  const automation = await automationContext(runtime);
  const steps: TraceStep[] = [];
  const traced: TracedStep[] = [];
  for (const [index, action] of actions.entries()) {
    const { step, answer } = await runTraceStep(runtime, index, action, automation, options);
    steps.push(step);
    traced.push({
      index,
      ok: step.ok,
      answerChanged: answer,
      api_calls: step.changes.api_calls,
      data_model_changes: step.changes.data_model_changes,
      console_errors: step.changes.console_errors,
    });
    if (!step.ok && options.stopOnFailure) break;
    if (!runtime.isOpen || runtime.isCrashed) break;
  }
  const dataModel =
    runtime.isOpen && !runtime.isCrashed ? await runtime.getDataModel().catch(() => null) : null;
  const failed = steps.find((s) => !s.ok);
  return {
    automation_available: automation.availability.available,
    steps,
    issues_detected: traceIssues(runtime.version, traced, dataModel),
    summary: {
      total_actions: actions.length,
      actions_run: steps.length,
      successful_actions: steps.filter((s) => s.ok).length,
      total_api_calls: steps.reduce(
        (n, s) => n + s.changes.api_calls.length + (s.changes.truncated?.api_calls ?? 0),
        0,
      ),
      data_model_elements_changed: new Set(
        steps.flatMap((s) => s.changes.data_model_changes.map((c) => c.element)),
      ).size,
      ...(failed ? { failed_at_index: failed.index } : {}),
    },
  };
}

async function runTraceStep(
  runtime: CourseRuntime,
  index: number,
  action: TraceAction,
  automation: AutomationContext,
  options: TraceOptions,
): Promise<{ step: TraceStep; answer: boolean }> {
  const started = Date.now();
  const step: TraceStep = { index, action, path: null, ok: true, changes: noChanges(), duration_ms: 0 };
  const textBefore = options.detailed ? await pageLines(runtime) : null;
  const observer = await observeChanges(runtime).catch(() => null);
  let answer = false;
  try {
    if (action.type === 'wait') {
      await new Promise((resolve) => setTimeout(resolve, action.ms));
    } else {
      const route = await chooseRoute(runtime, action, automation, options);
      step.path = route.path;
      if (route.reason !== undefined) step.path_reason = route.reason;
      answer =
        route.path === 'automation'
          ? await automationFill(runtime, route.interactionId, route.response, automation, step, options)
          : await domAction(runtime, action, step, options);
    }
  } catch (error) {
    step.path ??= action.type === 'wait' ? null : 'dom';
    step.ok = false;
    step.error = isScormTesterError(error)
      ? { code: error.code, message: error.message, ...(error.details ? { details: error.details } : {}) }
      : { code: 'INTERNAL_ERROR', message: error instanceof Error ? error.message : String(error) };
  }
  step.changes = (await observer?.read({ settleMs: options.settleMs }).catch(() => null)) ?? noChanges();
  if (textBefore) step.page_change = lineDiff(textBefore, await pageLines(runtime));
  step.duration_ms = Date.now() - started;
  return { step, answer };
}

type Route =
  | { path: 'automation'; interactionId: string; response: unknown; reason?: string }
  | { path: 'dom'; reason?: string };

/** An interaction id, or a control the automation API can answer for, goes through it; the rest through the DOM. */
async function chooseRoute(
  runtime: CourseRuntime,
  action: TraceAction,
  automation: AutomationContext,
  options: TraceOptions,
): Promise<Route> {
  const available = automation.availability.available;
  const hasTarget = action.selector !== undefined || action.ref !== undefined;
  if (action.interaction_id !== undefined) {
    if (available || !hasTarget) {
      return { path: 'automation', interactionId: action.interaction_id, response: action.response };
    }
    return {
      path: 'dom',
      reason: 'window.SCORMAutomation is not available in this course: the selector/ref and value were used.',
    };
  }
  if (!available) return { path: 'dom', reason: 'window.SCORMAutomation is not present in this course.' };
  const target = await resolveTarget(
    runtime,
    { selector: action.selector, ref: action.ref, frame: action.frame },
    { waitMs: options.waitTimeoutMs ?? DEFAULT_WAIT_MS },
  );
  const link = await linkControl(
    runtime,
    automation,
    target,
    action.type === 'click' ? { kind: 'click' } : { kind: 'fill', value: action.value as FillValue },
  );
  return link.linked
    ? { path: 'automation', interactionId: link.interactionId, response: link.response, reason: link.reason }
    : { path: 'dom', reason: link.reason };
}

async function automationFill(
  runtime: CourseRuntime,
  id: string,
  response: unknown,
  automation: AutomationContext,
  step: TraceStep,
  options: TraceOptions,
): Promise<boolean> {
  if (!automation.availability.available) {
    fail(
      'AUTOMATION_API_NOT_AVAILABLE',
      `The course has no window.SCORMAutomation, so interaction "${id}" cannot be answered by id. ` +
        'Give the control instead: a selector or ref (see scorm_dom_find_interactive_elements) with a value.',
      { not_applicable: { code: 'NO_AUTOMATION_API' } },
    );
  }
  const call = { interactionId: id, timeoutMs: options.waitTimeoutMs };
  const before = (await callAutomation(runtime, 'getResponse', [id], call)).result;
  const set = await callAutomation(runtime, 'setResponse', [id, response], call);
  const after = (await callAutomation(runtime, 'getResponse', [id], call)).result;
  step.frame = set.frame;
  step.interaction_id = id;
  step.response = response;
  step.automation_result = set.result;
  const changed = JSON.stringify(before) !== JSON.stringify(after);
  step.target_state = { before, after, changed };
  return changed;
}

async function domAction(
  runtime: CourseRuntime,
  action: TraceAction,
  step: TraceStep,
  options: TraceOptions,
): Promise<boolean> {
  const spec: TargetSpec = { selector: action.selector, ref: action.ref, frame: action.frame };
  const waitMs = options.waitTimeoutMs ?? DEFAULT_WAIT_MS;
  const target = await resolveTarget(runtime, spec, { waitMs });
  const state = (): Promise<AnswerState | null> =>
    readElementValue(runtime, target, readAnswerState, undefined, 1_500);
  const before = await state();
  const acting = { waitTimeoutMs: waitMs };
  const done: ActionResult<unknown> =
    action.type === 'click'
      ? await clickElement(runtime, spec, acting)
      : await fillElement(runtime, spec, action.value as FillValue, acting);
  const after = await state();
  step.element = done.element;
  step.frame = done.frame;
  step.activation = done.activation;
  const changed = answerChanged(before, after);
  if (before || after) step.target_state = { before, after, changed };
  return changed;
}

/** The SCO frames' accessible text (Playwright's aria snapshot), one line per node. */
async function pageLines(runtime: CourseRuntime): Promise<string[]> {
  const frames = await scoFrames(runtime).catch(() => []);
  const lines: string[] = [];
  for (const f of frames) {
    const text = await f.frame
      .locator('body')
      .ariaSnapshot({ timeout: 2_000 })
      .catch(() => '');
    for (const line of text.split('\n')) if (line.trim()) lines.push(`${f.label}: ${line.trim()}`);
  }
  return lines;
}

function lineDiff(
  before: string[],
  after: string[],
): { added: string[]; removed: string[]; truncated?: boolean } {
  const count = (lines: string[]): Map<string, number> => {
    const m = new Map<string, number>();
    for (const l of lines) m.set(l, (m.get(l) ?? 0) + 1);
    return m;
  };
  const was = count(before);
  const now = count(after);
  const added = after.filter((l) => (was.get(l) ?? 0) < (now.get(l) ?? 0));
  const removed = before.filter((l) => (now.get(l) ?? 0) < (was.get(l) ?? 0));
  const truncated = added.length > MAX_PAGE_LINES || removed.length > MAX_PAGE_LINES;
  return {
    added: [...new Set(added)].slice(0, MAX_PAGE_LINES),
    removed: [...new Set(removed)].slice(0, MAX_PAGE_LINES),
    ...(truncated ? { truncated } : {}),
  };
}
