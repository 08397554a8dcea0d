/**
 * scorm_test_navigation_flow: walks a course through a list of navigation steps in the real player and
 * reports each step's outcome and delivered activity, with one screenshot per step (image content, and a
 * session artifact). Without navigation_sequence it walks the course with continue until continue is no
 * longer valid. The steps are paged (a flow of a hundred steps is several answers): the run is kept
 * (kept-flows.ts), and a cursor reads its next steps without running anything; every page repeats the
 * summary (counts, deliveries, final state).
 */
import { z } from 'zod';
import { isScormTesterError, ScormTesterError } from '../../../core/errors.js';
import { throwIfCancelled } from '../../../core/progress.js';
import { MAX_SETTLE_WAIT_MS } from '../../../runtime/anomalies/index.js';
import {
  afterLaunch,
  MAX_NAV_STEPS,
  parseNavSteps,
  type NavStep,
} from '../../../session/navigation/nav-steps.js';
import {
  runNavSteps,
  settleStep,
  type RunStepsOptions,
  type StepRecord,
} from '../../../session/navigation/run-steps.js';
import type { ServerContext } from '../../../app/context.js';
import {
  defineTool,
  type ExtraContent,
  type ToolContext,
  type ToolData,
  type ToolDefinition,
  type ToolResult,
} from '../../../app/tool.js';
import { ANSWER_BUDGET_BYTES, jsonBytes, pageWithinBudget } from '../../../output/answer-budget.js';
import { limitLoweredNote } from '../../../core/limit-lowered.js';
import { recordedSessionFor } from '../../../app/run-target.js';
import { count, limitNote } from '../output-schemas.js';
import { sequencingNotApplicable } from '../shared/not-applicable.js';
import { navOutcome } from './outputs.js';
import { captureToArtifact } from '../runtime/capture.js';
import { packagePath, sessionId, viewportSchema } from '../shared-schemas.js';
import { NAVIGATES } from './navigate.js';
import { withNavigation, type NavigationRun } from './navigation-run.js';
import { flowCursor, KeptFlows, type KeptFlow } from './kept-flows.js';
import { DEFAULT_STEP_SETTLE_MS, navigationSequence, settleMsSchema } from './step-schemas.js';

/** Screenshots returned as image content (all of them are saved as artifacts). */
const MAX_IMAGES = 10;
/** Steps per page by default (a step is 0.5–1 kB; one whose SCO chained many deliveries is more). */
const DEFAULT_STEPS_PER_PAGE = 20;
/** What the summary's list of deliveries may take (each step names its own delivery as well). */
const DELIVERED_BUDGET_BYTES = ANSWER_BUDGET_BYTES / 8;
/** Room kept for the fields around the steps and the text blocks beside the images. */
const PAGE_RESERVE_BYTES = 3_000;

const flowStep = navOutcome.omit({ applicable: true, sn_available: true, source: true }).extend({
  index: count.describe('0: the launch.'),
  step: z.string(),
  followed_by: z.array(navOutcome).describe('Requests the delivered SCO then made itself.'),
  settled: z.boolean(),
  screenshot: z
    .object({ artifact: z.string(), artifact_path: z.string(), width: z.number(), height: z.number() })
    .nullable(),
});

const navigationFlowOutput = {
  supported: z.literal(true),
  entry_found: z.boolean(),
  applicable: z.boolean(),
  sn_available: z.boolean(),
  success: z.boolean().optional().describe('Not applicable: false.'),
  not_applicable: sequencingNotApplicable.optional(),
  temporary: z.literal(true).optional().describe('workspace_path: a throwaway run, nothing saved.'),
  session_id: z.string().optional(),
  steps_executed: count,
  steps_denied: count.optional(),
  steps: z.array(flowStep),
  next_cursor: z.string().nullable().optional(),
  steps_remaining: count.optional(),
  limit_note: limitNote,
  delivered_activities: z.array(z.string()).optional(),
  delivered_omitted: count.optional(),
  final_state: z
    .object({
      current_activity: z.string().nullable(),
      suspended_activity: z.string().nullable(),
      session_ended: z.boolean(),
    })
    .optional(),
  artifacts: z.array(z.string()).describe("Screenshot paths of this page's steps."),
  images_omitted: count.optional(),
  images_note: z.string().optional(),
};

