/**
 * scorm_interactive_develop: a session in the MCP server's own manager (so every session tool works on
 * its id), shown in the process's one inspector, started on first use and closed with the server.
 */
import type { DevelopResult } from './develop-output.js';
import type { ServerContext } from '../../app/context.js';
import { LEADING_PANELS, PANEL_IDS, type DevelopmentMode, type InspectorAction } from '../protocol.js';
import { startDevelopment } from './develop.js';
import { Inspector } from './inspector.js';

export interface DevelopArgs {
  workspace_path: string;
  development_mode?: DevelopmentMode;
  auto_validate?: boolean;
  enable_inspector?: boolean;
}

const ACTIONS: ReadonlyArray<InspectorAction['action']> = [
  'open_runtime',
  'close_runtime',
  'nav',
  'screenshot',
  'validate',
  'mirror_click',
  'mirror_fill',
  'mirror_key',
];

export async function developInInspector(ctx: ServerContext, args: DevelopArgs): Promise<DevelopResult> {
  const mode = args.development_mode ?? 'debug_api';
  const inspector = await processInspector(ctx);
  const dev = await startDevelopment(inspector, ctx.sessions, {
    packagePath: args.workspace_path,
    mode,
    origin: 'mcp',
    startRuntime: true,
    autoValidate: args.auto_validate === true,
    showUnopened: false,
  });
  const enabled = args.enable_inspector !== false;
  const session = dev.session!;
  return {
    session_id: session.id,
    inspector_active: enabled,
    live_validation: dev.watching,
    development_url: enabled ? inspector.sessionUrl(session.id) : null,
    available_tools: enabled ? availableTools(mode) : [],
    runtime_open: dev.runtimeOpen,
    runtime_disabled_reason: dev.disabledReason,
    validation: dev.findings
      ? {
          valid: dev.findings.valid,
          score: dev.findings.score,
          findings: dev.findings.findings.length,
          revision: dev.findings.revision,
        }
      : null,
  };
}

/** The panels, those the mode leads with first, then what a person can do. */
function availableTools(mode: DevelopmentMode): string[] {
  const leading = LEADING_PANELS[mode];
  return [...leading, ...PANEL_IDS.filter((p) => !leading.includes(p)), ...ACTIONS];
}

/** The inspector this server started, typed; ctx.inspector holds the same promise for closing it. */
const started = new WeakMap<ServerContext, Promise<Inspector>>();

function processInspector(ctx: ServerContext): Promise<Inspector> {
  if (!ctx.tools) throw new Error('the tool registry is not built yet');
  const tools = ctx.tools;
  let inspector = started.get(ctx);
  if (!inspector) {
    inspector = Inspector.start({ sessions: ctx.sessions, tools, logger: ctx.logger, origin: 'mcp' });
    started.set(ctx, inspector);
    ctx.inspector = inspector;
  }
  // A failed start is not kept: the next call tries again.
  inspector.catch(() => {
    started.delete(ctx);
    ctx.inspector = undefined;
  });
  return inspector;
}
