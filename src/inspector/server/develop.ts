/**
 * Opening a package under the inspector, as `scorm-tester inspect` and scorm_interactive_develop both
 * do: validate it, open a session, show it, start the course when validation passed, and optionally
 * re-validate whenever its files change.
 */
import { isScormTesterError } from '../../core/errors.js';
import type { SessionManager } from '../../session/session-manager.js';
import type { Session, SessionOptions } from '../../session/session.js';
import { findingsSummary, validateForInspector } from '../feed/findings.js';
import type { SessionFeed } from '../feed/session-feed.js';
import type { DevelopmentMode, FindingsView } from '../protocol.js';
import type { Inspector } from './inspector.js';

export interface DevelopOptions {
  packagePath: string;
  mode: DevelopmentMode;
  origin: 'cli' | 'mcp';
  /** Start the course (when validation passed). */
  startRuntime: boolean;
  /** Why the course is not started when startRuntime is false. */
  noRuntimeReason?: string;
  autoValidate: boolean;
  /**
   * A package that cannot be opened as a session (e.g. its manifest does not parse) is still shown with
   * its findings (the CLI); otherwise the open's error is thrown (MCP: the agent gets the error code).
   */
  showUnopened: boolean;
  session?: Partial<SessionOptions>;
}

export interface Development {
  feed: SessionFeed;
  session: Session | null;
  findings: FindingsView | null;
  runtimeOpen: boolean;
  /** Why the course is not running, when it is not. */
  disabledReason: string | null;
  watching: boolean;
}

export async function startDevelopment(
  inspector: Inspector,
  sessions: SessionManager,
  options: DevelopOptions,
): Promise<Development> {
  // Missing path, broken zip, no manifest: nothing to show, so these are thrown.
  const validated = await validateForInspector(options.packagePath);
  let session: Session;
  try {
    session = await sessions.open({ ...options.session, packagePath: options.packagePath });
  } catch (error) {
    if (!options.showUnopened || !isScormTesterError(error)) throw error;
    const reason = `The package cannot be opened (${error.code}): ${error.message}`;
    const feed = inspector.attachUnopened(options.packagePath, validated, reason, options.mode);
    return {
      feed,
      session: null,
      findings: feed.findings,
      runtimeOpen: false,
      disabledReason: reason,
      watching: false,
    };
  }
  const feed = inspector.attach(session, options.origin, { mode: options.mode, findings: validated });
  let disabledReason: string | null = null;
  if (!options.startRuntime) {
    disabledReason = options.noRuntimeReason ?? 'The course was not started; open the runtime to run it.';
  } else if (!validated.valid) {
    disabledReason = `Validation failed (${findingsSummary(validated)}), so the course was not started. Fix the errors, or open the runtime anyway.`;
  } else {
    const opened = await inspector.act(feed, { action: 'open_runtime' });
    if (!opened.ok)
      disabledReason = `The course could not be started (${opened.error.code}): ${opened.error.message}`;
  }
  feed.setDisabledReason(disabledReason);
  if (options.autoValidate) await inspector.autoValidate(feed);
  return {
    feed,
    session,
    findings: feed.findings,
    runtimeOpen: session.runtime?.isOpen === true,
    disabledReason,
    watching: inspector.isWatching(feed.id),
  };
}
