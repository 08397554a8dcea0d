/**
 * scorm_trace_sequencing: what the SN engine did and why. Each navigation request with its outcome (a
 * denial names the process, exception code and message), and the trace events up to trace_level: basic
 * (requests, outcomes, denials), detailed (every SN process run and its result, rollup results), verbose
 * (every sequencing and rollup rule with each condition's value).
 */
import { z } from 'zod';
import { isScormTesterError, ScormTesterError } from '../../../core/errors.js';
import { MAX_SETTLE_WAIT_MS } from '../../../runtime/anomalies/index.js';
import type { TraceLevel } from '../../../sequencing/index.js';
import { afterLaunch, parseNavSteps } from '../../../session/navigation/nav-steps.js';
import { runNavSteps, settleStep, type StepRecord } from '../../../session/navigation/run-steps.js';
import { DEFAULT_MAX_TRACE_EVENTS, traceReport } from '../../../session/navigation/trace-report.js';
import type { SessionNavigator } from '../../../session/navigation/navigator.js';
import type { ServerContext } from '../../../app/context.js';
import { defineTool, type ToolData, type ToolDefinition } from '../../../app/tool.js';
import { count, courseTexts } from '../output-schemas.js';
import { ANSWER_BUDGET_BYTES } from '../../../output/answer-budget.js';
import { sequencingNotApplicable } from '../shared/not-applicable.js';
import { NAVIGATES } from './navigate.js';
import { packagePath, sessionId, viewportSchema } from '../shared-schemas.js';
import { withNavigation } from './navigation-run.js';
import { flowCursor, KeptFlows } from './kept-flows.js';
import type { NavLogEntry } from '../../../session/navigation/types.js';
import { navigationSequence, settleMsSchema, DEFAULT_STEP_SETTLE_MS } from './step-schemas.js';

const traceEvent = z.object({
  index: count.describe('Position in the whole trace.'),
  request: count.describe('The request (its number in requests[]) the event belongs to.'),
  level: z.enum(['basic', 'detailed', 'verbose']),
  process: z.string().describe('SN process, e.g. "NB.2.1 Navigation Request Process".'),
  kind: z.string().describe('enter, result, rule, rollup, denied, request, outcome, state.'),
  activity: z.string().optional(),
  code: z.string().optional(),
  message: z.string().optional(),
  data: z.record(z.string(), z.unknown()).optional(),
  course_text: courseTexts.optional(),
});

const repeatedEvents = z.object({
  index: count,
  request: count,
  repeat_of: count.describe('These count events equal those from this index on (request apart).'),
  count,
});

const traceSequencingOutput = {
  supported: z.literal(true),
  entry_found: z.boolean(),
  sequencing_active: z.boolean(),
  sn_available: z.boolean(),
  trace_level: z.enum(['basic', 'detailed', 'verbose']),
  success: z.boolean().optional().describe('Not applicable: false.'),
  applicable: z.boolean().optional().describe('Not applicable: false.'),
  not_applicable: sequencingNotApplicable.optional(),
  temporary: z.literal(true).optional().describe('workspace_path: a throwaway run, nothing saved.'),
  session_id: z.string().optional(),
  note: z.string().optional(),
  current_activity: z.string().nullable().optional(),
  session_ended: z.boolean().optional(),
  steps_executed: count.optional(),
  request_count: count.optional(),
  requests: z
    .array(
      z.object({
        request: count,
        at: z.string(),
        navigation_request: z.string(),
        source: z.enum(['lms', 'sco']),
        outcome: z.enum(['delivered', 'ended', 'denied', 'nothing']),
        success: z.boolean(),
        message: z.string().nullable(),
        course_text: courseTexts.optional(),
        code: z.string().nullable(),
        process: z.string().nullable(),
        delivered_activity: z.string().nullable(),
        current_activity: z.string().nullable(),
        events: count,
      }),
    )
    .optional()
    .describe("First page only: a cursor page's events refer to it by request. Left out when empty."),
  denials: z
    .array(
      z.object({
        request: count,
        navigation_request: z.string(),
        process: z.string().nullable(),
        code: z.string().nullable(),
        message: z.string().nullable(),
        course_text: courseTexts.optional(),
      }),
    )
    .optional(),
  rollups: z.array(count).optional().describe('Positions in trace of the rollup results.'),
  trace: z.array(z.union([traceEvent, repeatedEvents])),
  events_total: count.optional(),
  events_folded: count
    .optional()
    .describe('Events on this page given by repeat_of (repeats: "list" writes them out).'),
  events_omitted: count.optional().describe('Events not on this page.'),
  next_cursor: z.string().nullable().optional().describe('For cursor (same since_request, trace_level).'),
};

const RANK: Record<TraceLevel, number> = { basic: 0, detailed: 1, verbose: 2 };

/** What a navigator records before anyone asks for more (SessionNavigator's default). */
const NAVIGATOR_DEFAULT_LEVEL: TraceLevel = 'detailed';

/** The level each navigator records at, as raised by this tool (it only goes up). */
const recording = new WeakMap<SessionNavigator, TraceLevel>();

/** Records at `level` from now on unless it already records more; returns the level recorded so far. */
function raiseRecording(navigator: SessionNavigator, level: TraceLevel): TraceLevel {
  const was = recording.get(navigator) ?? NAVIGATOR_DEFAULT_LEVEL;
  if (RANK[level] > RANK[was]) {
    navigator.setTraceLevel(level);
    recording.set(navigator, level);
  }
  return was;
}