interface StepShot {
  artifact: string;
  artifact_path: string;
  width: number;
  height: number;
}

type FlowData = ToolData<typeof navigationFlowOutput>;
type FlowStep = FlowData['steps'][number];
/** What every page of a flow repeats. */
type FlowSummary = Omit<FlowData, 'steps' | 'artifacts' | 'next_cursor' | 'steps_remaining' | 'limit_note'>;

export function navigationFlowTool(ctx: ServerContext): ToolDefinition {
  const flows = new KeptFlows<FlowSummary, FlowStep>();
  return defineTool({
    name: 'scorm_test_navigation_flow',
    group: 'navigation',
    title: 'Test navigation flow',
    annotations: NAVIGATES,
    description:
      "Walk a multi-SCO course through navigation steps (default: continue while valid): each step's outcome, the SCO's own requests, a screenshot. session_id: its course after scorm_sn_init. cursor: more steps of the run.",
    input: {
      workspace_path: packagePath.optional(),
      session_id: sessionId.optional(),
      viewport: viewportSchema.optional(),
      navigation_sequence: navigationSequence.optional(),
      capture_each_step: z.boolean().optional().describe('Default true.'),
      settle_ms: settleMsSchema,
      cursor: z.string().optional(),
      limit: z.number().int().min(1).max(MAX_NAV_STEPS).optional(),
    },
    output: navigationFlowOutput,
    handler: async (args, call) => {
      const limit = args.limit ?? DEFAULT_STEPS_PER_PAGE;
      if (args.cursor !== undefined) {
        // A page of a kept run: nothing runs (the session may be closed since).
        const session = args.session_id !== undefined ? recordedSessionFor(ctx, args).session : null;
        const { flow, position } = flows.find(args.cursor, session);
        return {
          data: flowPage(
            flow,
            position,
            pageSize(flow.steps, position, pageBudget(flow.summary), limit),
            args.limit,
          ),
        };
      }
      const steps = args.navigation_sequence
        ? parseNavSteps(args.navigation_sequence, 'navigation_sequence')
        : null;
      const capture = args.capture_each_step !== false;
      try {
        return await withNavigation<ToolResult<FlowData>>(
          ctx,
          args,
          async (run) => {
            const walked = await walk(run, steps, capture, args.settle_ms ?? DEFAULT_STEP_SETTLE_MS, call);
            // The run's answer also links every screenshot written, whichever page its step is on.
            const links = walked.steps.reduce(
              (n, s) => n + (s.screenshot ? 2 * Buffer.byteLength(s.screenshot.artifact) + LINK_BYTES : 0),
              0,
            );
            const size = firstPageSize(walked.steps, walked.summary, walked.captions, links, limit);
            const shown = walked.steps
              .slice(0, size)
              .filter((s) => walked.images.has(s.index))
              .slice(0, MAX_IMAGES);
            const omitted = walked.images.size - shown.length;
            const summary: FlowSummary = {
              ...walked.summary,
              ...(omitted > 0
                ? {
                    images_omitted: omitted,
                    images_note: `Screenshots are returned as images for the steps of the run's first page only (at most ${MAX_IMAGES}); all are saved and listed in each page's artifacts.`,
                  }
                : {}),
            };
            const flow = flows.keep(run.temporary ? null : run.session, summary, walked.steps);
            const content = shown.flatMap((s) => walked.images.get(s.index)!);
            return { data: flowPage(flow, 0, size, args.limit), content };
          },
          async (why) => ({
            data: { supported: true, entry_found: true, ...why, steps_executed: 0, steps: [], artifacts: [] },
          }),
          // Progress counts the steps only (MCP progress must increase; the open is the steps' prelude).
          { signal: call.signal },
        );
      } catch (error) {
        if (isScormTesterError(error)) throw error;
        throw new ScormTesterError(
          'NAV_FLOW_ERROR',
          `The navigation flow failed: ${error instanceof Error ? error.message : String(error)}`,
        );
      }
    },
  });
}

