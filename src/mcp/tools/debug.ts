/**
 * Debug and test tools (runtime group): run a course briefly like a learner would, close it, and
 * report every SCORM API call it made with the anomalies found in them; or analyse a session's
 * running course so far.
 */
import { z } from 'zod';
import { fail, isScormTesterError, ScormTesterError } from '../../core/errors.js';
import {
  callMetrics,
  callView,
  courseConsoleErrors,
  analyseRun,
  MAX_SETTLE_WAIT_MS,
  probeRuntime,
  type Anomaly,
  type ProbeReport,
  openCourseStartGate,
} from '../../runtime/anomalies/index.js';
import { confirmPredictions } from '../../session/confirm-predictions.js';
import type { CourseRuntime } from '../../runtime/course-runtime.js';
import { clipLongValues } from '../../runtime/data-model/index.js';
import { CANONICAL_METHODS, canonicalMethod, type ApiCallRecord } from '../../runtime/records.js';
import type { Session } from '../../session/session.js';
import type { ServerContext } from '../../app/context.js';
import { sessionFor, type RunTarget } from '../../app/run-target.js';
import { withThrowawaySession } from '../../app/throwaway-session.js';
import { runScenario, type ScenarioReport } from '../../app/scenario-run.js';
import { testScenarioSchema } from '../../dom/scenario/schema.js';
import {
  ACTS_IN_COURSE,
  defineTool,
  type ExtraContent,
  type ToolData,
  type ToolDefinition,
} from '../../app/tool.js';
import {
  anomaly,
  apiCall,
  callMetrics as callMetricsSchema,
  consoleErrorView,
  count,
  epochMs,
  initializeState,
  openObject,
  recordedValue,
  scormVersion,
} from './output-schemas.js';
import { prepareScenario, registryInvoker } from '../../app/scenario-steps.js';
import { packagePath, sessionId, viewportSchema } from './shared-schemas.js';
import { listingInput } from './listing-schemas.js';
import {
  ANSWER_BUDGET_BYTES,
  cutText,
  jsonBytes,
  pageWithinBudget,
  stringView,
  viewNamedElement,
  viewRecorded,
  type StringView,
} from '../../output/answer-budget.js';

const DEFAULT_MAX_CALLS = 1_000;
const MAX_CONSOLE_ERRORS = 50;
/** What the calls of a page may use at least, whatever the rest of the answer takes. */
const MIN_CALLS_BUDGET = 4_000;

const CANONICAL: readonly string[] = CANONICAL_METHODS;

const debugCallsOutput = {
  supported: z.literal(true),
  entry_found: z.boolean(),
  mode: z.enum(['session', 'run']).describe('session: the open runtime so far; run: a run of the course.'),
  session_id: z.string().nullable(),
  scorm_version: scormVersion,
  launch_url: z.string().nullable(),
  sco_id: z.string().nullable(),
  initialize_state: initializeState,
  calls: z.array(apiCall),
  calls_listed: count.describe('Calls on this page.'),
  calls_truncated: z.boolean().describe('More calls follow this page (see next_cursor).'),
  calls_matching: count.describe('Calls that match filter_methods, on every page.'),
  calls_remaining: count.describe('Calls after this page.'),
  next_cursor: z.string().nullable().describe('Pass as cursor for the next page; null on the last.'),
  detail: z.enum(['preview', 'full']),
  metrics: callMetricsSchema,
  unrecorded_calls: count.optional(),
  console_errors: z.array(consoleErrorView).describe('The first ones; scorm_get_console_errors lists all.'),
  console_errors_total: count,
  settled: z.boolean().optional(),
  anomalies: z.array(anomaly).optional(),
  anomaly_counts: z.object({ error: count, warning: count, info: count }).optional(),
  anomalies_remaining: count
    .optional()
    .describe('Anomalies after this page (all are counted in anomaly_counts).'),
  anomalies_next_cursor: z
    .string()
    .nullable()
    .optional()
    .describe('Pass as anomalies_cursor for the next page of anomalies; null on the last.'),
  data_model: z.record(z.string(), recordedValue).nullable().optional(),
  data_changes_total: count.optional(),
  data_changes: z
    .array(
      z.object({
        element: z.string(),
        previous_value: recordedValue.nullable(),
        new_value: recordedValue,
        source: z.enum(['api:SetValue', 'internal']),
        timestamp: epochMs,
        sco_id: z.string(),
      }),
    )
    .optional(),
};

/** Accepts either version's names and snake_case ("get_value", "LMSFinish", "commit"). */
export function normalizeMethodFilter(names: readonly string[]): Set<string> {
  const out = new Set<string>();
  for (const name of names) {
    const key = name.toLowerCase().replace(/_/g, '').replace(/^lms/, '');
    const found = key === 'finish' ? 'Terminate' : CANONICAL.find((m) => m.toLowerCase() === key);
    if (!found) {
      fail(
        'INVALID_ARGUMENT',
        `filter_methods: "${name}" is not a SCORM API method. Use names like ${CANONICAL.join(', ')} (LMS* and snake_case forms work too).`,
      );
    }
    out.add(found);
  }
  return out;
}

