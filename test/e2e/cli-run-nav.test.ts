/** `scorm-tester run --nav`: navigation requests after the start, each delivery printed; denials exit 1. */
import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { join } from 'node:path';
import { cli } from '../helpers/cli.js';
import { FIXTURES_DIR } from '../helpers/paths.js';

const NAV_FLOW = join(FIXTURES_DIR, 'courses/nav-flow');
const SINGLE = join(FIXTURES_DIR, 'courses/scorm12-single');

interface NavJson {
  navigation: {
    steps: Array<{
      index: number;
      step: string;
      outcome: string;
      code: string | null;
      message: string | null;
      delivered: { activity_id: string } | null;
      followed_by: Array<{ request: string; delivered: { activity_id: string } | null }>;
    }>;
    denied: number;
    current_activity: string | null;
  };
  initialized: boolean;
  api_calls: unknown[];
}

describe('scorm-tester run --nav', { concurrency: 3 }, () => {
  test('every step is delivered: each delivery printed, exit 0', async () => {
    const r = await cli('run', NAV_FLOW, '--nav', 'continue,previous,choice:intro', '--settle-ms', '300');
    assert.equal(r.status, 0, r.stderr + r.stdout);
    assert.match(r.stdout, /Navigation: 3 step\(s\), 0 denied/);
    // The course's ids, titles and requests are on labelled lines below our own.
    const id = (v: string): string =>
      `\\s+course_text\\.activity_id \\(course content, \\d+ chars\\): "${v}"`;
    const title = (v: string): string => `\\s+course_text\\.title \\(course content, \\d+ chars\\): "${v}"`;
    assert.match(r.stdout, new RegExp(`0 launch\\s+-> delivered\\n${id('intro')}\\n${title('Welcome')}`));
    assert.match(
      r.stdout,
      new RegExp(`1 continue\\s+-> delivered\\n${id('auto')}\\n${title('Auto advance')}`),
    );
    assert.match(
      r.stdout,
      new RegExp(
        `then the SCO asked -> delivered\\n\\s+course_text\\.request \\(course content, \\d+ chars\\): "continue"\\n${id('lesson')}\\n${title('Lesson')}`,
      ),
    );
    assert.match(r.stdout, new RegExp(`2 previous\\s+-> delivered\\n${id('auto')}`));
    const target = (v: string): string => `\\s+course_text\\.target \\(course content, \\d+ chars\\): "${v}"`;
    assert.match(r.stdout, new RegExp(`3 choice\\s+-> delivered\\n${target('intro')}\\n${id('intro')}`));
    assert.match(
      r.stdout,
      /current activity: below\n\s+course_text\.current_activity \(course content, \d+ chars\): "intro"/,
    );
  });

  test('a denied step is reported with its rule and code, and the run exits 1 (JSON too)', async () => {
    const r = await cli(
      'run',
      NAV_FLOW,
      '--nav',
      'choice:lesson,choice:locked,choice:nosuch',
      '--json',
      '--settle-ms',
      '200',
    );
    assert.equal(r.status, 1, r.stderr);
    const out = JSON.parse(r.stdout) as NavJson;
    assert.deepEqual(
      out.navigation.steps.map((s) => [s.step, s.outcome, s.delivered?.activity_id ?? s.code]),
      [
        ['launch', 'delivered', 'intro'],
        ['choice:lesson', 'delivered', 'lesson'],
        ['choice:locked', 'denied', 'DB.1.1-3'],
        ['choice:nosuch', 'denied', 'NB.2.1-11'],
      ],
    );
    assert.equal(out.navigation.denied, 2);
    assert.equal(out.navigation.current_activity, 'lesson');
    assert.ok(out.initialized && out.api_calls.length > 0);

    const text = await cli('run', NAV_FLOW, '--nav', 'choice:nosuch', '--settle-ms', '200');
    assert.equal(text.status, 1);
    assert.match(
      text.stdout,
      /choice -> DENIED NB\.2\.1-11 in [^\n]+\n\s+course_text\.target \(course content, 6 chars\): "nosuch"\n\s+reason: not valid, because no activity `course_text\.quoted\[0\]` in the activity tree[^\n]*\n\s+course_text\.quoted\[0\] \(course content, 6 chars\): "nosuch"/,
    );
  });

  test('bad --nav input is a usage error naming the step; single-SCO courses and --item are refused', async () => {
    const bad = await cli('run', NAV_FLOW, '--nav', 'next,finish');
    assert.equal(bad.status, 2);
    assert.match(bad.stderr, /--nav: step 2 \("finish"\) is not a navigation request/);
    const empty = await cli('run', NAV_FLOW, '--nav', 'next,,previous');
    assert.equal(empty.status, 2);
    assert.match(empty.stderr, /none empty/);
    const item = await cli('run', NAV_FLOW, '--nav', 'next', '--item', 'intro');
    assert.equal(item.status, 2);
    assert.match(item.stderr, /--nav and --item/);
    const single = await cli('run', SINGLE, '--nav', 'next');
    assert.equal(single.status, 2);
    assert.match(single.stderr, /NAV_UNSUPPORTED_ACTION: --nav needs a course with more than one SCO/);
    const help = await cli('--help');
    assert.match(help.stdout, /--nav STEP,STEP/);
  });
  test('--json: each API call names the SCO and the launch (attempt) it was made in', async () => {
    const r = await cli('run', NAV_FLOW, '--nav', 'continue', '--json', '--settle-ms', '300');
    assert.equal(r.status, 0, r.stderr + r.stdout);
    const out = JSON.parse(r.stdout) as {
      api_calls: Array<{ method: string; sco_id: string; attempt: number }>;
    };
    const launches = out.api_calls
      .filter((c) => c.method === 'Initialize')
      .map((c) => [c.sco_id, c.attempt] as const);
    assert.ok(launches.length >= 2, JSON.stringify(launches));
    assert.equal(new Set(launches.map((l) => l[0])).size > 1, true, JSON.stringify(launches));
    // Every call carries the SCO and launch of the Initialize that opened it.
    let current: readonly [string, number] | undefined;
    for (const c of out.api_calls) {
      if (c.method === 'Initialize') current = [c.sco_id, c.attempt];
      assert.deepEqual([c.sco_id, c.attempt], current, JSON.stringify(c));
    }
  });
  test('the first SCO is launched once: sequencing starts before the runtime opens, not on a discarded launch', async () => {
    const r = await cli('run', NAV_FLOW, '--nav', 'continue', '--json', '--settle-ms', '300');
    assert.equal(r.status, 0, r.stderr + r.stdout);
    const out = JSON.parse(r.stdout) as {
      api_calls: Array<{ method: string; sco_id: string; attempt: number }>;
      navigation: { steps: Array<{ delivered: { runtime_attempt: number } | null }> };
    };
    const initializes = out.api_calls
      .filter((c) => c.method === 'Initialize')
      .map((c) => [c.sco_id, c.attempt]);
    assert.deepEqual(initializes.slice(0, 2), [
      ['intro', 1],
      ['auto', 2],
    ]);
    assert.equal(initializes.filter(([sco]) => sco === 'intro').length, 1, JSON.stringify(initializes));
    assert.equal(out.navigation.steps[0]?.delivered?.runtime_attempt, 1);
  });
});