/** A resource link's bytes beside the artifact it names, twice (type, scorm-tester:// URI prefix, mimeType). */
const LINK_BYTES = 140;
/** What an images_note adds to the summary. */
const NOTE_BYTES = 200;

/** A step's bytes on a page: its JSON, and its screenshot path again in `artifacts`. */
function stepBytes(step: FlowStep): number {
  return jsonBytes(step) + 1 + (step.screenshot ? Buffer.byteLength(step.screenshot.artifact_path) + 3 : 0);
}

/** How many steps from `start` fit `budget` (at least one, at most `limit`). */
function fitting(
  steps: readonly FlowStep[],
  start: number,
  budget: number,
  limit: number,
  extra = (_: FlowStep) => 0,
): number {
  let used = 0;
  let n = 0;
  for (let i = start; i < steps.length && n < limit; i++, n++) {
    const bytes = stepBytes(steps[i]!) + extra(steps[i]!);
    if (n > 0 && used + bytes > budget) break;
    used += bytes;
  }
  return n;
}

/** Pages needed for the steps from `start` when each page is filled as far as `budget` goes. */
function pagesFrom(steps: readonly FlowStep[], start: number, budget: number, limit: number): number {
  let pages = 0;
  for (let i = start; i < steps.length; pages++) i += fitting(steps, i, budget, limit);
  return pages;
}

/** The steps of the pages read with a cursor: as many as fit, spread evenly over the pages the rest needs. */
function pageSize(steps: readonly FlowStep[], start: number, budget: number, limit: number): number {
  const fit = fitting(steps, start, budget, limit);
  const pages = pagesFrom(steps, start, budget, limit);
  return Math.max(1, Math.min(fit, Math.ceil((steps.length - start) / Math.max(1, pages))));
}

function pageBudget(summary: FlowSummary): number {
  return ANSWER_BUDGET_BYTES - PAGE_RESERVE_BYTES - jsonBytes(summary);
}

/**
 * The steps of the run's own answer: it also carries the links of all screenshots, and for its steps
 * the images with their captions, so that each image is beside its step (the later pages have none).
 */
function firstPageSize(
  steps: readonly FlowStep[],
  summary: FlowSummary,
  captions: ReadonlyMap<number, number>,
  linkBytes: number,
  limit: number,
): number {
  const budget = pageBudget(summary) - NOTE_BYTES;
  const fit = fitting(steps, 0, budget - linkBytes, limit, (s) => captions.get(s.index) ?? 0);
  const pages = 1 + pagesFrom(steps, fit, budget, limit);
  return Math.max(1, Math.min(fit, Math.ceil(steps.length / pages)));
}

/** The summary and `size` steps from `position`. */
function flowPage(
  flow: KeptFlow<FlowSummary, FlowStep>,
  position: number,
  size: number,
  asked: number | undefined,
): FlowData {
  const items = flow.steps.slice(position, position + size);
  const next = position + items.length;
  const note = limitLoweredNote({
    asked,
    given: items.length,
    available: flow.steps.length - position,
    items: 'steps',
    budgetBytes: pageBudget(flow.summary),
  });
  return {
    ...flow.summary,
    steps: items,
    artifacts: items.flatMap((s) => (s.screenshot ? [s.screenshot.artifact_path] : [])),
    next_cursor: next < flow.steps.length ? flowCursor(flow, next) : null,
    steps_remaining: flow.steps.length - next,
    ...(note ? { limit_note: note } : {}),
  };
}

