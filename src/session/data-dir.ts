import { homedir, tmpdir } from 'node:os';
import { join, resolve } from 'node:path';

/** Per-user data directory for saved learner state; SCORM_TESTER_DATA_DIR overrides it. */
export function dataDir(env: NodeJS.ProcessEnv = process.env): string {
  if (env.SCORM_TESTER_DATA_DIR) return env.SCORM_TESTER_DATA_DIR;
  if (process.platform === 'darwin') return join(homedir(), 'Library', 'Application Support', 'scorm-tester');
  if (process.platform === 'win32')
    return join(env.APPDATA ?? join(homedir(), 'AppData', 'Roaming'), 'scorm-tester');
  return join(env.XDG_DATA_HOME ?? join(homedir(), '.local', 'share'), 'scorm-tester');
}

/** Where session workspaces (artifacts.json, screenshots, reports) live. */
export function sessionsRoot(env: NodeJS.ProcessEnv = process.env): string {
  return env.SCORM_TESTER_SESSIONS_DIR ?? join(tmpdir(), 'scorm-tester', 'sessions');
}

/**
 * Where MCP tools write files a caller asks for outside a session (HTML reports): SCORM_TESTER_OUTPUT_DIR
 * when set, else a folder of our own under the system temp dir.
 */
export function outputRoot(env: NodeJS.ProcessEnv = process.env): { dir: string; label: string } {
  if (env.SCORM_TESTER_OUTPUT_DIR)
    return { dir: resolve(env.SCORM_TESTER_OUTPUT_DIR), label: 'SCORM_TESTER_OUTPUT_DIR' };
  return {
    dir: join(tmpdir(), 'scorm-tester', 'reports'),
    label: "scorm-tester's reports folder; set SCORM_TESTER_OUTPUT_DIR to write elsewhere",
  };
}
