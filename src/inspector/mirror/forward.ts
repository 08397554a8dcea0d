/**
 * Runs a tool for the inspector (what a person does in the UI) through the handler tools/call uses, with
 * the same argument check, so it acts exactly as an agent's call would and lands in the same records.
 */
import { fail } from '../../core/errors.js';
import { parseToolArgs, type ToolRegistry } from '../../app/tool.js';

export async function runInspectorTool(
  tools: ToolRegistry,
  name: string,
  args: Record<string, unknown>,
  options: { requestId: string; signal?: AbortSignal },
): Promise<Record<string, unknown>> {
  const found = tools.find(name);
  if (!found)
    fail('INTERNAL_ERROR', `The inspector needs the tool ${name}, which this server does not have.`);
  if (!found.enabled) {
    fail(
      'TOOL_DISABLED',
      `${name} is switched off: its group "${found.tool.group}" is not in SCORM_TESTER_TOOLSETS, and the inspector acts through it. Add "${found.tool.group}" (or "all").`,
    );
  }
  const parsed = parseToolArgs(found.tool, args);
  if (!parsed.ok)
    fail('INVALID_ARGUMENT', `Invalid arguments for ${name}: ${parsed.summary}`, { issues: parsed.issues });
  const result = await found.tool.handler(parsed.data, {
    requestId: options.requestId,
    signal: options.signal ?? new AbortController().signal,
    progress: () => undefined,
  });
  return result.data as Record<string, unknown>;
}