export const settleMs = z
  .number()
  .int()
  .min(0)
  .max(MAX_SETTLE_WAIT_MS)
  .optional()
  .describe('API quiet time before closing (default 1000).');

/**
 * Launches the course (in the given session, or in a temporary one starting a fresh attempt), lets it
 * settle, unloads it as a learner closing the window would, and closes the runtime without saving
 * learner state: a probe leaves no trace in the saved state of the course.
 */
async function runAndUnload<T>(
  ctx: ServerContext,
  args: RunTarget,
  settle: number | undefined,
  use: (session: Session, runtime: CourseRuntime, report: ProbeReport) => T,
  beforeUnload?: (session: Session, runtime: CourseRuntime) => Promise<void>,
  /** Cancels the open and the settle wait; the runtime (and a temporary session) is closed either way. */
  signal?: AbortSignal,
): Promise<T> {
  const probe = async (session: Session): Promise<T> => {
    const runtime = await session.openRuntime({ viewport: args.viewport, control: { signal } });
    try {
      const launch = session.launch;
      const probed = await probeRuntime(runtime, {
        settleMs: settle,
        signal,
        ...(launch ? { resource: { scormType: launch.scormType, href: launch.launchUrl } } : {}),
        ...(beforeUnload ? { beforeUnload: () => beforeUnload(session, runtime) } : {}),
      });
      const report = {
        ...probed,
        anomalies: await confirmPredictions(session.packageRoot, probed.anomalies),
      };
      return use(session, runtime, report);
    } finally {
      await runtime.close();
      await session.closeRuntime();
    }
  };
  if (args.session_id !== undefined) return probe(sessionFor(ctx, args));
  if (args.workspace_path === undefined)
    fail('INVALID_ARGUMENT', 'Pass workspace_path (a course folder, manifest or .zip) or session_id.');
  return withThrowawaySession(ctx, args.workspace_path, probe);
}

function counts(anomalies: readonly Anomaly[]): Record<'error' | 'warning' | 'info', number> {
  const out = { error: 0, warning: 0, info: 0 };
  for (const a of anomalies) out[a.severity] += 1;
  return out;
}

function filtered(calls: readonly ApiCallRecord[], methods: string[] | undefined): ApiCallRecord[] {
  if (!methods || methods.length === 0) return [...calls];
  const wanted = normalizeMethodFilter(methods);
  return calls.filter((c) => wanted.has(canonicalMethod(c.method)));
}

function viewValues(values: Readonly<Record<string, string>>, view: StringView): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [name, value] of Object.entries(values)) out[name] = viewRecorded(value, view);
  return out;
}

function launchInfo(session: Session): { launch_url: string | null; sco_id: string | null } {
  return { launch_url: session.launch?.launchUrl ?? null, sco_id: session.launch?.item.identifier ?? null };
}

