/** What a tool that runs a course is pointed at: an open session (session_id) or a course folder or zip. */
import { basename, dirname, resolve } from 'node:path';
import { fail } from '../core/errors.js';
import type { ViewportSpec } from '../runtime/viewport.js';
import type { RecordedSession } from '../session/session-manager.js';
import type { Session } from '../session/session.js';
import type { ServerContext } from './context.js';

export interface RunTarget {
  workspace_path?: string;
  session_id?: string;
  viewport?: ViewportSpec;
}

function samePackage(a: string, b: string): boolean {
  const norm = (p: string): string => {
    const full = resolve(p);
    return basename(full) === 'imsmanifest.xml' ? dirname(full) : full;
  };
  return norm(a) === norm(b);
}

/** The session named by session_id, checking that workspace_path (when given too) is its package. */
export function sessionFor(ctx: Pick<ServerContext, 'sessions'>, args: RunTarget): Session {
  return samePackageAs(ctx.sessions.get(args.session_id!), args);
}

/** As sessionFor, for reading what the session recorded: a closed session too. */
export function recordedSessionFor(ctx: Pick<ServerContext, 'sessions'>, args: RunTarget): RecordedSession {
  const found = ctx.sessions.recorded(args.session_id!);
  samePackageAs(found.session, args);
  return found;
}

function samePackageAs(session: Session, args: RunTarget): Session {
  if (args.workspace_path !== undefined && !samePackage(args.workspace_path, session.options.packagePath)) {
    fail(
      'INVALID_ARGUMENT',
      `workspace_path (${args.workspace_path}) is not the package of session ${session.id} (${session.options.packagePath}). Pass one or the other.`,
    );
  }
  return session;
}
