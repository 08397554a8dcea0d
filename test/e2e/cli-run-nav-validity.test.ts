/**
 * `run --nav` on issue 19's course: a continue the flow cannot carry out is refused before the SCO is
 * unloaded, an item that cannot launch is refused without an attempt, exit on a post-test retries it,
 * and retryAll starts the course over. A SCORM 1.2 parent item with its own resource is a warning.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { cpSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { cli } from '../helpers/cli.js';
import { spelledOut } from '../helpers/course-text.js';
import { missingLaunchCourse } from '../helpers/missing-launch-course.js';
import { navValidityCourse } from '../helpers/nav-validity-course.js';
import { FIXTURES_DIR } from '../helpers/paths.js';
import { tempDir } from '../helpers/temp.js';

interface Step {
  step: string;
  outcome: string;
  code: string | null;
  message: string | null;
  unloaded: { activity_id: string } | null;
  delivered: { activity_id: string; launch_url: string } | null;
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
  assert.match(spelledOut(steps[2] ?? {}, steps[2]?.message ?? ''), /"m2"/);
  assert.equal(steps[2]?.unloaded, null, 'the refused continue unloads nothing');
  assert.equal(steps[3]?.unloaded, null);
  assert.equal(steps[4]?.unloaded?.activity_id, 'b', 'b was still running when t was chosen');
  assert.match(spelledOut(steps[3] ?? {}, steps[3]?.message ?? ''), /"res-mistyped"/);
});

test('run --nav: a continue or previous to an activity whose launch file is missing is refused; no attempt begins', async () => {
  const r = await cli(
    'run',
    missingLaunchCourse(),
    '--nav',
    'continue,choice:t,previous',
    '--json',
    '--settle-ms',
    '200',
  );
  const steps = (JSON.parse(r.stdout) as { navigation: { steps: Step[] } }).navigation.steps;
  assert.deepEqual(
    steps.map((s) => [s.step, s.outcome, s.delivered?.activity_id ?? s.code]),
    [
      ['launch', 'delivered', 'a'],
      ['continue', 'denied', 'MANIFEST_LAUNCH_NOT_FOUND'],
      ['choice:t', 'delivered', 't'],
      ['previous', 'denied', 'MANIFEST_LAUNCH_NOT_FOUND'],
    ],
    r.stdout.slice(0, 2000),
  );
  assert.equal(steps[1]?.unloaded, null, 'the refused continue unloads nothing');
  assert.match(spelledOut(steps[1] ?? {}, steps[1]?.message ?? ''), /"lesson2\.html"/);
  assert.equal(steps[2]?.unloaded?.activity_id, 'a', 'a was still running when t was chosen');
});

test('run --nav on SCORM 1.2: a parent item with its own resource is delivered before its children, and by a choice of it', async () => {
  const dir = tempDir('scorm-tester-12-parent-');
  cpSync(join(FIXTURES_DIR, 'courses/scorm12-multi'), dir, { recursive: true });
  const manifest = join(dir, 'imsmanifest.xml');
  const xml = readFileSync(manifest, 'utf8');
  const changed = xml.replace(
    '<item identifier="extinguishers">',
    '<item identifier="extinguishers" identifierref="res_intro">',
  );
  assert.notEqual(changed, xml);
  writeFileSync(manifest, changed);
  const r = await cli(
    'run',
    dir,
    '--nav',
    'next,next,previous,choice:extinguishers',
    '--json',
    '--settle-ms',
    '200',
  );
  assert.equal(r.status, 0, r.stderr + r.stdout);
  const nav = (JSON.parse(r.stdout) as { navigation: { steps: Step[] } }).navigation;
  assert.deepEqual(
    nav.steps.map((s) => [
      s.step,
      s.delivered?.activity_id,
      s.delivered?.launch_url.split('?')[0]?.split('/').pop(),
    ]),
    [
      ['launch', 'intro', 'intro.html'],
      ['next', 'extinguishers', 'intro.html'],
      ['next', 'types', 'types.html'],
      ['previous', 'extinguishers', 'intro.html'],
      ['choice:extinguishers', 'extinguishers', 'intro.html'],
    ],
  );
});
