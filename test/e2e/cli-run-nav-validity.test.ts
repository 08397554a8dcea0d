/**
 * `run --nav` on issue 19's course: a continue the flow cannot carry out is refused before the SCO is
 * unloaded, an item that cannot launch is refused without an attempt, exit on a post-test retries it,
 * and retryAll starts the course over.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { cli } from '../helpers/cli.js';
import { navValidityCourse } from '../helpers/nav-validity-course.js';

interface Step {
  step: string;
  outcome: string;
  code: string | null;
  reason: string | null;
  unloaded: { activity_id: string } | null;
  delivered: { activity_id: string } | null;
}

test('run --nav: denied requests leave the SCO running; exit retries the post-test; retryAll starts over', async () => {
  const r = await cli(
    'run',
    navValidityCourse(),
    '--nav',
    'continue,continue,choice:broken,choice:t,exit,retryAll',
    '--json',
    '--settle-ms',
    '200',
  );
  assert.equal(r.status, 1, r.stderr);
  const steps = (JSON.parse(r.stdout) as { navigation: { steps: Step[] } }).navigation.steps;
  assert.deepEqual(
    steps.map((s) => [s.step, s.outcome, s.delivered?.activity_id ?? s.code]),
    [
      ['launch', 'delivered', 'a'],
      ['continue', 'delivered', 'b'],
      ['continue', 'denied', 'SB.2.2-1'],
      ['choice:broken', 'denied', 'MANIFEST_LAUNCH_NOT_FOUND'],
      ['choice:t', 'delivered', 't'],
      ['exit', 'delivered', 't'],
      ['retryAll', 'delivered', 'a'],
    ],
  );
  assert.match(steps[2]?.reason ?? '', /m2/);
  assert.equal(steps[2]?.unloaded, null, 'the refused continue unloads nothing');
  assert.equal(steps[3]?.unloaded, null);
  assert.equal(steps[4]?.unloaded?.activity_id, 'b', 'b was still running when t was chosen');
  assert.match(steps[3]?.reason ?? '', /res-mistyped/);
});