export function debugTools(ctx: ServerContext): ToolDefinition[] {
  return [
    defineTool({
      name: 'scorm_debug_api_calls',
      group: 'runtime',
      title: 'Debug API calls',
      // Not read-only: with a session_id and no open runtime, the course runs in that session (its network).
      annotations: ACTS_IN_COURSE,
      description:
        'Every SCORM API call of a course, with metrics and anomalies. Runs the course until its calls settle and closes it, saving nothing; with an open runtime: that course so far.',
      input: {
        workspace_path: packagePath.optional(),
        session_id: sessionId.optional(),
        viewport: viewportSchema.optional(),
        filter_methods: z
          .array(z.string().min(1))
          .max(16)
          .optional()
          .describe('Only list these methods (e.g. ["SetValue"]); metrics and anomalies cover all calls.'),
        detect_anomalies: z.boolean().optional().describe('Default true.'),
        include_data_model_state: z
          .boolean()
          .optional()
          .describe('Add the final data model and every data change.'),
        settle_ms: settleMs,
        max_calls: z
          .number()
          .int()
          .min(1)
          .max(100_000)
          .optional()
          .describe(`Most per page (default ${DEFAULT_MAX_CALLS}).`),
        ...listingInput,
        anomalies_cursor: z.string().optional(),
      },
      output: debugCallsOutput,
      handler: async (args, call) => {
        try {
          const methods = args.filter_methods;
          if (methods) normalizeMethodFilter(methods);
          const maxCalls = args.max_calls ?? DEFAULT_MAX_CALLS;
          const strings = stringView(args.detail, args.text_offset);
          const build = (
            mode: 'session' | 'run',
            session: Session,
            runtime: CourseRuntime,
            analysed: {
              anomalies: Anomaly[];
              dataModel: Record<string, string> | null;
              settled: boolean | null;
            },
          ): ToolData<typeof debugCallsOutput> => {
            const calls = runtime.calls;
            const listed = filtered(calls, methods);
            const data: ToolData<typeof debugCallsOutput> = {
              supported: true,
              entry_found: true,
              mode,
              session_id: args.session_id ?? null,
              scorm_version: runtime.version,
              ...launchInfo(session),
              initialize_state: runtime.initializeState,
              calls: [],
              calls_listed: 0,
              calls_truncated: false,
              calls_matching: listed.length,
              calls_remaining: 0,
              next_cursor: null,
              detail: args.detail ?? 'preview',
              metrics: callMetrics(calls),
              ...(runtime.log.dropped.calls > 0 ? { unrecorded_calls: runtime.log.dropped.calls } : {}),
              console_errors: [],
              console_errors_total: 0,
            };
            // scorm_get_console_errors lists them all; here the first ones, in an eighth of the budget.
            const consoleErrors = courseConsoleErrors(runtime.consoleMessages);
            data.console_errors = pageWithinBudget(consoleErrors, {
              limit: MAX_CONSOLE_ERRORS,
              budgetBytes: ANSWER_BUDGET_BYTES / 8,
              view: (e) => ({ ...e, text: cutText(e.text), url: e.url && cutText(e.url) }),
            }).items;
            data.console_errors_total = consoleErrors.length;
            if (analysed.settled !== null) data.settled = analysed.settled;
            if (args.detect_anomalies !== false) {
              // A course can make one anomaly per distinct element it names: they get half the budget.
              const found = pageWithinBudget(analysed.anomalies, {
                cursor: args.anomalies_cursor,
                limit: analysed.anomalies.length,
                budgetBytes: ANSWER_BUDGET_BYTES / 2,
                view: viewNamedElement,
              });
              data.anomalies = found.items;
              data.anomaly_counts = counts(analysed.anomalies);
              data.anomalies_remaining = found.remaining;
              data.anomalies_next_cursor = found.next_cursor;
            }
            if (args.include_data_model_state) {
              data.data_model = analysed.dataModel && viewValues(analysed.dataModel, strings);
              const changes = pageWithinBudget(runtime.log.dataChanges, {
                limit: maxCalls,
                budgetBytes: ANSWER_BUDGET_BYTES / 8,
                view: (c) => ({
                  element: c.element,
                  previous_value: c.previousValue === null ? null : viewRecorded(c.previousValue, strings),
                  new_value: viewRecorded(c.newValue, strings),
                  source: c.source,
                  timestamp: c.timestamp,
                  sco_id: c.scoId,
                }),
              });
              data.data_changes = changes.items;
              data.data_changes_total = runtime.log.dataChanges.length;
            }
            // The calls get what the rest of the answer leaves of the budget.
            const page = pageWithinBudget(listed, {
              cursor: args.cursor,
              limit: maxCalls,
              budgetBytes: Math.max(MIN_CALLS_BUDGET, ANSWER_BUDGET_BYTES - jsonBytes(data)),
              view: (c) => {
                const view = callView(c);
                return {
                  ...view,
                  args: view.args.map((a) => viewRecorded(a, strings)),
                  result: viewRecorded(view.result, strings),
                };
              },
            });
            data.calls = page.items;
            data.calls_listed = page.items.length;
            data.calls_truncated = page.remaining > 0;
            data.calls_remaining = page.remaining;
            data.next_cursor = page.next_cursor;
            return data;
          };

          const live = args.session_id !== undefined ? sessionFor(ctx, args) : null;
          if (live?.runtime) {
            const runtime = live.runtime.isCrashed ? live.runtime : live.requireRuntime();
            const dataModel =
              runtime.isOpen && args.include_data_model_state ? await runtime.getDataModel() : null;
            const anomalies = analyseRun(
              {
                version: runtime.version,
                calls: runtime.calls,
                finalState: runtime.initializeState,
                ...(dataModel ? { dataModel } : {}),
                ended: !runtime.isOpen,
                integrity: runtime.log.integrity,
                discardedAttempts: runtime.log.discardedAttempts,
                scormAttempts: runtime.log.scormAttempts,
                changes: runtime.log.dataChanges,
              },
              { network: runtime.networkRequests, console: runtime.consoleMessages },
            );
            const waiting = await openCourseStartGate(runtime);
            if (waiting) anomalies.push(waiting);
            return { data: build('session', live, runtime, { anomalies, dataModel, settled: null }) };
          }
          const data = await runAndUnload(
            ctx,
            args,
            args.settle_ms,
            (session, runtime, report) =>
              build('run', session, runtime, {
                anomalies: report.anomalies,
                dataModel: report.dataModel,
                settled: report.settle.settled,
              }),
            undefined,
            call.signal,
          );
          return { data };
        } catch (error) {
          if (isScormTesterError(error)) throw error;
          throw new ScormTesterError(
            'DEBUG_API_ERROR',
            `Debugging the API calls failed: ${error instanceof Error ? error.message : String(error)}`,
          );
        }
      },
    }),
    defineTool({
      name: 'scorm_test_api_integration',
      group: 'runtime',
      title: 'Test API integration',
      annotations: ACTS_IN_COURSE,
      description:
        'Launch a course, wait until its calls settle, run test_scenario, close it like a learner, and report Initialize, the final data model, anomalies and console errors. Nothing is saved.',
      input: {
        workspace_path: packagePath,
        session_id: sessionId
          .optional()
          .describe('Run in this session (no runtime open) instead of a throwaway one.'),
        viewport: viewportSchema.optional(),
        capture_api_calls: z.boolean().optional().describe('List every call (default false).'),
        test_scenario: testScenarioSchema.optional(),
        settle_ms: settleMs,
      },
      output: {
        api_test_results: z.object({
          initialize_success: z.boolean(),
          data_model_state: z.record(z.string(), recordedValue).nullable().describe('The final data model.'),
          api_calls_captured: z
            .array(
              z.object({
                method: z.string(),
                parameters: z.array(recordedValue),
                result: recordedValue,
                error_code: z.string(),
                timestamp: epochMs,
                source: z.enum(['sco', 'tool']),
              }),
            )
            .optional()
            .describe('With capture_api_calls.'),
        }),
        manifest_ok: z.boolean(),
        scorm_version: scormVersion,
        launch_url: z.string().nullable(),
        sco_id: z.string().nullable(),
        scenario_ack: z.boolean(),
        scenario: z
          .object({
            steps_total: count,
            steps_run: count,
            steps_passed: count,
            failed_at_index: count.optional(),
            stop_on_failure: z.boolean(),
            stopped: z.string().optional(),
            results: z.array(
              openObject({
                index: count,
                step: z.unknown(),
                tool: z.string().optional(),
                ok: z.boolean(),
                result: z.unknown().optional().describe("The step tool's data."),
                error: openObject({ code: z.string(), message: z.string() }).optional(),
                duration_ms: z.number(),
              }),
            ),
          })
          .optional()
          .describe('With test_scenario: each step with its result or error and what it changed.'),
        final_state: initializeState,
        settled: z.boolean(),
        metrics: callMetricsSchema,
        anomalies: z.array(anomaly),
        detected_issues: z.array(z.string()),
        console_errors: z.array(consoleErrorView),
      },
      handler: async (args, toolCtx) => {
        const scenario = args.test_scenario && prepareScenario(ctx.tools, args.test_scenario);
        let ran: ScenarioReport<ExtraContent> | undefined;
        const runSteps =
          scenario &&
          (async (session: Session, runtime: CourseRuntime): Promise<void> => {
            ran = await runScenario(runtime, scenario, registryInvoker(ctx.tools, session.id, toolCtx), {
              signal: toolCtx.signal,
              progress: toolCtx.progress,
            });
          });
        const data = await runAndUnload(
          ctx,
          args,
          args.settle_ms,
          (session, runtime, report) => {
            const issues = report.anomalies
              .filter((a) => a.severity !== 'info')
              .map((a) => `${a.severity}: ${a.type}: ${a.message}`);
            return {
              api_test_results: {
                initialize_success: report.initialized,
                data_model_state: report.dataModel && clipLongValues(report.dataModel),
                ...(args.capture_api_calls
                  ? {
                      api_calls_captured: report.calls.map((c) => ({
                        method: c.method,
                        parameters: c.args,
                        result: c.result,
                        error_code: c.errorCode,
                        timestamp: c.timestamp,
                        source: c.source,
                      })),
                    }
                  : {}),
              },
              manifest_ok: true,
              scorm_version: runtime.version,
              ...launchInfo(session),
              scenario_ack: args.test_scenario !== undefined,
              ...(ran ? { scenario: scenarioView(ran) } : {}),
              final_state: report.finalState,
              settled: report.settle.settled,
              metrics: callMetrics(report.calls),
              anomalies: report.anomalies.map(viewNamedElement),
              detected_issues: issues,
              console_errors: courseConsoleErrors(report.console).slice(0, MAX_CONSOLE_ERRORS),
            };
          },
          runSteps,
          toolCtx.signal,
        );
        return { data, ...(ran && ran.content.length > 0 ? { content: ran.content } : {}) };
      },
    }),
  ];
}

function scenarioView(ran: ScenarioReport<ExtraContent>): Omit<ScenarioReport<ExtraContent>, 'content'> {
  const { content: _content, ...view } = ran;
  return view;
}
