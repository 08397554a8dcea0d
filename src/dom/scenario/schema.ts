/**
 * The test_scenario format of scorm_test_api_integration: steps run in order against the launched SCO.
 * A step is an API call ({ api, args }), a learner action ({ action, ...that tool's arguments }) or any
 * allowed tool ({ tool, args }). Every step is checked before the course launches.
 */
import { z } from 'zod';
import { fail } from '../../core/errors.js';

export const MAX_SCENARIO_STEPS = 200;
export const MAX_WAIT_STEP_MS = 30_000;

/** Each action is its tool's arguments without session_id; "wait" just pauses. */
export const ACTION_TOOLS = {
  click: 'scorm_dom_click',
  fill: 'scorm_dom_fill',
  type: 'scorm_keyboard_type',
  wait_for: 'scorm_dom_wait_for',
  evaluate: 'scorm_dom_evaluate',
  query: 'scorm_dom_query',
  screenshot: 'scorm_capture_screenshot',
} as const;

export type ScenarioAction = keyof typeof ACTION_TOOLS | 'wait';
const ACTIONS = [...Object.keys(ACTION_TOOLS), 'wait'] as ScenarioAction[];

/** The tool input: steps stay loose here so that parseScenario can say precisely what is wrong with one. */
export const testScenarioSchema = z
  .object({
    steps: z
      .array(z.record(z.string(), z.unknown()))
      .max(MAX_SCENARIO_STEPS)
      .describe(
        'Each step: { "api": "SetValue", "args": ["cmi.location","p2"] } (fails on "false" or an error code); ' +
          `{ "action": "${ACTIONS.join('|')}", ...that tool's arguments, "ms" for wait }; ` +
          'or { "tool": "<a DOM, automation or runtime tool>", "args": {...} }.',
      ),
    stop_on_failure: z.boolean().optional().describe('Default true.'),
  })
  .strict();

export type TestScenarioInput = z.infer<typeof testScenarioSchema>;

export type ScenarioStep =
  | { kind: 'api'; method: string; args: unknown[]; given: Record<string, unknown> }
  | { kind: 'tool'; tool: string; args: Record<string, unknown>; given: Record<string, unknown> }
  | { kind: 'wait'; ms: number; given: Record<string, unknown> };

export interface Scenario {
  steps: ScenarioStep[];
  stopOnFailure: boolean;
}

const apiStep = z.object({ api: z.string().min(1), args: z.array(z.unknown()).max(16).optional() }).strict();
const toolStep = z
  .object({ tool: z.string().min(1), args: z.record(z.string(), z.unknown()).optional() })
  .strict();
const waitStep = z
  .object({ action: z.literal('wait'), ms: z.number().int().min(0).max(MAX_WAIT_STEP_MS) })
  .strict();

/** Classifies and checks each step's own shape; tool arguments are checked against the tool later. */
export function parseScenario(input: TestScenarioInput): Scenario {
  const steps = input.steps.map((given, index) => parseStep(given, `test_scenario.steps[${index}]`));
  return { steps, stopOnFailure: input.stop_on_failure ?? true };
}

function parseStep(given: Record<string, unknown>, where: string): ScenarioStep {
  const kinds = (['api', 'action', 'tool'] as const).filter((k) => k in given);
  if (kinds.length !== 1) {
    fail(
      'INVALID_ARGUMENT',
      `${where}: a step has exactly one of "api" (a SCORM API call), "action" (${ACTIONS.join(', ')}) or "tool" (a tool name with "args")` +
        (kinds.length > 1 ? `; this one has ${kinds.join(' and ')}.` : '.'),
    );
  }
  if (kinds[0] === 'api') {
    const step = checked(apiStep, given, where);
    return { kind: 'api', method: step.api, args: step.args ?? [], given };
  }
  if (kinds[0] === 'tool') {
    const step = checked(toolStep, given, where);
    return { kind: 'tool', tool: step.tool, args: step.args ?? {}, given };
  }
  const action = given.action;
  if (action === 'wait') return { kind: 'wait', ms: checked(waitStep, given, where).ms, given };
  if (typeof action !== 'string' || !(action in ACTION_TOOLS)) {
    fail('INVALID_ARGUMENT', `${where}.action must be one of ${ACTIONS.join(', ')}.`);
  }
  const { action: _action, ...args } = given;
  return { kind: 'tool', tool: ACTION_TOOLS[action as keyof typeof ACTION_TOOLS], args, given };
}

function checked<T>(schema: z.ZodType<T>, value: unknown, where: string): T {
  const parsed = schema.safeParse(value);
  if (parsed.success) return parsed.data;
  const detail = parsed.error.issues
    .map((i) => (i.path.length > 0 ? `${i.path.join('.')}: ${i.message}` : i.message))
    .join('; ');
  return fail('INVALID_ARGUMENT', `${where}: ${detail}`);
}