async function walk(
  run: NavigationRun,
  steps: NavStep[] | null,
  capture: boolean,
  settleMs: number,
  call: ToolContext,
): Promise<{
  summary: FlowSummary;
  steps: FlowStep[];
  /** Each screenshot's caption and image, by step index. */
  images: Map<number, ExtraContent[]>;
  /** The bytes of each caption, by step index. */
  captions: Map<number, number>;
}> {
  const { session, runtime, navigator } = run;
  const shots = new Map<number, StepShot>();
  const images = new Map<number, ExtraContent[]>();
  const captions = new Map<number, number>();
  const options: RunStepsOptions = {
    settleMs,
    maxWaitMs: MAX_SETTLE_WAIT_MS,
    signal: call.signal,
    progress: call.progress,
    afterStep: async (record) => {
      if (!capture || !runtime.isOpen || record.outcome.current_activity === null) return;
      throwIfCancelled(call.signal, 'The navigation flow');
      const shot = await captureToArtifact(session, runtime, {}, 'scorm_test_navigation_flow');
      shots.set(record.index, {
        artifact: shot.data.artifact,
        artifact_path: shot.data.artifact_path,
        width: shot.data.width,
        height: shot.data.height,
      });
      const caption = `Step ${record.index} (${record.step}): ${record.outcome.current_activity}`;
      captions.set(record.index, Buffer.byteLength(caption) + 30);
      images.set(record.index, [{ type: 'text', text: caption }, ...shot.content]);
    },
  };
  const records: StepRecord[] = [];
  if (run.opening)
    records.push(
      await settleStep(navigator, runtime, { index: 0, step: 'launch', outcome: run.opening }, options),
    );
  if (steps)
    records.push(
      ...(await runNavSteps(navigator, runtime, run.opening ? afterLaunch(steps) : steps, options)),
    );
  else {
    // Walk on with continue while the engine says it is valid. Step 0 is the launch, when this run made one.
    const firstIndex = run.opening ? 0 : 1;
    while (records.length <= MAX_NAV_STEPS && navigator.state().valid_requests.continue?.valid) {
      // How many continues there will be is not known: steps done, no total.
      call.progress({ done: records.length, message: `step ${records.length}: continue` });
      const [next] = await runNavSteps(
        navigator,
        runtime,
        [{ text: 'continue', request: { type: 'continue' } }],
        { ...options, progress: undefined },
        records.length + firstIndex,
      );
      records.push(next!);
      if (!next!.outcome.success) break;
    }
  }
  const state = navigator.state();
  const stepViews = records.map((r) => ({
    index: r.index,
    step: r.step,
    request: r.outcome.request,
    success: r.outcome.success,
    outcome: r.outcome.outcome,
    message: r.outcome.message,
    ...(r.outcome.course_text ? { course_text: r.outcome.course_text } : {}),
    code: r.outcome.code,
    process: r.outcome.process,
    unloaded: r.outcome.unloaded,
    delivered: r.outcome.delivered,
    current_activity: r.outcome.current_activity,
    session_ended: r.outcome.session_ended,
    followed_by: r.followed_by,
    settled: r.settled,
    screenshot: shots.get(r.index) ?? null,
  }));
  const delivered = records
    .flatMap((r) => [r.outcome, ...r.followed_by])
    .flatMap((o) => (o.delivered ? [o.delivered.activity_id] : []));
  // A SCO that navigates itself can chain many deliveries per step: the summary lists what fits.
  const deliveredShown = pageWithinBudget(delivered, {
    limit: delivered.length,
    budgetBytes: DELIVERED_BUDGET_BYTES,
    view: (id) => id,
  });
  return {
    summary: {
      supported: true,
      entry_found: true,
      applicable: true,
      sn_available: true,
      ...(run.temporary ? { temporary: true } : { session_id: session.id }),
      steps_executed: records.filter((r) => r.index > 0).length,
      steps_denied: records.filter((r) => r.outcome.outcome === 'denied').length,
      delivered_activities: deliveredShown.items,
      ...(deliveredShown.remaining > 0 ? { delivered_omitted: deliveredShown.remaining } : {}),
      final_state: {
        current_activity: state.current_activity,
        suspended_activity: state.suspended_activity,
        session_ended: state.session_ended,
      },
    },
    steps: stepViews,
    images,
    captions,
  };
}
