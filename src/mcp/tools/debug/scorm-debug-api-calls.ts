/** scorm_debug_api_calls: every SCORM API call a course made, with the anomalies found in them. */
import { sayRepeatsOnce } from '../../../output/say-once.js';
import { z } from 'zod';
import { isScormTesterError, ScormTesterError } from '../../../core/errors.js';
import {
  callMetrics,
  callView,
  courseConsoleErrors,
  analyseRun,
  trackingEvidence,
  type Anomaly,
  openCourseNotStarted,
  openCourseTrackingOff,
  pluginContentAnomalies,
} from '../../../runtime/anomalies/index.js';
import type { CourseRuntime } from '../../../runtime/course-runtime.js';
import type { Session } from '../../../session/session.js';
import type { ServerContext } from '../../../app/context.js';
import { recordedSessionFor, sessionFor } from '../../../app/run-target.js';
import { closedMark } from '../session/closed-record.js';
import { ACTS_IN_COURSE, defineTool, type ToolData, type ToolDefinition } from '../../../app/tool.js';
import { packagePath, sessionId, viewportSchema } from '../shared-schemas.js';
import { recordedRuntime } from '../../../app/recorded-runtime.js';
import { listingInput } from '../listing-schemas.js';
import {
  ANSWER_BUDGET_BYTES,
  cutText,
  jsonBytes,
  pageWithinBudget,
  stringView,
  viewNamedElement,
  viewRecorded,
} from '../../../output/answer-budget.js';

import {
  DEFAULT_MAX_CALLS,
  MAX_CONSOLE_ERRORS,
  MIN_CALLS_BUDGET,
  counts,
  debugCallsOutput,
  filtered,
  launchInfo,
  normalizeMethodFilter,
  runAndUnload,
  settleMs,
  viewValues,
} from './debug-helpers.js';
import { pointToRepeatedTexts } from '../../../output/point-to-repeated-texts.js';

export function debugApiCallsTool(ctx: ServerContext): ToolDefinition {
  return defineTool({
    name: 'scorm_debug_api_calls',
    group: 'runtime',
    title: 'Debug API calls',
    // Not read-only: with a session_id and no open runtime, the course runs in that session (its network).
    annotations: ACTS_IN_COURSE,
    description:
      'Every SCORM API call of a course, with metrics and anomalies: a run until its calls settle (saves nothing), or the open runtime so far.',
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
          closed: boolean,
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
            metrics: metricsOnce(calls),
            ...(runtime.log.dropped.calls > 0 ? { unrecorded_calls: runtime.log.dropped.calls } : {}),
            console_errors_total: 0,
            ...closedMark(closed),
          };
          // scorm_get_console_errors lists them all; here the first ones, in an eighth of the budget.
          const consoleErrors = courseConsoleErrors(runtime.consoleMessages);
          if (consoleErrors.length > 0) {
            data.console_errors = pageWithinBudget(consoleErrors, {
              limit: MAX_CONSOLE_ERRORS,
              budgetBytes: ANSWER_BUDGET_BYTES / 8,
              view: (e) => ({ ...e, text: cutText(e.text), url: e.url && cutText(e.url) }),
            }).items;
          }
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
            data.anomaly_counts = counts(analysed.anomalies);
            // No anomaly: the counts say so, with no empty list and no paging around it.
            if (analysed.anomalies.length > 0) {
              data.anomalies = pointToRepeatedTexts(found.items, 'anomalies');
              data.anomalies_remaining = found.remaining;
              data.anomalies_next_cursor = found.next_cursor;
            }
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
            asked: { limit: args.max_calls, items: 'calls' },
            budgetBytes: Math.max(MIN_CALLS_BUDGET, ANSWER_BUDGET_BYTES - jsonBytes(data)),
            view: (c) => {
              // A call without error says neither "No Error" nor an empty diagnostic, on each of its lines.
              const { error_string, diagnostic, ...view } = callView(c);
              return {
                ...view,
                ...(view.error_code === '0' ? {} : { error_string }),
                ...(diagnostic === '' ? {} : { diagnostic }),
                args: view.args.map((a) => viewRecorded(a, strings)),
                result: viewRecorded(view.result, strings),
              };
            },
          });
          data.calls = leaveOutRepeats(page.items, data.sco_id);
          data.calls_listed = page.items.length;
          data.calls_truncated = page.remaining > 0;
          data.calls_remaining = page.remaining;
          data.next_cursor = page.next_cursor;
          if (page.limit_note) data.limit_note = page.limit_note;
          return sayRepeatsOnce(data);
        };

        const recorded = args.session_id !== undefined ? recordedSessionFor(ctx, args) : null;
        const closed = recorded?.closed === true;
        const live = recorded && !closed ? sessionFor(ctx, args) : null;
        // A closed session answers from the record of its last runtime; it runs nothing.
        const shown = closed ? recordedRuntime(ctx.sessions, args.session_id!).runtime : live?.runtime;
        if (recorded && shown) {
          const runtime = shown.isCrashed || closed ? shown : recorded.session.requireRuntime();
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
            {
              network: runtime.networkRequests,
              console: runtime.consoleMessages,
              ...trackingEvidence(runtime),
            },
          );
          // An open course whose config switched tracking off is named now, not when the visit ends.
          const trackingOff = closed ? undefined : openCourseTrackingOff(runtime);
          const waiting = trackingOff ? undefined : await openCourseNotStarted(runtime);
          if (trackingOff && !anomalies.some((a) => a.type === trackingOff.type)) anomalies.push(trackingOff);
          if (waiting) anomalies.push(waiting);
          anomalies.push(...(await pluginContentAnomalies(runtime)));
          return {
            data: build('session', closed, recorded.session, runtime, {
              anomalies,
              dataModel,
              settled: null,
            }),
          };
        }
        const data = await runAndUnload(
          ctx,
          args,
          args.settle_ms,
          (session, runtime, report) =>
            build('run', false, session, runtime, {
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
  });
}