export function traceSequencingTool(ctx: ServerContext): ToolDefinition {
  return defineTool({
    name: 'scorm_trace_sequencing',
    group: 'navigation',
    title: 'Trace sequencing',
    annotations: NAVIGATES,
    description:
      'SN trace: each navigation request, its outcome (denials: process, code), events by trace_level. session_id: since scorm_sn_init; navigation_sequence runs there.',
    input: {
      workspace_path: packagePath.optional(),
      session_id: sessionId.optional(),
      viewport: viewportSchema.optional(),
      trace_level: z.enum(['basic', 'detailed', 'verbose']).optional().describe('Default basic.'),
      navigation_sequence: navigationSequence.optional(),
      since_request: z.number().int().min(0).optional().describe('Skip requests up to this index.'),
      max_events: z
        .number()
        .int()
        .min(0)
        .max(100_000)
        .optional()
        .describe(`Default ${DEFAULT_MAX_TRACE_EVENTS}.`),
      cursor: z.string().optional(),
      repeats: z
        .enum(['fold', 'list'])
        .optional()
        .describe('Default fold: a run seen before as {repeat_of, count}.'),
      settle_ms: settleMsSchema,
    },
    output: traceSequencingOutput,
    handler: async (args) => {
      const level: TraceLevel = args.trace_level ?? 'basic';
      const steps = parseNavSteps(args.navigation_sequence ?? [], 'navigation_sequence');
      const page = (log: readonly NavLogEntry[], cursor: string | undefined) =>
        traceReport(log, {
          level,
          sinceRequest: args.since_request ?? 0,
          maxEvents: args.max_events ?? DEFAULT_MAX_TRACE_EVENTS,
          cursor,
          foldRepeats: args.repeats !== 'list',
          // Room for the fields around the report.
          budgetBytes: ANSWER_BUDGET_BYTES - 1_500,
        });
      if (args.session_id === undefined && args.cursor !== undefined) {
        // A page of a throwaway run already traced: nothing runs again.
        const { flow, position } = keptTraces.find(args.cursor, null, 'not_steps');
        return { data: traceAnswer(flow.summary, page(flow.steps, String(position)), flow) };
      }
      try {
        const data = await withNavigation<ToolData<typeof traceSequencingOutput>>(
          ctx,
          args,
          async ({ session, runtime, navigator, temporary, opening }) => {
            const recordedAt = raiseRecording(navigator, level);
            const toRun = temporary ? afterLaunch(steps) : steps;
            const settle = {
              settleMs: args.settle_ms ?? DEFAULT_STEP_SETTLE_MS,
              maxWaitMs: MAX_SETTLE_WAIT_MS,
            };
            if (opening && toRun.length > 0)
              await settleStep(navigator, runtime, { index: 0, step: 'launch', outcome: opening }, settle);
            let ran: StepRecord[] = [];
            if (toRun.length > 0) ran = await runNavSteps(navigator, runtime, toRun, settle);
            const state = navigator.state();
            const summary: TraceSummary = {
              trace_level: level,
              ...(temporary ? { temporary: true } : { session_id: session.id }),
              ...(RANK[recordedAt] < RANK[level]
                ? {
                    note: `Requests before this call were traced at ${recordedAt}: their ${level} events are missing. Later requests are traced at ${level}.`,
                  }
                : {}),
              current_activity: state.current_activity,
              session_ended: state.session_ended,
              steps_executed: ran.length,
              request_count: navigator.log.length,
            };
            const kept = temporary ? keptTraces.keep(null, summary, [...navigator.log]) : null;
            return traceAnswer(summary, page(navigator.log, args.cursor), kept);
          },
          async (why) => ({
            supported: true,
            entry_found: true,
            sequencing_active: false,
            trace_level: level,
            ...why,
            trace: [],
          }),
        );
        return { data };
      } catch (error) {
        if (isScormTesterError(error)) throw error;
        throw new ScormTesterError(
          'TRACE_SEQUENCING_ERROR',
          `Tracing sequencing failed: ${error instanceof Error ? error.message : String(error)}`,
        );
      }
    },
  });
}

type TraceSummary = Pick<
  ToolData<typeof traceSequencingOutput>,
  | 'trace_level'
  | 'temporary'
  | 'session_id'
  | 'note'
  | 'current_activity'
  | 'session_ended'
  | 'steps_executed'
  | 'request_count'
>;

/** Throwaway runs (workspace_path) whose trace stays readable in pages without running the course again. */
const keptTraces = new KeptFlows<TraceSummary, NavLogEntry>('sequencing trace', 'scorm_trace_sequencing');

function traceAnswer(
  summary: TraceSummary,
  report: ReturnType<typeof traceReport>,
  kept: { id: string } | null,
): ToolData<typeof traceSequencingOutput> {
  const next = report.next_cursor;
  return {
    supported: true,
    entry_found: true,
    sequencing_active: summary.session_ended !== true,
    sn_available: true,
    ...summary,
    // Empty lists are left out: a cursor page's events refer to the first page's requests.
    ...(report.requests.length > 0 ? { requests: report.requests } : {}),
    ...(report.denials.length > 0 ? { denials: report.denials } : {}),
    ...(report.rollups.length > 0 ? { rollups: report.rollups } : {}),
    trace: report.trace,
    events_total: report.events_total,
    events_folded: report.events_folded,
    events_omitted: report.events_omitted,
    next_cursor: next !== null && kept ? flowCursor(kept, Number(next)) : next,
  };
}
