import { execFile } from 'node:child_process';
import { join } from 'node:path';
import { REPO_ROOT } from './paths.js';

export const CLI = join(REPO_ROOT, 'dist/bundle/cli-main.js');

/** Runs the bundled CLI with these arguments; resolves with its exit status and output (never rejects). */
export function cli(...args: string[]): Promise<{ status: number | null; stdout: string; stderr: string }> {
  return new Promise((resolve) => {
    const child = execFile(
      process.execPath,
      [CLI, ...args],
      { cwd: REPO_ROOT, maxBuffer: 64 * 1024 * 1024, timeout: 55_000 },
      (error, stdout, stderr) => resolve({ status: child.exitCode ?? (error ? -1 : 0), stdout, stderr }),
    );
  });
}
