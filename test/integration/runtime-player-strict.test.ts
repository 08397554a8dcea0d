/**
 * The player page runs our strict run-time (src/rte/strict) in real Chromium: adl.data buckets go in with
 * the launch and come back out, adl.nav.request_valid answers from the navigation snapshot Node gives,
 * and a course that tampers with the prototypes the engine could go through (it shares the player's
 * realm) gets the same answers as an untouched engine, with the tampering reported.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { resolve } from 'node:path';
import { buildRteInit, staticNavigationOracle } from '../../src/rte/adapter/index.js';
import { StrictApi2004 } from '../../src/rte/strict/index.js';
import type { OpenCourseSpec } from '../../src/runtime/course-runtime.js';
import { openCourseRuntime } from '../../src/runtime/open-course-runtime.js';
import { CHROMIUM_SKIP, filePool } from '../helpers/chromium.js';
import { FIXTURES_DIR } from '../helpers/paths.js';

const SKIP = CHROMIUM_SKIP;
const pool = filePool();

function spec(course: string, extra: Partial<OpenCourseSpec> = {}): OpenCourseSpec {
  return {
    packageRoot: resolve(FIXTURES_DIR, 'courses', course),
    launchPath: 'index.html',
    scormVersion: '2004',
    scoId: 'item',
    rte: buildRteInit({ version: '2004', scoId: 'item' }),
    pool: pool(),
    timeoutMs: 5_000,
    openTimeoutMs: 30_000,
    warmSpare: false,
    ...extra,
  };
}

test(
  'adl.data: buckets go in with the launch, the maps decide access, readSharedData gives them back',
  { skip: SKIP },
  async () => {
    const rt = await openCourseRuntime(
      spec('never-initialize', {
        sharedData: {
          maps: [
            { targetId: 'notes', read: true, write: true },
            { targetId: 'fixed', read: true, write: false },
            { targetId: 'secret', read: false, write: true },
          ],
          values: { fixed: 'from the learner', secret: 's', other: 'not mapped' },
        },
      }),
    );
    try {
      const call = async (method: string, ...args: string[]): Promise<string> => {
        const rec = await rt.callApi(method, args);
        return `${String(rec.result)}|${rec.errorCode}`;
      };
      assert.equal(await call('Initialize', ''), 'true|0');
      assert.equal(await call('GetValue', 'adl.data._count'), '3|0');
      assert.equal(await call('GetValue', 'adl.data.1.id'), 'fixed|0');
      assert.equal(await call('GetValue', 'adl.data.1.store'), 'from the learner|0');
      assert.equal(await call('GetValue', 'adl.data.0.store'), '|403');
      assert.equal(await call('SetValue', 'adl.data.0.store', 'written'), 'true|0');
      assert.equal(await call('SetValue', 'adl.data.1.store', 'x'), 'false|404');
      assert.equal(await call('GetValue', 'adl.data.2.store'), '|405');
      assert.equal(await call('SetValue', 'adl.data.2.store', 'new secret'), 'true|0');
      assert.equal(await call('GetValue', 'adl.data.3.id'), '|301');
      assert.equal(await call('Terminate', ''), 'true|0');
      assert.deepEqual(await rt.readSharedData(), {
        fixed: 'from the learner',
        secret: 'new secret',
        other: 'not mapped',
        notes: 'written',
      });
      // The next SCO of the course gets the buckets as Node passes them.
      await rt.launchAttempt({
        scoId: 'item',
        launchPath: 'index.html',
        rte: buildRteInit({ version: '2004', scoId: 'item' }),
        sharedData: { maps: [{ targetId: 'notes', read: true, write: false }], values: { notes: 'written' } },
      });
      assert.equal(await call('Initialize', ''), 'true|0');
      assert.equal(await call('GetValue', 'adl.data.0.store'), 'written|0');
      assert.deepEqual(await rt.readSharedData(), { notes: 'written' });
    } finally {
      await rt.close();
    }
  },
);

test(
  'adl.nav.request_valid answers from the snapshot Node gives; a pending request reaches Node',
  { skip: SKIP },
  async () => {
    let answers = staticNavigationOracle({ requests: { continue: 'true' }, choice: { intro: 'false' } });
    const rt = await openCourseRuntime(
      spec('never-initialize', { navigationOracle: { snapshot: (id) => answers.snapshot(id) } }),
    );
    try {
      const get = async (element: string): Promise<string> => {
        const rec = await rt.callApi('GetValue', [element]);
        return `${String(rec.result)}|${rec.errorCode}`;
      };
      await rt.callApi('Initialize', ['']);
      assert.equal(await get('adl.nav.request_valid.continue'), 'true|0');
      assert.equal(await get('adl.nav.request_valid.previous'), 'unknown|0');
      assert.equal(await get('adl.nav.request_valid.choice.{target=intro}'), 'false|0');
      assert.equal(await get('adl.nav.request_valid.choice.{target=toString}'), 'unknown|0');
      assert.equal(await get('adl.nav.request_valid.exitAll'), '|401');
      answers = staticNavigationOracle({ requests: { continue: 'false' }, otherTargets: 'true' });
      await rt.refreshNavigation();
      assert.equal(await get('adl.nav.request_valid.continue'), 'false|0');
      assert.equal(await get('adl.nav.request_valid.choice.{target=intro}'), 'true|0');

      const bad = await rt.callApi('SetValue', ['adl.nav.request', 'choice']);
      assert.deepEqual([bad.result, bad.errorCode], ['false', '406']);
      await rt.callApi('SetValue', ['adl.nav.request', '{target=intro}choice']);
      assert.equal((await rt.getDataModel())['adl.nav.request'], '{target=intro}choice');
      await rt.callApi('Terminate', ['']);
      assert.deepEqual(
        rt.log.navRequests.map((n) => `${n.phase}:${n.request}`),
        ['set:{target=intro}choice', 'terminate:{target=intro}choice'],
      );
    } finally {
      await rt.close();
    }
  },
);

/** The calls the tamper-engine fixture makes after tampering (name, element, value; no value: GetValue). */
const TAMPERED_CALLS: Array<[string, string, string?]> = [
  ['badStatus', 'cmi.completion_status', 'bogus'],
  ['unknown', 'cmi.bogus', 'x'],
  ['wholeModel', 'cmi', 'illegal'],
  ['scaled', 'cmi.score.scaled', '2'],
  ['unsetLocation', 'cmi.location'],
  ['unsetScaled', 'cmi.score.scaled'],
  ['gap', 'cmi.objectives.5.id', 'x'],
  ['interactionId', 'cmi.interactions.0.id', 'q1'],
  ['interactionType', 'cmi.interactions.0.type', 'choice'],
  ['duplicateChoice', 'cmi.interactions.0.learner_response', 'a[,]a'],
  ['choice', 'cmi.interactions.0.learner_response', 'a[,]b'],
  ['children', 'cmi.score._children'],
  ['count', 'cmi.interactions._count'],
  ['sharedData', 'adl.data.5.store'],
  ['choiceValid', 'adl.nav.request_valid.choice.{target=toString}'],
  ['badNav', 'adl.nav.request', 'choice'],
  ['location', 'cmi.location', 'page-2'],
];

