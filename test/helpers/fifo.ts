import { execFileSync } from 'node:child_process';

/**
 * Makes a named pipe at `path`. Node has no call for it, so this runs the system's mkfifo, which ends
 * before the test goes on: the one child process the unit and integration tiers allow (test/helpers/tiers.ts).
 */
export function makeFifo(path: string): void {
  execFileSync('mkfifo', [path]);
}
