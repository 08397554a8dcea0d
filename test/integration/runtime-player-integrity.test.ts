/**
 * A record the course cannot forge: the forge-record fixture tampers with the player (same origin, so it
 * reaches every global of the player; running code in its realm through parent.Function is refused),
 * then reports success_status=failed and a location. Each attack must leave the recorded calls, the
 * history and the data model read from the engine true to the engine, and be reported; the player page
 * must stay.
 */
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { resolve } from 'node:path';
import { ScormTesterError } from '../../src/core/errors.js';
import { buildRteInit } from '../../src/rte/adapter/index.js';
import { detectAnomalies } from '../../src/runtime/anomalies/index.js';
import { BrowserPool } from '../../src/runtime/browser-pool.js';
import { findChromium } from '../../src/runtime/chromium.js';
import type { CourseRuntime } from '../../src/runtime/course-runtime.js';
import { openCourseRuntime } from '../../src/runtime/open-course-runtime.js';
import type { IntegrityEvent } from '../../src/runtime/records.js';
import { FIXTURES_DIR } from '../helpers/paths.js';
import { until } from '../helpers/until.js';

const COURSE = resolve(FIXTURES_DIR, 'courses', 'forge-record');
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

function open(attack: string): Promise<CourseRuntime> {
  return openCourseRuntime({
    packageRoot: COURSE,
    launchPath: `index.html?attack=${attack}`,
    scormVersion: '2004',
    scoId: 'item',
    rte: buildRteInit({ version: '2004', scoId: 'item' }),
    pool,
    timeoutMs: 5_000,
    openTimeoutMs: 30_000,
    warmSpare: false,
  });
}

async function withAttack(
  attack: string,
  fn: (rt: CourseRuntime, results: Record<string, string>) => Promise<void>,
): Promise<void> {
  const rt = await open(attack);
  try {
    await rt.waitForCall('Commit', 10_000);
    const frame = await rt.scoFrame();
    const handle = await frame.waitForFunction('window.results && JSON.stringify(window.results)');
    const results = JSON.parse((await handle.jsonValue()) as string) as Record<string, string>;
    await fn(rt, results);
  } finally {
    await rt.close();
  }
}

/** The course set success_status=failed and location=real-location: record, history and engine agree. */
async function assertTrueToEngine(rt: CourseRuntime): Promise<void> {
  const calls = rt.calls.map((c) => `${c.method}(${c.args.join(',')})=${c.result}`);
  assert.deepEqual(calls, [
    'Initialize()=true',
    'SetValue(cmi.success_status,failed)=true',
    'SetValue(cmi.location,real-location)=true',
    'Commit()=true',
  ]);
  assert.ok(rt.calls.every((c) => c.source === 'sco'));
  const history = rt.log.dataChanges.map((c) => `${c.element}=${c.newValue}`);
  assert.deepEqual(history, ['cmi.success_status=failed', 'cmi.location=real-location']);
  const dm = await rt.getDataModel();
  assert.equal(dm['cmi.success_status'], 'failed');
  assert.equal(dm['cmi.location'], 'real-location');
  // A tool call is the only call recorded as the tool's.
  const tool = await rt.callApi('GetValue', ['cmi.success_status']);
  assert.deepEqual([tool.result, tool.source], ['failed', 'tool']);
  assert.equal(rt.calls.filter((c) => c.source === 'tool').length, 1);
}

const kinds = (events: readonly IntegrityEvent[]): string[] => events.map((e) => `${e.kind}: ${e.detail}`);

const CODE_REFUSED =
  "player_code_refused: the course tried to run code from a string (eval, Function or a timer given text) in the LMS page's window";

/** The refusal is reported by the page's policy event, a task after the attempt: waits for it. */
async function refusalReported(rt: CourseRuntime): Promise<void> {
  await until(
    async () => (rt.log.integrity.some((e) => e.kind === 'player_code_refused') ? true : undefined),
    'the refused code to be reported',
  );
}

test('no attack: nothing is reported', { skip: SKIP }, async () => {
  await withAttack('none', async (rt) => {
    await assertTrueToEngine(rt);
    assert.deepEqual(rt.log.integrity, []);
  });
});

test(
  'the emitter: off the window, wrapping it is reported, a batch forged from the SCO frame is ignored',
  { skip: SKIP },
  async () => {
    await withAttack('emitter', async (rt, results) => {
      assert.equal(results.seen, 'undefined');
      // Looking for it with code in the player's realm is refused; the harness's own look finds nothing.
      assert.equal(results.inRealm, 'threw EvalError');
      assert.equal(await rt.playerPage.evaluate('typeof __scormTesterEmit'), 'undefined');
      assert.equal(results.own, 'sent');
      await assertTrueToEngine(rt);
      await refusalReported(rt);
      assert.deepEqual(kinds(rt.log.integrity).sort(), [
        CODE_REFUSED,
        'player_global_replaced: the course assigned window.__scormTesterEmit',
      ]);
      const anomalies = detectAnomalies({
        version: '2004',
        calls: rt.calls,
        integrity: rt.log.integrity,
        ended: false,
      });
      assert.deepEqual(
        anomalies.filter((a) => a.severity === 'error').map((a) => a.type),
        ['player_tampered'],
      );
    });
  },
);

