/**
 * What a person does in the inspector. Each action runs through the same tool handler an agent calls
 * (arguments checked by the tool's own schema). The session's log gets an `inspector:action` event when it
 * starts and an `inspector:action_done` event (ok, error_code) when it ends, both with source "inspector",
 * so an agent polling scorm_session_events sees what the person did.
 */
import { z } from 'zod';
import { fail, isScormTesterError } from '../../core/errors.js';
import type { Logger } from '../../core/logger.js';
import type { ToolRegistry } from '../../app/tool.js';
import { SessionNavigator } from '../../session/navigation/navigator.js';
import type { Session } from '../../session/session.js';
import type { SessionFeed } from '../feed/session-feed.js';
import { runInspectorTool } from '../mirror/forward.js';
import { mirrorTargetSchema, type Mirror } from '../mirror/mirror.js';
import type { ActionResponse, FindingsView, InspectorAction } from '../protocol.js';

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
  z.object({ action: z.literal('mirror_click'), target: mirrorTargetSchema }).strict(),
  z
    .object({ action: z.literal('mirror_fill'), target: mirrorTargetSchema, value: z.string().max(100_000) })
    .strict(),
  z
    .object({
      action: z.literal('mirror_key'),
      target: mirrorTargetSchema.nullable(),
      key: z.string().min(1).max(60),
    })
    .strict(),
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
      error: { code: 'INVALID_ARGUMENT', message: `Not an inspector action (${summary}).` },
    };
  }
  const action = parsed.data as InspectorAction;
  const started = Date.now();
  const requestId = `inspector-${++actionCount}`;
  // Told before it runs, so an agent sees what the person asked for before what it causes.
  record(feed, 'inspector:action', action, { request_id: requestId });
  try {
    const result = await perform(feed, action, host, requestId);
    record(feed, 'inspector:action_done', action, { request_id: requestId, ok: true });
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
    record(feed, 'inspector:action_done', action, { request_id: requestId, ok: false, error_code: code });
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
    runInspectorTool(host.tools, name, { session_id: session.id, ...args }, { requestId });
  switch (action.action) {
    case 'open_runtime': {
      // A multi-SCO course opens through sequencing, so the navigation buttons work at once and its
      // first SCO launches once, as an LMS launches it.
      const sequenced = SessionNavigator.applies(session.parsed.manifest);
      const opened = sequenced
        ? { sequencing: await call('scorm_sn_init', {}) }
        : await call('scorm_runtime_open', {});
      feed.setDisabledReason(null);
      return opened;
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
      return mirrorOf(feed).click(action.target);
    case 'mirror_fill':
      return mirrorOf(feed).fill(action.target, action.value);
    case 'mirror_key':
      return mirrorOf(feed).press(action.target, action.key);
  }
}

function mirrorOf(feed: SessionFeed): Mirror {
  const mirror = feed.mirror;
  if (!mirror) fail('RUNTIME_NOT_OPEN', 'This session has no player view: open the runtime, then try again.');
  return mirror;
}

function openSession(feed: SessionFeed): Session {
  const session = feed.subject.session;
  if (!session) {
    fail(
      'SESSION_NOT_FOUND',
      'The package could not be opened as a session (see the findings), so the course cannot run. Fix the package, then start the inspector again.',
    );
  }
  if (feed.closed) fail('SESSION_NOT_FOUND', `Session ${session.id} is closed; open the course again.`);
  return session;
}

function record(
  feed: SessionFeed,
  type: 'inspector:action' | 'inspector:action_done',
  action: InspectorAction,
  extra: Record<string, unknown>,
): void {
  const session = feed.subject.session;
  if (!session || feed.closed) return;
  const { action: name, ...args } = action;
  session.events.push(type, { source: 'inspector', action: name, ...args, ...extra });
}
