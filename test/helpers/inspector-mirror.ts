/**
 * For the player-mirror tests: the server's tools built in process (the same registry the MCP server
 * builds), a session with its runtime opened through the tool handlers, and a mirror on it.
 */
import { join } from 'node:path';
import { Logger } from '../../src/core/logger.js';
import type { ServerContext } from '../../src/app/context.js';
import type { ToolRegistry } from '../../src/app/tool.js';
import { parseToolsets } from '../../src/app/tool-registry.js';
import { buildTools } from '../../src/mcp/toolsets.js';
import { createMirror, type Mirror } from '../../src/inspector/mirror/mirror.js';
import { runInspectorTool } from '../../src/inspector/mirror/forward.js';
import type { MirrorFrame } from '../../src/inspector/protocol.js';
import { sharedBrowserPool } from '../../src/runtime/browser-pool.js';
import { sharedContentServer } from '../../src/runtime/content-server.js';
import { SavedStateStore } from '../../src/session/saved-state.js';
import { SessionManager } from '../../src/session/session-manager.js';
import { FIXTURES_DIR } from './paths.js';
import { tempDir } from './temp.js';

/** The inspector token the harness's content base is under. */
export const TEST_TOKEN = 'TESTTOKEN';

export interface MirrorHarness {
  sessions: SessionManager;
  tools: ToolRegistry;
  sessionId: string;
  mirror: Mirror;
  contentBase: string;
  /** Calls `listener` with every frame pushed from now on. */
  subscribe(listener: (f: MirrorFrame) => void): void;
  /** Waits for a pushed frame that satisfies `accept` (the current one counts). */
  frame(accept?: (f: MirrorFrame) => boolean, timeoutMs?: number): Promise<MirrorFrame>;
  call(tool: string, args?: Record<string, unknown>): Promise<Record<string, unknown>>;
  close(): Promise<void>;
}

export async function openMirrorHarness(course: string, pollMs = 100): Promise<MirrorHarness> {
  const logger = new Logger({ dir: tempDir('scorm-tester-mirror-logs-') });
  const sessions = new SessionManager(logger, {
    store: new SavedStateStore(tempDir('scorm-tester-mirror-data-')),
    sessionsRoot: tempDir('scorm-tester-mirror-sessions-'),
  });
  const ctx: ServerContext = { logger, sessions };
  buildTools(ctx, parseToolsets('all'));
  const tools = ctx.tools!;
  let calls = 0;
  const call = (tool: string, args: Record<string, unknown> = {}): Promise<Record<string, unknown>> =>
    runInspectorTool(tools, tool, args, { requestId: `test-${++calls}` });
  const { session_id: sessionId } = (await call('scorm_session_open', {
    package_path: join(FIXTURES_DIR, 'courses', course),
  })) as { session_id: string };
  await call('scorm_runtime_open', { session_id: sessionId });
  const contentBase = `/${TEST_TOKEN}/api/sessions/${sessionId}/content/`;
  const frames: MirrorFrame[] = [];
  const waiters = new Set<() => void>();
  const listeners: Array<(f: MirrorFrame) => void> = [];
  const mirror = createMirror({
    runtime: () => sessions.get(sessionId).runtime,
    tools,
    sessionId,
    contentBase,
    pollMs,
    onFrame: (f) => {
      frames.push(f);
      for (const wake of waiters) wake();
      for (const listener of listeners) listener(f);
    },
  });
  const frame = async (
    accept: (f: MirrorFrame) => boolean = () => true,
    timeoutMs = 15_000,
  ): Promise<MirrorFrame> => {
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      const latest = frames.at(-1);
      if (latest && accept(latest)) return latest;
      if (Date.now() > deadline) {
        throw new Error(
          `no matching mirror frame within ${timeoutMs} ms; last: ${latest?.html.slice(0, 500)}`,
        );
      }
      await new Promise<void>((resolve) => {
        const wake = (): void => {
          waiters.delete(wake);
          resolve();
        };
        waiters.add(wake);
        setTimeout(wake, 200);
      });
    }
  };
  return {
    sessions,
    tools,
    sessionId,
    mirror,
    contentBase,
    subscribe: (listener) => listeners.push(listener),
    frame,
    call,
    close: async () => {
      await mirror.stop();
      await sessions.closeAll().catch(() => undefined);
      await sharedBrowserPool()
        .shutdown()
        .catch(() => undefined);
      await (await sharedContentServer()).close().catch(() => undefined);
      logger.close();
    },
  };
}

/** The data-st-n of the element whose start tag has this id, in a mirror's HTML (escaped once per srcdoc level). */
export function numberOfId(html: string, id: string, srcdocLevel = 0): number {
  const q = srcdocLevel === 0 ? '"' : '&quot;';
  const tag = new RegExp(`<[a-z0-9]+[^<>]*\\bid=${q}${id}${q}[^<>]*>`, 'i').exec(html)?.[0];
  const n = tag && new RegExp(`data-st-n=${q}(\\d+)${q}`).exec(tag)?.[1];
  if (!n) throw new Error(`no numbered element with id ${id} in the mirror`);
  return Number(n);
}