test(
  'the control object: no global reaches it; replacing it changes nothing Node reads',
  { skip: SKIP },
  async () => {
    await withAttack('control', async (rt, results) => {
      assert.equal(results.seen, 'undefined/undefined');
      await assertTrueToEngine(rt);
      assert.deepEqual(kinds(rt.log.integrity), [
        'player_global_replaced: the course assigned window.__scormTester',
      ]);
    });
  },
);

test(
  'the engine: constructors off the window, facade frozen, Object.prototype pollution undone and reported',
  { skip: SKIP },
  async () => {
    await withAttack('engine', async (rt, results) => {
      assert.equal(results.ctor, 'undefined/undefined');
      assert.equal(results.replaceCtor, 'undefined');
      assert.equal(results.facadeMethod, 'false');
      assert.equal(results.facadeProto, 'threw TypeError');
      // Object.prototype is watched, not frozen (see lockdown.ts): the course sees its own change until
      // the player's next check, which undoes and reports it.
      assert.equal(results.objectProto, 'function');
      await assertTrueToEngine(rt);
      assert.deepEqual(kinds(rt.log.integrity).sort(), [
        'intrinsic_replaced: the course changed Object.prototype.SetValue (added, undone)',
        'player_global_replaced: the course assigned window.Scorm2004API',
      ]);
    });
  },
);

test('intrinsics of the player realm cannot be replaced; trying is reported', { skip: SKIP }, async () => {
  await withAttack('intrinsics', async (rt, results) => {
    assert.equal(results.stringify, '{"a":1}');
    assert.equal(results.defineStringify, 'threw TypeError');
    assert.equal(results.parse, 'number');
    assert.equal(results.dateNow, 'true');
    for (const method of ['call', 'apply', 'setTimeout', 'queueMicrotask']) {
      assert.equal(results[method], method, method);
    }
    // Array.prototype and Object.prototype are watched, not frozen (see lockdown.ts): changes hold until
    // the player's next check, which undoes and reports them.
    for (const method of ['push', 'slice', 'join']) assert.equal(results[method], '', method);
    assert.equal(results.pollute, 'passed');
    assert.equal(results.strictAssign, 'TypeError');
    await assertTrueToEngine(rt);
    assert.deepEqual(
      rt.log.integrity.map((e) => e.detail).sort(),
      [
        ...[
          'JSON.stringify',
          'JSON.parse',
          'Date.now',
          'Reflect.apply',
          'window.setTimeout',
          'window.queueMicrotask',
        ].map((name) => `the course tried to replace ${name}`),
        ...['push', 'slice', 'join'].map(
          (name) => `the course changed Array.prototype.${name} (replaced, undone)`,
        ),
        'the course changed Object.prototype.cmi.success_status (added, undone)',
      ].sort(),
    );
    assert.ok(rt.log.integrity.every((e) => e.kind === 'intrinsic_replaced'));
  });
});

test(
  'window.API_1484_11 cannot be replaced, redefined or deleted; assigning it is reported',
  { skip: SKIP },
  async () => {
    await withAttack('api', async (rt, results) => {
      assert.deepEqual(
        [results.assign, results.define, results.delete, results.after],
        ['true', 'threw TypeError', 'false', 'true'],
      );
      await assertTrueToEngine(rt);
      assert.deepEqual(kinds(rt.log.integrity), [
        'player_global_replaced: the course assigned window.API_1484_11',
      ]);
    });
  },
);

test(
  'code in the player realm is refused: navigating through parent.Function is reported, nothing navigates',
  { skip: SKIP },
  async () => {
    await withAttack('nav-href', async (rt, results) => {
      assert.equal(results.attack, 'threw EvalError');
      await refusalReported(rt);
      assert.deepEqual(kinds(rt.log.integrity), [CODE_REFUSED]);
      assert.ok(rt.playerPage.url().endsWith('/p/player.html'), rt.playerPage.url());
      await assertTrueToEngine(rt);
    });
  },
);

// A course can no longer run code in the player's realm, so the navigations below are made by the test
// harness (Playwright on the player page), to keep the cancelling of the player's navigations tested.
const NAVIGATIONS: Array<[string, string, RegExp]> = [
  ['href', 'location.href = u', /\/elsewhere$/],
  ['replace', 'location.replace(u)', /\/elsewhere$/],
  ['assign', 'location.assign(u)', /\/elsewhere$/],
  ['reload', 'location.reload()', /\/p\/player\.html$/],
  ['open-top', 'window.open(u, "_top")', /\/elsewhere$/],
  [
    'form',
    'var f = document.createElement("form"); f.action = u; f.method = "get"; f.target = "_top"; document.body.appendChild(f); f.submit();',
    /\/elsewhere\?$/,
  ],
  ['push-state', 'history.pushState(null, "", "/elsewhere")', /\/elsewhere$/],
];

