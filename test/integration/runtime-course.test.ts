/**
 * The run-time core against real Chromium: one browser for the whole file.
 */
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { resolve } from 'node:path';
import { ScormTesterError } from '../../src/core/errors.js';
import { TIMEOUT, within } from '../../src/core/within.js';
import { analyzeLayout } from '../../src/dom/layout/analyze-layout.js';
import { buildRteInit, staticNavigationOracle, type RteLaunch } from '../../src/rte/adapter/index.js';
import { BrowserPool } from '../../src/runtime/browser-pool.js';
import { findChromium } from '../../src/runtime/chromium.js';
import {
  MAX_SCREENSHOT_EDGE,
  type CourseRuntime,
  type OpenCourseSpec,
} from '../../src/runtime/course-runtime.js';
import { openCourseRuntime } from '../../src/runtime/open-course-runtime.js';
import { FIXTURES_DIR } from '../helpers/paths.js';
import { until } from '../helpers/until.js';

const COURSES = resolve(FIXTURES_DIR, 'courses');
const SKIP = (() => {
  try {
    findChromium();
    return false;
  } catch (err) {
    return (err as Error).message;
  }
})();

let pool: BrowserPool;
before(() => {
  pool = new BrowserPool();
});
after(async () => {
  await pool?.shutdown();
});

type Spec = Partial<OpenCourseSpec> & { rteLaunch?: Partial<RteLaunch> };

function spec2004(dir: string, launchPath = 'index.html', extra: Spec = {}): OpenCourseSpec {
  const { rteLaunch, ...rest } = extra;
  return {
    packageRoot: resolve(COURSES, dir),
    launchPath,
    scormVersion: '2004',
    scoId: rteLaunch?.scoId ?? 'item',
    rte: buildRteInit({ version: '2004', scoId: 'item', ...rteLaunch }),
    pool,
    timeoutMs: 5_000,
    // Opening is not what these tests time; a loaded CI machine must not make them flaky.
    openTimeoutMs: 30_000,
    ...rest,
  };
}

async function withRuntime(spec: OpenCourseSpec, fn: (rt: CourseRuntime) => Promise<void>): Promise<void> {
  const rt = await openCourseRuntime(spec);
  try {
    await fn(rt);
  } finally {
    await rt.close();
  }
}