test(
  'a course that tampers with the prototypes the engine could use gets the untouched answers, and is reported',
  { skip: SKIP },
  async () => {
    // What an engine nobody touched answers, in Node.
    const clean = new StrictApi2004({ init: buildRteInit({ version: '2004', scoId: 'item' }) });
    clean.Initialize('');
    const expected: Record<string, string> = { tamper: 'done' };
    for (const [name, element, value] of TAMPERED_CALLS) {
      const r = value === undefined ? clean.GetValue(element) : clean.SetValue(element, value);
      expected[name] = `${r}|${clean.GetLastError()}`;
    }
    assert.equal(expected.badStatus, 'false|406');
    assert.equal(expected.unsetLocation, '|403');

    const rt = await openCourseRuntime(spec('tamper-engine'));
    try {
      await rt.waitForCall('Commit', 10_000);
      const frame = await rt.scoFrame();
      const handle = await frame.waitForFunction('window.results && JSON.stringify(window.results)');
      const results = JSON.parse((await handle.jsonValue()) as string) as Record<string, string>;
      assert.deepEqual(results, expected);

      // The record shows what the course got.
      const recorded = rt.calls
        .filter((c) => c.method === 'GetValue' || c.method === 'SetValue')
        .map((c) => `${String(c.result)}|${c.errorCode}`);
      assert.deepEqual(
        recorded,
        TAMPERED_CALLS.map(([name]) => expected[name]),
      );
      const dm = await rt.getDataModel();
      assert.equal(dm['cmi.location'], 'page-2');
      assert.equal(dm['cmi.interactions.0.learner_response'], 'a[,]b');
      assert.equal(dm['cmi.score.scaled'], undefined);
      assert.ok(!Object.values(dm).includes('forged'));

      // Every change to the watched prototypes is reported (and undone); String, RegExp and Map are frozen.
      const details = rt.log.integrity.filter((e) => e.kind === 'intrinsic_replaced').map((e) => e.detail);
      for (const key of ['push', 'join', 'slice', 'includes', 'find', 'map', 'Symbol(Symbol.iterator)']) {
        assert.ok(
          details.some((d) => d.includes(`Array.prototype.${key} (replaced, undone)`)),
          `Array.prototype.${key}: ${details.join('; ')}`,
        );
      }
      assert.ok(details.some((d) => d.includes('Array.prototype.5 (added, undone)')));
      for (const key of ['cmi.location', 'toString', 'Symbol(Symbol.split)']) {
        assert.ok(
          details.some((d) => d.includes(`Object.prototype.${key} (`)),
          `Object.prototype.${key}: ${details.join('; ')}`,
        );
      }
      // The player still works after the check put the prototypes back.
      const tool = await rt.callApi('GetValue', ['cmi.location']);
      assert.deepEqual([tool.result, tool.errorCode], ['page-2', '0']);
    } finally {
      await rt.close();
    }
  },
);
