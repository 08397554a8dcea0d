/**
 * The CLI's progress and Ctrl-C through the built CLI: validate draws its progress line on stderr only
 * when asked (a terminal, or SCORM_TESTER_PROGRESS=on as here: there is no pty in tests), never with
 * --quiet or machine output on stdout, and stdout stays the report; conformance stops between cases on
 * SIGINT and prints what ran with "stopped after N of M cases" (exit 130).
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { spawn, spawnSync } from 'node:child_process';
import { generateLargePackage } from '../../bench/generate.js';
import { CLI } from '../helpers/cli.js';
import { ADL_CTS_DIR, REPO_ROOT, SHARED_SKIP } from '../helpers/paths.js';

function validate(
  progress: string | undefined,
  ...args: string[]
): { status: number | null; stdout: string; stderr: string } {
  const env = { ...process.env };
  delete env.SCORM_TESTER_PROGRESS;
  if (progress !== undefined) env.SCORM_TESTER_PROGRESS = progress;
  const r = spawnSync(process.execPath, [CLI, 'validate', ...args], {
    cwd: REPO_ROOT,
    env,
    encoding: 'utf8',
  });
  return { status: r.status, stdout: r.stdout, stderr: r.stderr };
}

/* eslint-disable no-control-regex -- the progress line's terminal codes are what is checked */
test('validate: one progress line rewritten on stderr when enabled; stdout keeps only the report', () => {
  const pkg = generateLargePackage(60);
  const shown = validate('on', pkg);
  assert.equal(shown.status, 0, shown.stderr);
  const frames = shown.stderr.split('\r').filter((f) => f !== '');
  assert.ok(frames.length >= 2, JSON.stringify(shown.stderr));
  assert.match(shown.stderr, /\r\[0\] opening the package\u001b\[K/);
  assert.ok(
    frames.every((f) => /^(\[\d+(\/\d+)?\][^\n]*)?\u001b\[K$/.test(f)),
    JSON.stringify(frames),
  );
  assert.ok(shown.stderr.endsWith('\r\u001b[K'), 'the line is erased at the end');
  assert.doesNotMatch(shown.stdout, /\r|\u001b\[K|\[\d+\/\d+\]/);
  assert.match(shown.stdout, /^VALID/);

  // Not a terminal (the default here), --quiet, or JSON on stdout: nothing on stderr.
  assert.equal(validate(undefined, pkg).stderr, '');
  assert.equal(validate('on', pkg, '--quiet').stderr, '');
  const json = validate('on', pkg, '--format', 'json');
  assert.equal(json.stderr, '');
  assert.equal(JSON.parse(json.stdout).valid, true);
});
/* eslint-enable no-control-regex */

test(
  'conformance: SIGINT stops the run between cases and prints the partial result',
  { skip: SHARED_SKIP },
  async () => {
    const child = spawn(process.execPath, [CLI, 'conformance', '--cts-dir', ADL_CTS_DIR], {
      cwd: REPO_ROOT,
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let stdout = '';
    let stderr = '';
    let interrupted = false;
    child.stdout.on('data', (d: Buffer) => (stdout += d.toString()));
    child.stderr.on('data', (d: Buffer) => {
      stderr += d.toString();
      // After the first case's verdict, as a user pressing Ctrl-C would.
      if (!interrupted && stderr.includes('[1/')) interrupted = child.kill('SIGINT');
    });
    const status = await new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
    assert.equal(status, 130, stderr);
    const m = /stopped after (\d+) of (\d+) cases \(interrupted\)/.exec(stdout);
    assert.ok(m, stdout);
    const [ran, of] = [Number(m[1]), Number(m[2])];
    assert.ok(ran >= 1 && ran < of, `${ran} of ${of}`);
    // The partial report lists exactly the cases that ran, with the table and the verdict line.
    assert.match(stdout, new RegExp(`\\n${ran} passed, 0 failed\\n`));
    assert.match(stdout, /\| family \| cases \|/);
    assert.match(stderr, /scorm-tester: stopped after \d+ of \d+ cases/);
  },
);