async function codeOf(p: Promise<unknown>): Promise<string> {
  try {
    await p;
    return 'ok';
  } catch (err) {
    assert.ok(err instanceof ScormTesterError, String(err));
    return err.code;
  }
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

test(
  'SCORM 1.2: the SCO finds window.API by the parent walk; calls recorded in order, as given',
  { skip: SKIP },
  async () => {
    const rte = buildRteInit({ version: '1.2', scoId: 'item1', masteryScore: '80', launchData: 'welcome=1' });
    const spec: OpenCourseSpec = {
      packageRoot: resolve(COURSES, 'scorm12-single'),
      launchPath: 'index.html',
      scormVersion: '1.2',
      scoId: 'item1',
      rte,
      pool,
    };
    await withRuntime(spec, async (rt) => {
      const init = await rt.waitForCall('Initialize', 5_000);
      assert.equal(init.method, 'LMSInitialize');
      assert.equal(init.result, 'true');
      assert.equal(init.source, 'sco');
      assert.equal(rt.initializeState, 'initialized');
      assert.deepEqual(
        rt.calls.slice(0, 6).map((c) => [c.method, c.args, c.result]),
        [
          ['LMSInitialize', [''], 'true'],
          ['LMSGetValue', ['cmi.core.student_name'], 'Learner, Test'],
          ['LMSGetValue', ['cmi.core.lesson_status'], 'not attempted'],
          ['LMSSetValue', ['cmi.core.lesson_status', 'incomplete'], 'true'],
          ['LMSSetValue', ['cmi.core.lesson_location', 'page1'], 'true'],
          ['LMSCommit', [''], 'true'],
        ],
      );
      assert.deepEqual(
        rt.calls.map((c) => c.index),
        rt.calls.map((_, i) => i),
      );

      // The learner answers; the SCO scores against the mastery score.
      const frame = await rt.scoFrame();
      await frame.click('#answer-b');
      await frame.click('#submit');
      await rt.waitForCall('LMSCommit', 5_000, 6);
      const dm = await rt.getDataModel();
      assert.equal(dm['cmi.core.lesson_status'], 'passed');
      assert.equal(dm['cmi.core.score.raw'], '100');
      assert.equal(dm['cmi.student_data.mastery_score'], '80');
      assert.equal(dm['cmi.launch_data'], 'welcome=1');
      assert.equal(dm['cmi.objectives._count'], '0');
      const statusChanges = rt.log.dataChanges.filter((c) => c.element === 'cmi.core.lesson_status');
      assert.deepEqual(
        statusChanges.map((c) => [c.previousValue, c.newValue, c.source]),
        [
          ['not attempted', 'incomplete', 'api:SetValue'],
          ['incomplete', 'passed', 'api:SetValue'],
        ],
      );

      // A tool call goes through the same API and is recorded as such; 2004 names work on 1.2.
      const tool = await rt.callApi('GetValue', ['cmi.core.score.raw']);
      assert.equal(tool.method, 'LMSGetValue');
      assert.equal(tool.result, '100');
      assert.equal(tool.source, 'tool');
      assert.equal(rt.calls[rt.calls.length - 1], tool);
      assert.equal(await codeOf(rt.callApi('Explode', [])), 'INVALID_SCORM_METHOD');

      // Leaving as a learner would: the SCO's unload handler finishes the session.
      const left = await rt.unload();
      assert.equal(left.initializeState, 'terminated');
      const finish = rt.calls.find((c) => c.method === 'LMSFinish');
      assert.equal(finish?.result, 'true');
      assert.equal(rt.status().lastApiMethod, 'LMSFinish');
    });
  },
);

test(
  'resume: a saved data model restores state and entry; session time adds to total time',
  { skip: SKIP },
  async () => {
    const base = {
      packageRoot: resolve(COURSES, 'scorm12-single'),
      launchPath: 'index.html',
      scormVersion: '1.2' as const,
      scoId: 'item1',
      pool,
    };
    let saved: Record<string, string> = {};
    await withRuntime({ ...base, rte: buildRteInit({ version: '1.2', scoId: 'item1' }) }, async (rt) => {
      await rt.waitForCall('Initialize', 5_000);
      await rt.callApi('LMSSetValue', ['cmi.suspend_data', 'state=7']);
      await rt.callApi('LMSSetValue', ['cmi.core.exit', 'suspend']);
      await rt.callApi('LMSSetValue', ['cmi.core.session_time', '00:02:00']);
      await rt.callApi('LMSFinish', ['']);
      saved = await rt.getDataModel();
      assert.equal(saved['cmi.core.total_time'], '00:02:00');
      const total = rt.log.dataChanges.find((c) => c.element === 'cmi.core.total_time');
      assert.equal(total?.source, 'internal');
    });
    await withRuntime(
      { ...base, rte: buildRteInit({ version: '1.2', scoId: 'item1', restore: saved }) },
      async (rt) => {
        await rt.waitForCall('Initialize', 5_000);
        assert.equal((await rt.callApi('LMSGetValue', ['cmi.core.entry'])).result, 'resume');
        assert.equal((await rt.callApi('LMSGetValue', ['cmi.suspend_data'])).result, 'state=7');
        assert.equal((await rt.callApi('LMSGetValue', ['cmi.core.total_time'])).result, '00:02:00');
        // What the SCO read on start came from the restored attempt.
        const status = rt.calls.find(
          (c) => c.method === 'LMSGetValue' && c.args[0] === 'cmi.core.lesson_status',
        );
        assert.equal(status?.result, 'incomplete');
      },
    );
  },
);

test(
  'SCORM 2004: query, fragment, xml:base folders, launch data, objectives and navigation',
  { skip: SKIP },
  async () => {
    const oracle = staticNavigationOracle({ requests: { continue: 'true' }, choice: { intro: 'false' } });
    const navRequests: string[] = [];
    const intro = spec2004('scorm2004-multi', 'content/intro.html?lang=en&chapter=1', {
      scoId: 'intro',
      navigationOracle: oracle,
      rteLaunch: { scoId: 'intro', launchData: 'intro-data', completionThreshold: '0.8' },
    });
    await withRuntime(intro, async (rt) => {
      rt.on('nav_request', (e) => navRequests.push(`${e.phase}:${e.request}`));
      const frame = await rt.scoFrame();
      const log = (await frame.evaluate('document.getElementById("log").textContent')) as string;
      assert.match(log, /launch_data=intro-data/);
      assert.match(log, /lang=en chapter=1/);
      await frame.click('#done');
      await rt.waitForCall('Terminate', 5_000);
      assert.deepEqual(navRequests, ['set:continue', 'terminate:continue']);
      assert.equal(rt.initializeState, 'terminated');

      // Next SCO in the same page: a new engine instance and attempt.
      await rt.launchAttempt({
        scoId: 'lesson',
        launchPath: 'content/lesson.html?chapter=2#start',
        rte: buildRteInit({
          version: '2004',
          scoId: 'lesson',
          scaledPassingScore: '0.7',
          objectiveIds: ['obj-pass', 'obj-pass-technique'],
        }),
      });
      assert.equal(rt.initializeState, 'initialized');
      const lessonLog = (await (
        await rt.scoFrame()
      ).evaluate('document.getElementById("log").textContent')) as string;
      assert.match(lessonLog, /hash=#start search=\?chapter=2/);
      assert.match(lessonLog, /scaled_passing_score=0.7/);
      assert.match(lessonLog, /objectives=2/);
      assert.match(lessonLog, /continue valid=true/);
      const last = rt.calls[rt.calls.length - 1];
      assert.equal(last?.scoId, 'lesson');
      assert.equal(last?.attempt, 2);

      await rt.launchAttempt({
        scoId: 'quiz',
        launchPath: 'content/quiz/quiz.html',
        rte: buildRteInit({ version: '2004', scoId: 'quiz' }),
      });
      // The lesson's unload handler terminated it before the quiz started.
      assert.ok(
        rt.calls.some((c) => c.scoId === 'lesson' && c.method === 'Terminate' && c.result === 'true'),
      );
      const quizLog = (await (
        await rt.scoFrame()
      ).evaluate('document.getElementById("log").textContent')) as string;
      assert.match(quizLog, /choice intro valid=false/);
      const dm = await rt.getDataModel();
      assert.equal(dm['cmi.interactions._count'], '1');
      assert.equal(dm['cmi.interactions.0.learner_response'], 'b');
    });
  },
);

test('hostile: a course that never calls Initialize', { skip: SKIP }, async () => {
  await withRuntime(spec2004('never-initialize'), async (rt) => {
    assert.equal(rt.initializeState, 'none');
    assert.equal(rt.calls.length, 0);
    assert.equal(await codeOf(rt.waitForCall('Initialize', 200)), 'WAIT_TIMEOUT');
    // We never initialize on the course's behalf.
    await sleep(100);
    assert.equal(rt.calls.length, 0);
  });
});

test(
  'hostile: an endless loop gives COURSE_TIMEOUT and the runtime stays usable',
  { skip: SKIP },
  async () => {
    await withRuntime(spec2004('endless-loop', 'index.html', { timeoutMs: 1_000 }), async (rt) => {
      let stopped = 0;
      rt.on('script_terminated', () => (stopped += 1));
      // The fixture's GetValue is recorded as its loop begins.
      await until(async () => (rt.calls.some((c) => c.method === 'GetValue') ? true : undefined), 'the loop');
      assert.equal(await codeOf(rt.callApi('GetValue', ['cmi.location'])), 'COURSE_TIMEOUT');
      assert.equal(stopped, 1);
      const again = await rt.callApi('GetValue', ['cmi.location']);
      assert.equal(again.result, 'before-loop');
      const shot = await rt.screenshot();
      assert.ok(shot.png.length > 0);
    });
    // Looping while the page loads: open itself times out, keeps what was recorded, and cleans up.
    try {
      await openCourseRuntime(
        spec2004('endless-loop', 'index.html?phase=load', { timeoutMs: 1_000, openTimeoutMs: 1_000 }),
      );
      assert.fail('open should time out');
    } catch (err) {
      assert.ok(err instanceof ScormTesterError);
      assert.equal(err.code, 'COURSE_TIMEOUT');
      assert.match(err.message, /1 API call/);
    }
  },
);

test('hostile: navigating the top window away is cancelled and recorded', { skip: SKIP }, async () => {
  await withRuntime(spec2004('navigate-top-away'), async (rt) => {
    await until(
      async () => (rt.log.integrity.some((e) => e.kind === 'player_navigation') ? true : undefined),
      'the cancelled navigation',
    );
    assert.ok(rt.playerPage.url().endsWith('/p/player.html'));
    const result = await (await rt.scoFrame()).evaluate('document.body.getAttribute("data-result")');
    assert.equal(
      result,
      'assigned',
      'no sandbox: the assignment runs, and the player cancels the navigation',
    );
    assert.equal((await rt.callApi('GetValue', ['cmi.mode'])).result, 'normal');
  });
});

test('hostile: an alert loop is answered, recorded, then stopped', { skip: SKIP }, async () => {
  await withRuntime(spec2004('alert-loop', 'index.html', { timeoutMs: 3_000 }), async (rt) => {
    const stopped = new Promise((r) => rt.on('script_terminated', r));
    await stopped;
    assert.ok(rt.log.dialogs.length >= 30);
    assert.deepEqual(
      {
        type: rt.log.dialogs[0]?.type,
        message: rt.log.dialogs[0]?.message,
        accepted: rt.log.dialogs[0]?.accepted,
      },
      { type: 'alert', message: 'Are you still there? (1)', accepted: true },
    );
    assert.equal((await rt.callApi('GetValue', ['cmi.mode'])).result, 'normal');
  });
});

test(
  'hostile: a dialog loop slower than 30 dialogs in 3 s (a slow machine) is still stopped',
  { skip: SKIP },
  async () => {
    await withRuntime(spec2004('alert-loop-slow', 'index.html', { timeoutMs: 3_000 }), async (rt) => {
      const stopped = new Promise((r) => rt.on('script_terminated', (e: { reason: string }) => r(e.reason)));
      const reason = await within(stopped, 60_000);
      assert.equal(reason === TIMEOUT ? 'never stopped' : reason, 'dialog_loop');
      // Dialogs in one task past DIALOG_LOOP_COUNT are a loop, however slowly each was answered.
      assert.equal(rt.log.dialogs.length, 30);
      assert.equal((await rt.callApi('GetValue', ['cmi.mode'])).result, 'normal');
    });
  },
);

test('hostile: numbers, undefined, objects and functions are recorded as given', { skip: SKIP }, async () => {
  await withRuntime(spec2004('weird-args'), async (rt) => {
    await rt.waitForCall('Terminate', 5_000);
    const shown = rt.calls.map((c) => [c.method, c.args]);
    assert.deepEqual(shown.slice(0, 9), [
      ['Initialize', []],
      ['SetValue', ['cmi.location', 0]],
      [
        'SetValue',
        [
          'cmi.suspend_data',
          {
            $type: 'object',
            json: '{"page":3,"done":[1,2]}',
            string: '[object Object]',
            className: 'Object',
          },
        ],
      ],
      ['SetValue', ['cmi.location', { $type: 'undefined' }]],
      ['GetValue', [5]],
      ['SetValue', ['cmi.score.raw', 85.5]],
      ['SetValue', ['cmi.score.scaled', { $type: 'number', value: 'NaN' }]],
      ['GetValue', [null]],
      ['SetValue', ['cmi.exit', { $type: 'function', name: 'suspend' }]],
    ]);
    const location = rt.log.dataChanges.find((c) => c.element === 'cmi.location');
    assert.equal(location?.newValue, '0');
    const nan = rt.calls[6];
    assert.equal(nan?.result, 'false');
    assert.equal(nan?.errorCode, '406');
    assert.ok(nan && nan.errorString.length > 0 && nan.diagnostic.length > 0);
  });
});

test(
  'hostile: 10 MB suspend_data is recorded by length, without the runtime choking',
  { skip: SKIP },
  async () => {
    await withRuntime(spec2004('big-suspend'), async (rt) => {
      await rt.waitForCall('Terminate', 5_000);
      const set = rt.calls.find((c) => c.method === 'SetValue');
      const arg = set?.args[1];
      assert.ok(arg && typeof arg === 'object' && arg.$type === 'string');
      assert.equal(arg.length, 10 * 1024 * 1024);
      assert.equal(arg.head.length, 65_536);
      assert.equal(set?.errorCode === '0' || set?.result === 'false', true);
    });
  },
);

test('hostile: 100,000 API calls are all recorded, in order', { skip: SKIP }, async () => {
  await withRuntime(spec2004('many-calls', 'index.html', { timeoutMs: 30_000 }), async (rt) => {
    await rt.waitForCall('Terminate', 30_000);
    assert.equal(rt.calls.length, 100_000);
    assert.equal(rt.calls[99_999]?.method, 'Terminate');
    for (let i = 1; i < rt.calls.length; i += 9_973) {
      assert.equal(rt.calls[i]?.index, i);
      assert.deepEqual(rt.calls[i]?.args[0], 'cmi.location');
    }
    // The page queues calls in blocks and streams them in chunks: each change still follows the one before.
    const changes = rt.log.dataChanges.filter((c) => c.element === 'cmi.location');
    assert.equal(changes.length, 49_999);
    for (let j = 0; j < changes.length; j++) {
      assert.equal(changes[j]?.newValue, `p${2 * j}`);
      assert.equal(changes[j]?.previousValue, j === 0 ? null : `p${2 * j - 2}`);
    }
    assert.equal(rt.calls[99_998]?.result, 'p99996');
  });
});

test('hostile: a missing launch file fails before any browser work', { skip: SKIP }, async () => {
  assert.equal(
    await codeOf(openCourseRuntime(spec2004('missing-launch', 'start.html'))),
    'MANIFEST_LAUNCH_NOT_FOUND',
  );
});

test(
  'network: other hosts are blocked and recorded; missing package files are listed',
  { skip: SKIP },
  async () => {
    await withRuntime(spec2004('external-requests'), async (rt) => {
      const frame = await rt.scoFrame();
      await frame.waitForFunction('document.getElementById("out").textContent !== "pending"');
      assert.equal(await frame.evaluate('document.getElementById("out").textContent'), 'fetch failed');
      // The browser reports a failed request to us a moment after the page itself sees it fail.
      await until(
        async () => (rt.log.blockedRequests.length >= 3 ? true : undefined),
        'three blocked requests',
      );
      const blocked = rt.log.blockedRequests.map((b) => [b.url, b.reason]).sort();
      assert.deepEqual(blocked, [
        ['http://tracker.example.net/pixel.gif', 'network_not_allowed'],
        ['https://api.example.org/track?x=1', 'network_not_allowed'],
        ['https://fonts.example.com/css?family=Roboto', 'network_not_allowed'],
      ]);
      await until(async () => (rt.log.missingFiles.size > 0 ? true : undefined), 'the missing file');
      assert.deepEqual([...rt.log.missingFiles], ['missing-local.json']);
      const external = rt.networkRequests.filter((r) => r.scope === 'external');
      assert.equal(external.length, 3);
      assert.ok(rt.networkRequests.some((r) => r.scope === 'content' && r.statusCode === 404));
    });
  },
);

test(
  'screenshots: the full-resolution PNG at device scale, the image for a model WebP at scale 1 within 1568 px, full page as tiles, wait_for_selector',
  { skip: SKIP },
  async () => {
    await withRuntime(
      spec2004('layout-problems', 'index.html', { viewport: { width: 1600, height: 1000, scale: 2 } }),
      async (rt) => {
        const shot = await rt.screenshot();
        assert.equal(shot.png.subarray(1, 4).toString(), 'PNG');
        assert.deepEqual([shot.width, shot.height, shot.pngScale], [3200, 2000, 2]);
        assert.ok(shot.scaled);
        const [view] = shot.views;
        assert.equal(view?.format, 'webp');
        assert.equal(view?.image.subarray(8, 12).toString(), 'WEBP');
        assert.ok(
          Math.max(view!.width, view!.height) <= MAX_SCREENSHOT_EDGE,
          `${view!.width}x${view!.height}`,
        );
        assert.ok(Math.max(view!.width, view!.height) >= MAX_SCREENSHOT_EDGE - 2);
        assert.ok(Math.abs(view!.width / view!.height - 1.6) < 0.01);

        assert.equal(
          await codeOf(rt.screenshot({ waitForSelector: '#does-not-exist', waitTimeoutMs: 200 })),
          'CAPTURE_FAILED',
        );
      },
    );
    const rte = buildRteInit({ version: '1.2', scoId: 'item1' });
    const mobile: OpenCourseSpec = {
      packageRoot: resolve(COURSES, 'scorm12-single'),
      launchPath: 'index.html',
      scormVersion: '1.2',
      scoId: 'item1',
      rte,
      pool,
      viewport: { device: 'mobile', scale: 2 },
    };
    await withRuntime(mobile, async (rt) => {
      const shot = await rt.screenshot({ waitForSelector: '#submit', delayMs: 10 });
      assert.deepEqual([shot.width, shot.height], [780, 1688]);
      assert.deepEqual([shot.views[0]!.width, shot.views[0]!.height, shot.views[0]!.scale], [390, 844, 1]);
      assert.ok(shot.scaled);
      const sharp = await rt.screenshot({ fullResolution: true });
      assert.equal(sharp.views[0]!.format, 'png');
      assert.deepEqual([sharp.views[0]!.width, sharp.views[0]!.height], [780, 1688]);
      await rt.setViewport({ device: 'mobile' });
      const full = await rt.screenshot({ fullPage: true });
      assert.ok(full.fullPage);
      assert.equal(full.width, 390);
      assert.ok(full.height > 844, `full page height ${full.height}`);
      // Tiles one viewport tall, each the viewport's width, cover the page.
      assert.ok(full.views.length >= 2);
      for (const tile of full.views) assert.equal(tile.width, 390);
      assert.equal(full.views.length + full.tilesNotShown, Math.ceil(full.capturedHeight / 844));
      assert.deepEqual(
        full.views.map((t) => t.top),
        full.views.map((_, i) => i * 844),
      );
      // The frame is back to the viewport size afterwards.
      const inner = await (await rt.scoFrame()).evaluate('innerHeight');
      assert.equal(inner, 844);
    });
  },
);

test('layout analysis reports each kind of problem on a touch viewport', { skip: SKIP }, async () => {
  await withRuntime(
    spec2004('layout-problems', 'index.html', { viewport: { device: 'mobile' } }),
    async (rt) => {
      const report = await analyzeLayout(rt);
      assert.equal(report.touch, true);
      assert.equal(report.frame.width, 390);
      const byType = new Map(report.issues.map((i) => [i.type, i.selector]));
      assert.equal(byType.get('content_wider_than_frame'), '#stage');
      assert.equal(byType.get('fixed_size_too_large'), '#stage');
      assert.equal(byType.get('text_too_small'), '#tiny');
      assert.equal(byType.get('tap_target_too_small'), '#small');
      assert.equal(byType.get('content_cut_off'), '#box');
      assert.equal(byType.get('off_screen'), '#away');
      // The visually hidden skip link is not a problem.
      assert.ok(!report.issues.some((i) => i.selector.includes('sr-only')));
      for (const issue of report.issues) assert.ok(issue.fix_suggestion.length > 0);

      await rt.setViewport({ device: 'desktop' });
      const desktop = await analyzeLayout(rt);
      assert.equal(desktop.touch, false);
      assert.ok(!desktop.issues.some((i) => i.type === 'tap_target_too_small'));
      assert.ok(!desktop.issues.some((i) => i.type === 'content_wider_than_frame'));
    },
  );
});

test('a closed runtime refuses work with RUNTIME_NOT_OPEN; close is idempotent', { skip: SKIP }, async () => {
  const rt = await openCourseRuntime(spec2004('never-initialize'));
  await rt.close();
  await rt.close();
  assert.equal(await codeOf(rt.callApi('GetValue', ['cmi.mode'])), 'RUNTIME_NOT_OPEN');
  assert.equal(await codeOf(rt.screenshot()), 'RUNTIME_NOT_OPEN');
  assert.equal(rt.status().open, false);
});
