/**
 * What a person does in the inspector. Each action runs through the same tool handler an agent calls
 * (arguments checked by the tool's own schema), and leaves an `inspector:action` event in the session's
 * log with source "inspector", so an agent polling scorm_session_events sees it.
 */
import { z } from 'zod';
import { fail, isScormTesterError } from '../../core/errors.js';
import type { Logger } from '../../core/logger.js';
import { parseToolArgs, type ToolContext, type ToolRegistry } from '../../mcp/tool.js';
import { SessionNavigator } from '../../session/navigation/navigator.js';
import type { Session } from '../../session/session.js';
import type { SessionFeed } from '../feed/session-feed.js';
import type { ActionResponse, FindingsView, InspectorAction } from '../protocol.js';

const childPath = z.array(z.number().int().min(0).max(100_000)).max(1_000);

const actionSchema = z.discriminatedUnion('action', [
  z.object({ action: z.literal('open_runtime') }).strict(),
  z.object({ action: z.literal('close_runtime') }).strict(),
  z
    .object({
      action: z.literal('nav'),
      request: z.string().min(1).max(100),
      target: z.string().min(1).max(4_000).optional(),
    })
    .strict(),
  z.object({ action: z.literal('screenshot') }).strict(),
  z.object({ action: z.literal('validate') }).strict(),
  z.object({ action: z.literal('mirror_click'), path: childPath }).strict(),
  z.object({ action: z.literal('mirror_fill'), path: childPath, value: z.string().max(100_000) }).strict(),
]);

export interface ActionHost {
  tools: ToolRegistry;
  logger: Logger;
  /** Validates the feed's package again and publishes the findings. */
  revalidate(feed: SessionFeed): Promise<FindingsView>;
}

let actionCount = 0;

/** Runs one action from the UI; never throws: failures come back as { ok: false, error }. */
export async function runAction(feed: SessionFeed, body: unknown, host: ActionHost): Promise<ActionResponse> {
  const parsed = actionSchema.safeParse(body);
  if (!parsed.success) {
    const summary = parsed.error.issues.map((i) => `${i.path.join('.') || 'body'}: ${i.message}`).join('; ');
    return {
      ok: false,
      error: { code: 'MCP_INVALID_PARAMS', message: `Not an inspector action (${summary}).` },
    };
  }
  const action = parsed.data as InspectorAction;
  const started = Date.now();
  const requestId = `inspector-${++actionCount}`;
  try {
    const result = await perform(feed, action, host, requestId);
    record(feed, action, { ok: true });
    host.logger.info('INSPECTOR_ACTION', {
      id: requestId,
      session_id: feed.id,
      action: action.action,
      duration_ms: Date.now() - started,
    });
    return { ok: true, result };
  } catch (error) {
    const code = isScormTesterError(error) ? error.code : 'INTERNAL_ERROR';
    const message = isScormTesterError(error)
      ? error.message
      : `Internal error: ${(error as Error).message}. This is a bug in scorm-tester; the log has the stack trace.`;
    record(feed, action, { ok: false, error_code: code });
    host.logger.log(isScormTesterError(error) ? 'warn' : 'error', 'INSPECTOR_ACTION_FAILED', {
      id: requestId,
      session_id: feed.id,
      action: action.action,
      error_code: code,
      message,
      stack: isScormTesterError(error) ? undefined : (error as Error).stack,
    });
    return { ok: false, error: { code, message } };
  }
}

async function perform(
  feed: SessionFeed,
  action: InspectorAction,
  host: ActionHost,
  requestId: string,
): Promise<Record<string, unknown>> {
  if (action.action === 'validate') {
    const findings = await host.revalidate(feed);
    return {
      revision: findings.revision,
      valid: findings.valid,
      score: findings.score,
      findings: findings.findings.length,
    };
  }
  const session = openSession(feed);
  const call = (name: string, args: Record<string, unknown>): Promise<Record<string, unknown>> =>
    callTool(host.tools, name, { session_id: session.id, ...args }, requestId);
  switch (action.action) {
    case 'open_runtime': {
      const opened = await call('scorm_runtime_open', {});
      feed.setDisabledReason(null);
      // A multi-SCO course runs through sequencing, so the navigation buttons work at once.
      if (!SessionNavigator.applies(session.parsed.manifest)) return opened;
      return { ...opened, sequencing: await call('scorm_sn_init', {}) };
    }
    case 'close_runtime':
      return call('scorm_runtime_close', {});
    case 'nav':
      return action.request === 'choice' && action.target !== undefined
        ? call('scorm_nav_choice', { targetId: action.target })
        : call('scorm_nav_request', {
            request: action.request,
            ...(action.target === undefined ? {} : { target: action.target }),
          });
    case 'screenshot':
      return call('scorm_take_screenshot', {});
    case 'mirror_click':
    case 'mirror_fill':
    case 'mirror_key':
      // MIRROR: delegated to src/inspector/mirror/ (insp-mirror's createMirror) once that branch is merged.
      return fail(
        'NAV_UNSUPPORTED_ACTION',
        'Clicking and typing in the player view is not available in this build; use the course in the browser the runtime opened, or the DOM tools.',
      );
  }
}

function openSession(feed: SessionFeed): Session {
  const session = feed.subject.session;
  if (!session) {
    fail(
      'MCP_UNKNOWN_SESSION',
      'The package could not be opened as a session (see the findings), so the course cannot run. Fix the package, then start the inspector again.',
    );
  }
  if (feed.closed) fail('MCP_UNKNOWN_SESSION', `Session ${session.id} is closed; open the course again.`);
  return session;
}

/** Runs a tool exactly as tools/call would: only when its group is on, with its own argument checks. */
async function callTool(
  tools: ToolRegistry,
  name: string,
  args: Record<string, unknown>,
  requestId: string,
): Promise<Record<string, unknown>> {
  const found = tools.find(name);
  if (!found) fail('INTERNAL_ERROR', `The inspector needs tool ${name}, which this build does not have.`);
  if (!found.enabled) {
    fail(
      'MCP_TOOL_DISABLED',
      `This needs ${name}, whose group "${found.tool.group}" is switched off (SCORM_TESTER_TOOLSETS). Add "${found.tool.group}" to enable it.`,
    );
  }
  const parsed = parseToolArgs(found.tool, args);
  if (!parsed.ok) fail('MCP_INVALID_PARAMS', `Invalid parameters for ${name}: ${parsed.summary}`);
  const context: ToolContext = { requestId, signal: new AbortController().signal, progress: () => {} };
  const result = await found.tool.handler(parsed.data, context);
  return (result.data ?? {}) as Record<string, unknown>;
}

function record(feed: SessionFeed, action: InspectorAction, outcome: Record<string, unknown>): void {
  const session = feed.subject.session;
  if (!session || feed.closed) return;
  const { action: name, ...args } = action;
  session.events.push('inspector:action', { source: 'inspector', action: name, ...args, ...outcome });
}