type ListedCall = ToolData<typeof debugCallsOutput>['calls'][number];

/**
 * A course's calls mostly share one SCO, attempt and millisecond (a page's start-up makes a dozen at
 * once), and a SCO id can be a 36-character GUID: each call says them only when they change (the first
 * against the answer's sco_id and attempt 1), its result only when it is not "true" and its error code
 * only when it is one (as action answers list calls), and its source only when a tool made it (issue 22).
 * A course's caller is said on each call that came from outside the SCO's frame: a running value would
 * make a reader carry it across calls and pages. An "unknown" caller (strict-mode or top-level code hides
 * it, so every call of most modern courses) is never blamed, and saying it on each call only costs.
 */
function leaveOutRepeats(calls: ListedCall[], answerScoId: string | null): ListedCall[] {
  let scoId: string | null | undefined = answerScoId;
  let attempt: number | undefined = 1;
  let at: number | undefined;
  let failed: ListedCall | undefined;
  return calls.map((call) => {
    const {
      sco_id,
      attempt: callAttempt,
      source,
      error_code,
      timestamp,
      caller: callCaller,
      result,
      ...rest
    } = call;
    const followUp = failed !== undefined && ERROR_QUERY.test(call.method) && sameError(call, failed);
    if (!followUp) failed = error_code === '0' ? undefined : call;
    const { error_string: _string, diagnostic: _diagnostic, course_text: _text, ...withoutError } = rest;
    const shown: ListedCall = {
      ...(followUp ? { ...withoutError, same_error_as: failed!.index } : rest),
      ...(result === 'true' ? {} : { result }),
      ...(error_code === '0' || followUp ? {} : { error_code }),
      ...(timestamp === at ? {} : { timestamp }),
      ...(sco_id === scoId ? {} : { sco_id }),
      ...(callAttempt === attempt ? {} : { attempt: callAttempt }),
      ...(source === 'sco' ? {} : { source }),
      // A tool's own call has no caller in the course.
      ...(source !== 'tool' && callCaller === 'outside_sco' ? { caller: callCaller } : {}),
    };
    scoId = sco_id;
    attempt = callAttempt;
    at = timestamp;
    return shown;
  });
}

/** The calls that read the error state without changing it (SCORM 2004 and 1.2 names). */
const ERROR_QUERY = /^(LMS)?Get(LastError|ErrorString|Diagnostic)$/;

function sameError(a: ListedCall, b: ListedCall): boolean {
  return (
    a.error_code === b.error_code &&
    a.error_string === b.error_string &&
    a.diagnostic === b.diagnostic &&
    JSON.stringify(a.course_text) === JSON.stringify(b.course_text)
  );
}

/** by_method's keys are already in the order of first use, so the listing does not name them twice. */
function metricsOnce(calls: Parameters<typeof callMetrics>[0]): ToolData<typeof debugCallsOutput>['metrics'] {
  const { methods: _methods, ...metrics } = callMetrics(calls);
  return metrics;
}