test(
  'navigating the player from its own realm is cancelled, reported, and the runtime goes on',
  { skip: SKIP },
  async () => {
    for (const [name, source, destination] of NAVIGATIONS) {
      await withAttack('none', async (rt) => {
        await rt.playerPage.evaluate(`(function (u) { ${source} })(location.origin + '/elsewhere')`);
        const nav = await until(async () => {
          const found = rt.log.integrity.filter((e) => e.kind === 'player_navigation');
          return found.length > 0 ? found : undefined;
        }, `${name}: the cancelled navigation`);
        assert.equal(rt.isCrashed, false, name);
        assert.ok(rt.playerPage.url().endsWith('/p/player.html'), `${name}: ${rt.playerPage.url()}`);
        assert.equal(nav.length, 1, `${name}: ${kinds(rt.log.integrity).join('; ')}`);
        assert.match(
          nav[0]?.detail ?? '',
          /^cancelled (push|replace|reload) to http:\/\/127\.0\.0\.1:/,
          name,
        );
        assert.match(nav[0]?.detail ?? '', destination, name);
        await assertTrueToEngine(rt);
      });
    }
  },
);

test(
  'a top navigation the page cannot cancel (browser-initiated) is stopped by the runtime and recorded',
  { skip: SKIP },
  async () => {
    await withAttack('none', async (rt) => {
      const elsewhere = new URL('/elsewhere', rt.playerPage.url()).href;
      await assert.rejects(rt.playerPage.goto(elsewhere), /ERR_ABORTED/);
      assert.deepEqual(
        rt.log.navigationBlocked.map((b) => b.url),
        [elsewhere],
      );
      assert.equal(rt.isCrashed, false);
      assert.ok(rt.playerPage.url().endsWith('/p/player.html'), rt.playerPage.url());
      await assertTrueToEngine(rt);
    });
  },
);

// Code in the player's realm is refused to a course, so the calls below are made by the test harness
// (Playwright on the player page) to keep the caller check (player/page/caller.ts) tested.
test(
  "the caller check: a sloppy function of the player's realm calling the API is outside_sco; strict is unknown",
  { skip: SKIP },
  async () => {
    await withAttack('none', async (rt) => {
      await rt.playerPage.evaluate(
        "(function leftover() { return window.API_1484_11.SetValue('cmi.location', 'outside'); })()",
      );
      await rt.playerPage.evaluate(
        "(function () { 'use strict'; return window.API_1484_11.SetValue('cmi.location', 'strict'); })()",
      );
      const calls = await until(async () => {
        const found = rt.calls.filter((c) => c.args[1] === 'outside' || c.args[1] === 'strict');
        return found.length === 2 ? found : undefined;
      }, 'the two calls from the player realm');
      assert.deepEqual(
        calls.map((c) => `${String(c.args[1])}/${c.caller ?? 'sco'}`),
        ['outside/outside_sco', 'strict/unknown'],
      );
      const anomalies = detectAnomalies({
        version: '2004',
        calls: rt.calls,
        integrity: rt.log.integrity,
        ended: false,
      });
      const outside = anomalies.filter((a) => a.type === 'call_from_outside_sco');
      assert.equal(outside.length, 1, JSON.stringify(anomalies));
      assert.equal(outside[0]?.severity, 'error');
      assert.equal(outside[0]?.count, 1);
    });
  },
);

test(
  'top.location from the SCO itself is cancelled by the player and reported; the record stays whole',
  { skip: SKIP },
  async () => {
    await withAttack('nav-top', async (rt, results) => {
      assert.equal(results.attack, undefined, 'the assignment itself does not throw (no sandbox)');
      const cancelled = rt.log.integrity.filter((e) => e.kind === 'player_navigation').map((e) => e.detail);
      assert.equal(cancelled.length, 1);
      assert.match(cancelled[0] ?? '', /^cancelled \w+ to http:\/\/127\.0\.0\.1:\d+\/elsewhere$/);
      assert.ok(rt.playerPage.url().endsWith('/p/player.html'), rt.playerPage.url());
      await assertTrueToEngine(rt);
    });
  },
);

test(
  'document.open on the player removes the SCO frame: the runtime stops and says why',
  { skip: SKIP },
  async () => {
    await assert.rejects(open('nav-document-open'), (err: unknown) => {
      assert.ok(err instanceof ScormTesterError);
      assert.equal(err.code, 'BROWSER_CRASHED');
      assert.match(err.message, /the SCO frame was removed from the player page/);
      return true;
    });
  },
);
