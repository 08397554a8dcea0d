/**
 * Binds test_scenario steps to the server's tool registry: which tools a scenario may run (those that act
 * on the open SCO without leaving the run), their arguments checked with the tools' own schemas before
 * the course launches, and each step run through the same handler tools/call uses.
 */
import { fail } from '../core/errors.js';
import { parseScenario, type Scenario, type TestScenarioInput } from '../dom/scenario/schema.js';
import type { InvokeTool } from './scenario-run.js';
import { parseToolArgs, type ExtraContent, type ToolContext, type ToolRegistry } from './tool.js';
import { checkAnyMethod } from './replay.js';

/** Runtime-group tools that act on the open SCO and leave it open; every dom and automation tool may run too. */
const RUNTIME_TOOLS_IN_SCENARIOS: ReadonlySet<string> = new Set([
  'scorm_api_call',
  'scorm_replay_api_calls',
  'scorm_wait_for_api_call',
  'scorm_attempt_initialize',
  'scorm_attempt_terminate',
  'scorm_data_model_get',
  'scorm_get_data_model_history',
  'scorm_validate_data_model_state',
  'scorm_capture_screenshot',
  'scorm_get_console_errors',
  'scorm_get_network_requests',
  'scorm_runtime_status',
]);

function mayRunInScenario(name: string, group: string): boolean {
  return group === 'dom' || group === 'automation' || RUNTIME_TOOLS_IN_SCENARIOS.has(name);
}

/** Placeholder for checking arguments before the session exists; the real id replaces it when a step runs. */
const SESSION_PLACEHOLDER = 'scenario-session';

/** Parses the scenario and checks every step against the registry; nothing runs when a step is wrong. */
export function prepareScenario(registry: ToolRegistry | undefined, input: TestScenarioInput): Scenario {
  const scenario = parseScenario(input);
  scenario.steps.forEach((step, index) => {
    const where = `test_scenario.steps[${index}]`;
    if (step.kind === 'api') {
      try {
        checkAnyMethod(step.method);
      } catch {
        fail('INVALID_ARGUMENT', `${where}.api: "${step.method}" is not a SCORM API method.`);
      }
      return;
    }
    if (step.kind !== 'tool') return;
    const allowed = allowedTools(registry);
    const found = registry?.find(step.tool);
    if (!found || !mayRunInScenario(found.tool.name, found.tool.group)) {
      fail(
        'INVALID_ARGUMENT',
        `${where}: ${found ? `${step.tool} cannot run inside a scenario (it would open, close or leave the course under test)` : `there is no tool "${step.tool}"`}. ` +
          `Scenario steps may use: ${allowed.join(', ') || '(no tool is enabled)'}.`,
        { allowed_tools: allowed },
      );
    }
    if (!found.enabled) {
      fail(
        'TOOL_DISABLED',
        `${where}: ${step.tool} is switched off: its group "${found.tool.group}" is not in SCORM_TESTER_TOOLSETS. Add "${found.tool.group}" (or "all") to enable it.`,
      );
    }
    if ('session_id' in step.args) {
      fail(
        'INVALID_ARGUMENT',
        `${where}: leave session_id out; every step runs in the scenario's own session.`,
      );
    }
    const parsed = parseToolArgs(found.tool, { ...step.args, session_id: SESSION_PLACEHOLDER });
    if (!parsed.ok) {
      fail('INVALID_ARGUMENT', `${where}: invalid arguments for ${step.tool}: ${parsed.summary}`, {
        issues: parsed.issues,
      });
    }
  });
  return scenario;
}

function allowedTools(registry: ToolRegistry | undefined): string[] {
  return (registry?.enabled() ?? []).filter((t) => mayRunInScenario(t.name, t.group)).map((t) => t.name);
}

/** Runs a step's tool through its registered handler, with the session id given and the same validation. */
export function registryInvoker(
  registry: ToolRegistry | undefined,
  sessionId: string,
  toolCtx: ToolContext,
): InvokeTool<ExtraContent> {
  return async (name, args) => {
    const found = registry?.find(name);
    if (!found?.enabled) fail('INTERNAL_ERROR', `Tool ${name} is not available to the scenario.`);
    const parsed = parseToolArgs(found.tool, { ...args, session_id: sessionId });
    if (!parsed.ok) fail('INVALID_ARGUMENT', `Invalid arguments for ${name}: ${parsed.summary}`);
    // The scenario reports progress per step; a step's own tool does not add to it.
    return found.tool.handler(parsed.data, { ...toolCtx, progress: () => undefined });
  };
}
