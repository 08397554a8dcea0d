/** scorm_test_api_integration: run a course briefly like a learner, close it, and judge its SCORM API use. */
import { z } from 'zod';
import { callMetrics, courseConsoleErrors } from '../../../runtime/anomalies/index.js';
import type { CourseRuntime } from '../../../runtime/course-runtime.js';
import { clipLongValues } from '../../../runtime/data-model/index.js';
import type { Session } from '../../../session/session.js';
import type { ServerContext } from '../../../app/context.js';
import { runScenario, type ScenarioReport } from '../../../app/scenario-run.js';
import { testScenarioSchema } from '../../../dom/scenario/schema.js';
import { ACTS_IN_COURSE, defineTool, type ExtraContent, type ToolDefinition } from '../../../app/tool.js';
import {
  anomaly,
  callMetrics as callMetricsSchema,
  consoleErrorView,
  count,
  epochMs,
  initializeState,
  openObject,
  recordedValue,
  scormVersion,
} from '../output-schemas.js';
import { prepareScenario, registryInvoker } from '../../../app/scenario-steps.js';
import { packagePath, sessionId, viewportSchema } from '../shared-schemas.js';
import { viewNamedElement } from '../../../output/answer-budget.js';

import { MAX_CONSOLE_ERRORS, launchInfo, runAndUnload, scenarioView, settleMs } from './debug-helpers.js';

export function testApiIntegrationTool(ctx: ServerContext): ToolDefinition {
  return defineTool({
    name: 'scorm_test_api_integration',
    group: 'runtime',
    title: 'Test API integration',
    annotations: ACTS_IN_COURSE,
    description:
      'Launch a course, let its calls settle, run test_scenario, close it like a learner; report Initialize, the final data model, anomalies, console errors. Saves nothing.',
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
  });
}
