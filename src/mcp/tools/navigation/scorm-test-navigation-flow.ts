/**
 * scorm_test_navigation_flow: walks a course through a list of navigation steps in the real player and
 * reports each step's outcome and delivered activity, with one screenshot per step (image content, and a
 * session artifact). Without navigation_sequence it walks the course with continue until continue is no
 * longer valid.
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
import { count } from '../output-schemas.js';
import { notApplicable } from '../shared/not-applicable.js';
import { navOutcome } from './outputs.js';
import { captureToArtifact } from '../runtime/capture.js';
import { packagePath, sessionId, viewportSchema } from '../shared-schemas.js';
import { NAVIGATES } from './navigate.js';
import { withNavigation, type NavigationRun } from './navigation-run.js';
import { DEFAULT_STEP_SETTLE_MS, navigationSequence, settleMsSchema } from './step-schemas.js';

/** Screenshots returned as image content (all of them are saved as artifacts). */
const MAX_IMAGES = 20;

const navigationFlowOutput = {
  supported: z.literal(true),
  entry_found: z.boolean(),
  applicable: z.boolean(),
  sn_available: z.boolean(),
  success: z.boolean().optional().describe('Not applicable: false.'),
  not_applicable: notApplicable.optional(),
  temporary: z.literal(true).optional().describe('workspace_path: a throwaway run, nothing saved.'),
  session_id: z.string().optional(),
  steps_executed: count,
  steps_denied: count.optional(),
  steps: z.array(
    navOutcome.omit({ applicable: true, sn_available: true, source: true }).extend({
      index: count.describe('0: the launch.'),
      step: z.string(),
      followed_by: z.array(navOutcome).describe('Requests the delivered SCO then made itself.'),
      settled: z.boolean(),
      screenshot: z
        .object({ artifact: z.string(), artifact_path: z.string(), width: z.number(), height: z.number() })
        .nullable(),
    }),
  ),
  delivered_activities: z.array(z.string()).optional(),
  final_state: z
    .object({
      current_activity: z.string().nullable(),
      suspended_activity: z.string().nullable(),
      session_ended: z.boolean(),
    })
    .optional(),
  artifacts: z.array(z.string()).describe('Screenshot paths, one per step.'),
  images_omitted: count.optional(),
  images_note: z.string().optional(),
};

interface StepShot {
  artifact: string;
  artifact_path: string;
  width: number;
  height: number;
}

export function navigationFlowTool(ctx: ServerContext): ToolDefinition {
  return defineTool({
    name: 'scorm_test_navigation_flow',
    group: 'navigation',
    title: 'Test navigation flow',
    annotations: NAVIGATES,
    description:
      "Walk a multi-SCO course through navigation steps (default: continue while valid): each step's outcome, what the SCO then requested, and a screenshot. session_id: its running course (after scorm_sn_init).",
    input: {
      workspace_path: packagePath.optional(),
      session_id: sessionId.optional(),
      viewport: viewportSchema.optional(),
      navigation_sequence: navigationSequence.optional(),
      capture_each_step: z.boolean().optional().describe('Default true.'),
      settle_ms: settleMsSchema,
    },
    output: navigationFlowOutput,
    handler: async (args, call) => {
      const steps = args.navigation_sequence
        ? parseNavSteps(args.navigation_sequence, 'navigation_sequence')
        : null;
      const capture = args.capture_each_step !== false;
      try {
        return await withNavigation<ToolResult<ToolData<typeof navigationFlowOutput>>>(
          ctx,
          args,
          async (run) => walk(run, steps, capture, args.settle_ms ?? DEFAULT_STEP_SETTLE_MS, call),
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

async function walk(
  run: NavigationRun,
  steps: NavStep[] | null,
  capture: boolean,
  settleMs: number,
  call: ToolContext,
): Promise<{ data: ToolData<typeof navigationFlowOutput>; content: ExtraContent[] }> {
  const { session, runtime, navigator } = run;
  const shots = new Map<number, StepShot>();
  const content: ExtraContent[] = [];
  let imagesOmitted = 0;
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
      if (content.length < MAX_IMAGES) {
        content.push({
          type: 'text',
          text: `Step ${record.index} (${record.step}): ${record.outcome.current_activity}`,
        });
        content.push(...shot.content);
      } else imagesOmitted += 1;
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
    // Walk on with continue while the engine says it is valid.
    while (records.length <= MAX_NAV_STEPS && navigator.state().valid_requests.continue?.valid) {
      // How many continues there will be is not known: steps done, no total.
      call.progress({ done: records.length, message: `step ${records.length}: continue` });
      const [next] = await runNavSteps(
        navigator,
        runtime,
        [{ text: 'continue', request: { type: 'continue' } }],
        { ...options, progress: undefined },
        records.length,
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
  return {
    data: {
      supported: true,
      entry_found: true,
      applicable: true,
      sn_available: true,
      ...(run.temporary ? { temporary: true } : { session_id: session.id }),
      steps_executed: records.filter((r) => r.index > 0).length,
      steps_denied: records.filter((r) => r.outcome.outcome === 'denied').length,
      steps: stepViews,
      delivered_activities: records
        .flatMap((r) => [r.outcome, ...r.followed_by])
        .flatMap((o) => (o.delivered ? [o.delivered.activity_id] : [])),
      final_state: {
        current_activity: state.current_activity,
        suspended_activity: state.suspended_activity,
        session_ended: state.session_ended,
      },
      artifacts: [...shots.values()].map((s) => s.artifact_path),
      ...(imagesOmitted > 0
        ? {
            images_omitted: imagesOmitted,
            images_note: `Only the first ${MAX_IMAGES} screenshots are returned as images; all are listed in artifacts.`,
          }
        : {}),
    },
    content,
  };
}
