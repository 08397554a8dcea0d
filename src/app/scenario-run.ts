/**
 * Runs a checked scenario against the open SCO: each step in order, each outcome with the API calls and
 * data-model changes it caused. Tool steps go through `invoke` (the server's own tool handlers), so a
 * scenario step does exactly what the tool does when an agent calls it.
 */
import { isScormTesterError } from '../core/errors.js';
import { sleepUnlessCancelled, type WorkControl } from '../core/progress.js';
import type { CourseRuntime } from '../runtime/course-runtime.js';
import { replayCalls } from './replay.js';
import { observeChanges, noChanges, type ChangesReport } from '../dom/changes.js';
import type { Scenario, ScenarioStep } from '../dom/scenario/schema.js';

export interface ToolOutput<C> {
  data: unknown;
  content?: C[] | undefined;
}

export type InvokeTool<C> = (tool: string, args: Record<string, unknown>) => Promise<ToolOutput<C>>;

export interface StepOutcome {
  index: number;
  step: Record<string, unknown>;
  /** The tool a DOM/automation step ran ("action" steps name their tool here). */
  tool?: string;
  ok: boolean;
  result?: unknown;
  error?: { code: string; message: string; details?: Record<string, unknown> };
  api_calls: ChangesReport['api_calls'];
  data_model_changes: ChangesReport['data_model_changes'];
  console_errors: ChangesReport['console_errors'];
  /** Navigation inside the SCO's frames during the step (only when there was some). */
  navigation?: ChangesReport['navigation'];
  truncated?: ChangesReport['truncated'];
  duration_ms: number;
}

export interface ScenarioReport<C> {
  steps_total: number;
  steps_run: number;
  steps_passed: number;
  failed_at_index?: number;
  stop_on_failure: boolean;
  /** Set when the run stopped early for a reason other than a failing step (cancelled, time budget spent). */
  stopped?: string;
  results: StepOutcome[];
  /** Extra content the steps' tools returned (screenshots), in step order. */
  content: C[];
}

/** A scenario stops starting new steps after this long (each step is bounded by its own tool). */
export const SCENARIO_BUDGET_MS = 300_000;

export async function runScenario<C>(
  runtime: CourseRuntime,
  scenario: Scenario,
  invoke: InvokeTool<C>,
  control: WorkControl = {},
): Promise<ScenarioReport<C>> {
  const { signal, progress } = control;
  const report: ScenarioReport<C> = {
    steps_total: scenario.steps.length,
    steps_run: 0,
    steps_passed: 0,
    stop_on_failure: scenario.stopOnFailure,
    results: [],
    content: [],
  };
  const deadline = Date.now() + SCENARIO_BUDGET_MS;
  for (const [index, step] of scenario.steps.entries()) {
    if (signal?.aborted) {
      report.stopped = 'The request was cancelled.';
      break;
    }
    if (Date.now() > deadline) {
      report.stopped = `The scenario ran past ${SCENARIO_BUDGET_MS / 1000} s; steps from ${index} on were not run. Split it into smaller scenarios.`;
      break;
    }
    progress?.({ done: index, total: scenario.steps.length, message: `step ${index}: ${stepLabel(step)}` });
    const outcome = await runStep(runtime, index, step, invoke, report.content, signal);
    report.results.push(outcome);
    report.steps_run += 1;
    if (outcome.ok) report.steps_passed += 1;
    else if (report.failed_at_index === undefined) report.failed_at_index = index;
    if (!outcome.ok && (scenario.stopOnFailure || !runtime.isOpen || runtime.isCrashed)) break;
  }
  progress?.({ done: report.steps_run, total: scenario.steps.length, message: 'scenario done' });
  return report;
}

function stepLabel(step: ScenarioStep): string {
  if (step.kind === 'api') return step.method;
  if (step.kind === 'wait') return `wait ${step.ms} ms`;
  return step.tool;
}

async function runStep<C>(
  runtime: CourseRuntime,
  index: number,
  step: ScenarioStep,
  invoke: InvokeTool<C>,
  content: C[],
  signal: AbortSignal | undefined,
): Promise<StepOutcome> {
  const started = Date.now();
  const observer = await observeChanges(runtime).catch(() => null);
  const outcome: StepOutcome = {
    index,
    step: step.given,
    ...(step.kind === 'tool' ? { tool: step.tool } : {}),
    ok: true,
    api_calls: [],
    data_model_changes: [],
    console_errors: [],
    duration_ms: 0,
  };
  try {
    if (step.kind === 'api') {
      const replay = await replayCalls(runtime.version, [{ method: step.method, args: step.args }], (m, a) =>
        runtime.callApi(m, a),
      );
      const entry = replay.results[0];
      outcome.result = entry && {
        method: entry.method,
        result: entry.result,
        error_code: entry.error_code,
        error_string: entry.error_string,
        diagnostic: entry.diagnostic,
      };
      if (entry && !entry.success) {
        outcome.ok = false;
        outcome.error = {
          code: 'SCORM_API_ERROR',
          // The engine's diagnostic quotes the course's arguments: it stays in result.diagnostic.
          message: `${entry.method} failed with error ${entry.error_code} (${entry.error_string})${entry.diagnostic ? '; the engine says why in result.diagnostic' : ''}.`,
        };
      }
    } else if (step.kind === 'wait') {
      await sleepUnlessCancelled(step.ms, signal, 'The wait step');
    } else {
      const out = await invoke(step.tool, step.args);
      outcome.result = out.data;
      if (out.content) content.push(...out.content);
    }
  } catch (error) {
    outcome.ok = false;
    outcome.error = isScormTesterError(error)
      ? { code: error.code, message: error.message, ...(error.details ? { details: error.details } : {}) }
      : { code: 'INTERNAL_ERROR', message: error instanceof Error ? error.message : String(error) };
  }
  // Calls the step caused reach the record asynchronously: the observer flushes the page's record first.
  const changes = (await observer?.read().catch(() => null)) ?? noChanges();
  outcome.api_calls = changes.api_calls;
  outcome.data_model_changes = changes.data_model_changes;
  outcome.console_errors = changes.console_errors;
  if (changes.navigation.length > 0) outcome.navigation = changes.navigation;
  if (changes.truncated) outcome.truncated = changes.truncated;
  outcome.duration_ms = Date.now() - started;
  return outcome;
}
