/**
 * The SCORM 1.2 unrecorded-calls check end to end in the real player: a SCO's calls that reach our strict
 * 1.2 API without passing through the recorder make the SCO's unload stop the run with the error anomaly
 * unrecorded_api_calls, naming the SCO and attempt, while what the record holds stays the data to save.
 * No course can do this today (the player holds the API object in closures); the test reaches it the only
 * way left, from outside the page through the DevTools protocol, as a stand-in for any future bypass.
 */
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { isScormTesterError } from '../../src/core/errors.js';
import { buildRteInit } from '../../src/rte/adapter/index.js';
import { detectAnomalies } from '../../src/runtime/anomalies/index.js';
import { BrowserPool } from '../../src/runtime/browser-pool.js';
import type { CourseRuntime } from '../../src/runtime/course-runtime.js';
import { openCourseRuntime } from '../../src/runtime/open-course-runtime.js';
import { courseTextOf } from '../helpers/course-text.js';
import { scorm12SingleSco } from '../helpers/scorm12-course.js';

let pool: BrowserPool;
before(() => {
  pool = new BrowserPool();
});
after(async () => {
  await pool?.shutdown();
});

function open(script: string): Promise<CourseRuntime> {
  return openCourseRuntime({
    packageRoot: scorm12SingleSco({ script }),
    launchPath: 'index.html',
    scormVersion: '1.2',
    scoId: 'lesson',
    rte: buildRteInit({ version: '1.2', scoId: 'lesson' }),
    pool,
    timeoutMs: 10_000,
    openTimeoutMs: 30_000,
    warmSpare: false,
  });
}

/** Calls `body` (with `api` bound to the strict 1.2 API object itself) in the player, past the recorder. */
async function callPastTheRecorder(rt: CourseRuntime, body: string): Promise<void> {
  const page = rt.playerPage;
  const cdp = await page.context().newCDPSession(page);
  try {
    const proto = await cdp.send('Runtime.evaluate', { expression: 'Object.prototype' });
    const { objects } = await cdp.send('Runtime.queryObjects', {
      prototypeObjectId: proto.result.objectId!,
    });
    const out = await cdp.send('Runtime.callFunctionOn', {
      objectId: objects.objectId!,
      functionDeclaration: `function () {
        var found = [];
        for (var i = 0; i < this.length; i++) {
          var o = this[i];
          // The instance, not its class's prototype (which has the same methods).
          if (o && typeof o.lifecycleSuccesses === 'function' && Object.hasOwn(o, 'setBySco')) found.push(o);
        }
        if (found.length !== 1) return 'found ' + found.length;
        var api = found[0];
        ${body}
        return 'done';
      }`,
      returnByValue: true,
    });
    assert.equal(out.result.value, 'done');
  } finally {
    await cdp.detach();
  }
}

test('SCORM 1.2: calls that reach the engine past the recorder stop the run at unload with unrecorded_api_calls', async () => {
  const rt = await open(`api.LMSSetValue('cmi.core.lesson_location', 'recorded'); api.LMSCommit('');`);
  try {
    await rt.waitForCall('LMSCommit', 10_000);
    await callPastTheRecorder(
      rt,
      `api.LMSSetValue('cmi.core.lesson_status', 'passed'); api.LMSSetValue('cmi.core.score.raw', '100'); api.LMSCommit('');`,
    );
    const stopped = await rt.unload().then(
      () => null,
      (e: unknown) => e,
    );
    assert.ok(isScormTesterError(stopped) && stopped.code === 'BROWSER_CRASHED', String(stopped));
    assert.match(
      stopped.message,
      /reached the engine without being recorded \(anomaly unrecorded_api_calls, attempt 1\)/,
    );
    assert.doesNotMatch(stopped.message, /cmi\.core/, 'the element names are course text');

    const found = detectAnomalies({
      version: '1.2',
      calls: rt.calls,
      integrity: rt.log.integrity,
      ended: false,
    });
    const unrecorded = found.filter((a) => a.type === 'unrecorded_api_calls');
    assert.equal(unrecorded.length, 1, JSON.stringify(found));
    const anomaly = unrecorded[0]!;
    assert.equal(anomaly.severity, 'error');
    assert.equal(anomaly.sco_id, 'lesson');
    assert.equal(anomaly.attempt, 1);
    assert.doesNotMatch(anomaly.message, /cmi\.core|LMSCommit \(/);
    assert.match(
      courseTextOf(anomaly, 'details'),
      /cmi\.core\.lesson_status, cmi\.core\.score\.raw, LMSCommit \(2 answered true, 1 recorded\)/,
    );

    // What the SCO set through the API is in the record, which is what a close then saves.
    const recorded = rt.recordedState();
    assert.equal(recorded.data['cmi.core.lesson_location'], 'recorded');
    assert.notEqual(recorded.data['cmi.core.lesson_status'], 'passed');
  } finally {
    await rt.close();
  }
});

test('SCORM 1.2: a SCO whose every call went through the recorder unloads with no unrecorded_api_calls', async () => {
  const rt = await open(
    `api.LMSSetValue('cmi.core.lesson_status', 'passed'); api.LMSSetValue('cmi.core.session_time', '0000:00:05'); api.LMSCommit(''); api.LMSCommit(''); api.LMSFinish('');`,
  );
  try {
    await rt.waitForCall('LMSFinish', 10_000);
    await rt.unload();
    const found = detectAnomalies({
      version: '1.2',
      calls: rt.calls,
      integrity: rt.log.integrity,
      ended: true,
    });
    assert.deepEqual(
      found.filter((a) => a.type === 'unrecorded_api_calls'),
      [],
    );
  } finally {
    await rt.close();
  }
});
