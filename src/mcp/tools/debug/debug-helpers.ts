/** What the debug tools share: running a course briefly and unloading it, and shaping its calls and anomalies into answers. */
import { z } from 'zod';
import { fail } from '../../../core/errors.js';
import {
  MAX_SETTLE_WAIT_MS,
  probeRuntime,
  type Anomaly,
  type ProbeReport,
} from '../../../runtime/anomalies/index.js';
import { confirmPredictions } from '../../../session/confirm-predictions.js';
import type { CourseRuntime } from '../../../runtime/course-runtime.js';
import { CANONICAL_METHODS, canonicalMethod, type ApiCallRecord } from '../../../runtime/records.js';
import type { Session } from '../../../session/session.js';
import type { ServerContext } from '../../../app/context.js';
import { sessionFor, type RunTarget } from '../../../app/run-target.js';
import { withThrowawaySession } from '../../../app/throwaway-session.js';
import { type ScenarioReport } from '../../../app/scenario-run.js';
import { type ExtraContent } from '../../../app/tool.js';
import {
  anomaly,
  apiCall,
  limitNote,
  callMetrics as callMetricsSchema,
  consoleErrorView,
  count,
  epochMs,
  initializeState,
  recordedValue,
  scormVersion,
} from '../output-schemas.js';
import { viewRecorded, type StringView } from '../../../output/answer-budget.js';
import { sessionClosedOutput } from '../session/closed-record.js';

export const DEFAULT_MAX_CALLS = 1_000;
export const MAX_CONSOLE_ERRORS = 50;
/** What the calls of a page may use at least, whatever the rest of the answer takes. */
export const MIN_CALLS_BUDGET = 4_000;

export const CANONICAL: readonly string[] = CANONICAL_METHODS;

export const debugCallsOutput = {
  supported: z.literal(true),
  entry_found: z.boolean(),
  mode: z
    .enum(['session', 'run'])
    .describe(
      "session: the session's runtime so far (as it closed, for a closed one); run: a run of the course.",
    ),
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
  limit_note: limitNote,
  detail: z.enum(['preview', 'full']),
  metrics: callMetricsSchema,
  unrecorded_calls: count.optional(),
  console_errors: z
    .array(consoleErrorView)
    .optional()
    .describe('The first ones (absent: none); scorm_get_console_errors lists all.'),
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
  ...sessionClosedOutput,
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
export async function runAndUnload<T>(
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

export function counts(anomalies: readonly Anomaly[]): Record<'error' | 'warning' | 'info', number> {
  const out = { error: 0, warning: 0, info: 0 };
  for (const a of anomalies) out[a.severity] += 1;
  return out;
}

export function filtered(calls: readonly ApiCallRecord[], methods: string[] | undefined): ApiCallRecord[] {
  if (!methods || methods.length === 0) return [...calls];
  const wanted = normalizeMethodFilter(methods);
  return calls.filter((c) => wanted.has(canonicalMethod(c.method)));
}

export function viewValues(
  values: Readonly<Record<string, string>>,
  view: StringView,
): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [name, value] of Object.entries(values)) out[name] = viewRecorded(value, view);
  return out;
}

export function launchInfo(session: Session): { launch_url: string | null; sco_id: string | null } {
  return { launch_url: session.launch?.launchUrl ?? null, sco_id: session.launch?.item.identifier ?? null };
}

export function scenarioView(
  ran: ScenarioReport<ExtraContent>,
): Omit<ScenarioReport<ExtraContent>, 'content'> {
  const { content: _content, ...view } = ran;
  return view;
}
