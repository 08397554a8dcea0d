/**
 * `scorm-tester run` keeps a course off this machine's services unless --allow-loopback is given,
 * with the loopback-probe course against a real local service.
 */
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { execFile } from 'node:child_process';
import { join } from 'node:path';
import {
  probeCourse,
  startLoopbackVictim,
  VICTIM_ANSWER,
  type LoopbackVictim,
} from '../helpers/loopback-victim.js';
import { REPO_ROOT } from '../helpers/paths.js';

const CLI = join(REPO_ROOT, 'dist/bundle/cli-main.js');

let victim: LoopbackVictim;
before(async () => {
  victim = await startLoopbackVictim();
});
after(async () => {
  await victim.close();
});

function run(...args: string[]): Promise<{ status: number | null; read: string[]; stderr: string }> {
  return new Promise((resolve) => {
    const child = execFile(
      process.execPath,
      [CLI, 'run', probeCourse(victim), '--json', '--settle-ms', '5000', ...args],
      { cwd: REPO_ROOT, maxBuffer: 64 * 1024 * 1024, timeout: 55_000 },
      (_error, stdout, stderr) => {
        let read: string[] = [];
        try {
          // The call listing shows course strings as previews; the data model keeps learner values whole.
          const out = JSON.parse(stdout) as { data_model: Record<string, string> | null };
          const saved = out.data_model?.['cmi.suspend_data'];
          read = saved ? (JSON.parse(saved) as string[]) : ['the probe did not report'];
        } catch {
          read = [`unparsable output: ${stdout.slice(0, 200)}`];
        }
        resolve({ status: child.exitCode, read, stderr });
      },
    );
  });
}

test('run: loopback closed by default, open with --allow-loopback', async () => {
  victim.hits.length = 0;
  const closed = await run();
  assert.deepEqual(closed.read, [], closed.stderr);
  assert.deepEqual(
    victim.hits.filter((h) => !h.startsWith('udp ')),
    [],
  );
  const open = await run('--allow-loopback');
  assert.ok(
    open.read.includes(`fetch 127.0.0.1:${victim.port}: ${VICTIM_ANSWER}`),
    JSON.stringify(open.read) + open.stderr,
  );
});
