/**
 * Node's comparison of the record it received with the engine, end to end in the real player: when a
 * SCO that terminated unloads, an engine value the record Node received does not end with stops the run
 * with the error anomaly record_engine_mismatch. No course can change the engine past the record today;
 * the test does it the only way left, from outside the page through the DevTools protocol, as a stand-in
 * for a record bent on its way to Node.
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
import { singleScoPackage } from '../helpers/single-sco.js';

let pool: BrowserPool;
before(() => {
  pool = new BrowserPool();
});
after(async () => {
  await pool?.shutdown();
});

function open(script: string): Promise<CourseRuntime> {
  return openCourseRuntime({
    packageRoot: singleScoPackage({ version: '2004', script }),
    launchPath: 'index.html',
    scormVersion: '2004',
    scoId: 'lesson',
    rte: buildRteInit({ version: '2004', scoId: 'lesson' }),
    pool,
    timeoutMs: 10_000,
    openTimeoutMs: 30_000,
    warmSpare: false,
  });
}

/** Sets an element in the engine's own store, past the API and the record, through DevTools. */
async function setPastTheRecord(rt: CourseRuntime, element: string, value: string): Promise<void> {
  const page = rt.playerPage;
  const cdp = await page.context().newCDPSession(page);
  try {
    const proto = await cdp.send('Runtime.evaluate', { expression: 'Object.prototype' });
    const { objects } = await cdp.send('Runtime.queryObjects', { prototypeObjectId: proto.result.objectId! });
    const out = await cdp.send('Runtime.callFunctionOn', {
      objectId: objects.objectId!,
      functionDeclaration: `function (element, value) {
        var found = [];
        for (var i = 0; i < this.length; i++) {
          var o = this[i];
          if (o && Object.hasOwn(o, 'store') && o.store && o.store.values instanceof Map) found.push(o);
        }
        if (found.length !== 1) return 'found ' + found.length;
        found[0].store.values.set(element, value);
        return 'done';
      }`,
      arguments: [{ value: element }, { value }],
      returnByValue: true,
    });
    assert.equal(out.result.value, 'done');
  } finally {
    await cdp.detach();
  }
}

test('an engine value the received record does not end with stops the run at unload', async () => {
  const rt = await open(
    `api.Initialize(''); api.SetValue('cmi.success_status', 'failed'); api.SetValue('cmi.location', 'p1'); api.Terminate('');`,
  );
  try {
    await rt.waitForCall('Terminate', 10_000);
    await setPastTheRecord(rt, 'cmi.success_status', 'passed');
    const stopped = await rt.unload().then(
      () => null,
      (e: unknown) => e,
    );
    assert.ok(isScormTesterError(stopped) && stopped.code === 'BROWSER_CRASHED', String(stopped));
    assert.match(
      stopped.message,
      /the record Node received for the SCO differs from the engine \(anomaly record_engine_mismatch, attempt 1\); the run was stopped/,
    );
    const found = detectAnomalies({
      version: '2004',
      calls: rt.calls,
      integrity: rt.log.integrity,
      ended: false,
    });
    const mismatch = found.filter((a) => a.type === 'record_engine_mismatch');
    assert.equal(mismatch.length, 1, JSON.stringify(found));
    assert.equal(mismatch[0]!.severity, 'error');
    assert.equal(mismatch[0]!.sco_id, 'lesson');
    assert.equal(mismatch[0]!.attempt, 1);
    assert.match(mismatch[0]!.message, /^Node compared the record it received with the run-time engine/);
    assert.match(
      courseTextOf(mismatch[0]!, 'details'),
      /cmi\.success_status: record "failed", engine "passed"/,
    );
  } finally {
    await rt.close();
  }
});

test('a SCO whose record reached Node whole unloads with no record_engine_mismatch', async () => {
  const rt = await open(
    `api.Initialize(''); api.SetValue('cmi.success_status', 'passed'); api.SetValue('cmi.score.scaled', '0.75'); api.SetValue('cmi.interactions.0.id', 'q1'); api.SetValue('cmi.session_time', 'PT5S'); api.Commit(''); api.Terminate('');`,
  );
  try {
    await rt.waitForCall('Terminate', 10_000);
    await rt.unload();
    const found = detectAnomalies({
      version: '2004',
      calls: rt.calls,
      integrity: rt.log.integrity,
      ended: false,
    });
    assert.deepEqual(
      found.filter((a) => a.type === 'record_engine_mismatch'),
      [],
    );
  } finally {
    await rt.close();
  }
});
