/**
 * The strict run-time API objects, rule by rule (SCORM 2004 RTE 3.1.7 error codes, 1.2 RTE 3.3.4),
 * including the calls scorm-again 3.4.3 gets wrong on its own.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { buildRteInit } from '../../src/rte/adapter/rte-init.js';
import { staticNavigationOracle } from '../../src/rte/adapter/navigation-oracle.js';
import { memorySharedDataStore, StrictApi12, StrictApi2004 } from '../../src/rte/strict/index.js';

function api2004(extra: Partial<Parameters<typeof buildRteInit>[0]> = {}) {
  const store = memorySharedDataStore();
  const api = new StrictApi2004({
    init: buildRteInit({ version: '2004', scoId: 'sco1', learnerId: 'learner1', ...extra }),
    sharedData: {
      maps: [
        { targetId: 'open', read: true, write: true },
        { targetId: 'readonly', read: true, write: false },
        { targetId: 'writeonly', read: false, write: true },
      ],
      store,
    },
    navigation: () =>
      staticNavigationOracle({ requests: { continue: 'true' }, choice: { a2: 'false' } }).snapshot('sco1'),
  });
  return { api, store };
}

/** [return value, error code] of a call. */
function call(api: StrictApi2004, method: 'GetValue' | 'SetValue', ...args: unknown[]): [string, string] {
  const result = method === 'GetValue' ? api.GetValue(args[0]) : api.SetValue(args[0], args[1]);
  return [result, api.GetLastError()];
}

test('2004 life cycle: 1xx codes before, during and after a session; only "" is a valid parameter', () => {
  const { api } = api2004();
  assert.deepEqual(call(api, 'GetValue', 'cmi.location'), ['', '122']);
  assert.deepEqual(call(api, 'SetValue', 'cmi.location', 'x'), ['false', '132']);
  assert.equal(api.Commit(''), 'false');
  assert.equal(api.GetLastError(), '142');
  assert.equal(api.Terminate(''), 'false');
  assert.equal(api.GetLastError(), '112');
  assert.equal(api.Initialize('illegal'), 'false');
  assert.equal(api.GetLastError(), '201');
  assert.equal(api.Initialize(''), 'true');
  assert.equal(api.Initialize(''), 'false');
  assert.equal(api.GetLastError(), '103');
  assert.equal(api.Commit('x'), 'false');
  assert.equal(api.GetLastError(), '201');
  assert.equal(api.Terminate(''), 'true');
  assert.equal(api.Terminate(''), 'false');
  assert.equal(api.GetLastError(), '113');
  assert.deepEqual(call(api, 'GetValue', 'cmi.location'), ['', '123']);
  assert.deepEqual(call(api, 'SetValue', 'cmi.location', 'x'), ['false', '133']);
  assert.equal(api.Commit(''), 'false');
  assert.equal(api.GetLastError(), '143');
  assert.equal(api.Initialize(''), 'false');
  assert.equal(api.GetLastError(), '104');
});

test('2004 hostile names: "cmi", "adl" and containers are 401 and leave the data model intact', () => {
  const { api } = api2004();
  api.Initialize('');
  assert.deepEqual(call(api, 'SetValue', 'cmi', 'illegal'), ['false', '401']);
  assert.deepEqual(call(api, 'SetValue', 'adl', 'x'), ['false', '401']);
  assert.deepEqual(call(api, 'SetValue', 'cmi.score', '1'), ['false', '401']);
  assert.deepEqual(call(api, 'SetValue', '__proto__', '1'), ['false', '401']);
  assert.deepEqual(call(api, 'SetValue', 'cmi.location', 'still here'), ['true', '0']);
  assert.deepEqual(call(api, 'GetValue', 'cmi.location'), ['still here', '0']);
  assert.deepEqual(call(api, 'GetValue', ''), ['', '301']);
  assert.deepEqual(call(api, 'SetValue', '', 'x'), ['false', '351']);
  assert.deepEqual(call(api, 'GetValue', 'cmi.location._children'), ['', '301']);
  assert.deepEqual(call(api, 'GetValue', 'cmi.nothing'), ['', '401']);
  assert.deepEqual(call(api, 'GetValue', { toString: () => 'cmi.location' }), ['', '301']);
});

test('2004 access and keywords: 404 read-only, 405 write-only, keywords answered by the LMS', () => {
  const { api } = api2004();
  api.Initialize('');
  assert.deepEqual(call(api, 'SetValue', 'cmi.learner_id', 'x'), ['false', '404']);
  assert.deepEqual(call(api, 'SetValue', 'cmi._version', '2'), ['false', '404']);
  assert.deepEqual(call(api, 'SetValue', 'cmi.objectives._count', '2'), ['false', '404']);
  assert.deepEqual(call(api, 'GetValue', 'cmi.session_time'), ['', '405']);
  assert.deepEqual(call(api, 'GetValue', 'cmi._version'), ['1.0', '0']);
  assert.deepEqual(call(api, 'GetValue', 'cmi.learner_id'), ['learner1', '0']);
  assert.deepEqual(call(api, 'GetValue', 'cmi.score._children'), ['scaled,raw,min,max', '0']);
  assert.deepEqual(call(api, 'GetValue', 'cmi.location'), ['', '403']);
});

test('2004 values: 406 type mismatch, 407 out of range (numbers only), SPM overflow kept', () => {
  const { api } = api2004();
  api.Initialize('');
  assert.deepEqual(call(api, 'SetValue', 'cmi.score.scaled', 'abc'), ['false', '406']);
  assert.deepEqual(call(api, 'SetValue', 'cmi.score.scaled', '1.5'), ['false', '407']);
  assert.deepEqual(call(api, 'SetValue', 'cmi.session_time', '1:00:00'), ['false', '406']);
  assert.deepEqual(call(api, 'SetValue', 'cmi.comments_from_learner.0.timestamp', '2004-13'), [
    'false',
    '406',
  ]);
  assert.deepEqual(call(api, 'SetValue', 'cmi.location', ''), ['true', '0']);
  assert.deepEqual(call(api, 'GetValue', 'cmi.location'), ['', '0']);
  assert.deepEqual(call(api, 'SetValue', 'cmi.score.scaled', 0.5), ['true', '0']);
  assert.deepEqual(call(api, 'GetValue', 'cmi.score.scaled'), ['0.5', '0']);
  const long = 'x'.repeat(64001);
  assert.deepEqual(call(api, 'SetValue', 'cmi.suspend_data', long), ['true', '0']);
});

test('2004 collections: next index only, id first (408), unique objective ids, 301 past the end', () => {
  const { api } = api2004();
  api.Initialize('');
  assert.deepEqual(call(api, 'GetValue', 'cmi.objectives.0.id'), ['', '301']);
  assert.deepEqual(call(api, 'SetValue', 'cmi.objectives.1.id', 'a'), ['false', '351']);
  assert.deepEqual(call(api, 'SetValue', 'cmi.objectives.0.score.raw', '1'), ['false', '408']);
  assert.deepEqual(call(api, 'SetValue', 'cmi.objectives.0.id', 'a'), ['true', '0']);
  assert.deepEqual(call(api, 'SetValue', 'cmi.objectives.0.id', 'b'), ['false', '351']);
  assert.deepEqual(call(api, 'SetValue', 'cmi.objectives.1.id', 'a'), ['false', '351']);
  assert.deepEqual(call(api, 'GetValue', 'cmi.objectives._count'), ['1', '0']);
  assert.deepEqual(call(api, 'GetValue', 'cmi.objectives.0.success_status'), ['unknown', '0']);
  assert.deepEqual(call(api, 'GetValue', 'cmi.objectives.0.score.raw'), ['', '403']);
  assert.deepEqual(call(api, 'SetValue', 'cmi.interactions.01.id', 'i'), ['false', '351']);
  assert.deepEqual(call(api, 'SetValue', 'cmi.interactions.0.id', 'i'), ['true', '0']);
  assert.deepEqual(call(api, 'SetValue', 'cmi.interactions.0.learner_response', 'true'), ['false', '408']);
  assert.deepEqual(call(api, 'SetValue', 'cmi.interactions.0.type', 'true-false'), ['true', '0']);
  assert.deepEqual(call(api, 'SetValue', 'cmi.interactions.0.correct_responses.0.pattern', 'true'), [
    'true',
    '0',
  ]);
  assert.deepEqual(call(api, 'SetValue', 'cmi.interactions.0.correct_responses.1.pattern', 'false'), [
    'false',
    '351',
  ]);
});

test('2004 computed statuses: completion from progress and threshold, success from score and passing score', () => {
  const { api } = api2004({ completionThreshold: '0.8', scaledPassingScore: '0.5' });
  api.Initialize('');
  assert.deepEqual(call(api, 'GetValue', 'cmi.completion_status'), ['unknown', '0']);
  call(api, 'SetValue', 'cmi.progress_measure', '0.9');
  assert.deepEqual(call(api, 'GetValue', 'cmi.completion_status'), ['completed', '0']);
  call(api, 'SetValue', 'cmi.score.scaled', '0.4');
  assert.deepEqual(call(api, 'GetValue', 'cmi.success_status'), ['failed', '0']);
});

test('2004 session time joins the total at Terminate; the snapshot keeps it', () => {
  const { api } = api2004();
  api.Initialize('');
  call(api, 'SetValue', 'cmi.session_time', 'PT1M30S');
  call(api, 'SetValue', 'cmi.exit', 'suspend');
  api.Terminate('');
  assert.equal(api.exitValue, 'suspend');
  assert.equal(api.snapshot()['cmi.total_time'], 'PT0H1M30S');
});

test('2004 adl.data: maps in order, read/write permissions, empty bucket is 403', () => {
  const { api, store } = api2004();
  api.Initialize('');
  assert.deepEqual(call(api, 'GetValue', 'adl.data._count'), ['3', '0']);
  assert.deepEqual(call(api, 'GetValue', 'adl.data.1.id'), ['readonly', '0']);
  assert.deepEqual(call(api, 'GetValue', 'adl.data.0.store'), ['', '403']);
  assert.deepEqual(call(api, 'SetValue', 'adl.data.0.store', 'v'), ['true', '0']);
  assert.equal(store.get('open'), 'v');
  assert.deepEqual(call(api, 'SetValue', 'adl.data.1.store', 'v'), ['false', '404']);
  assert.deepEqual(call(api, 'GetValue', 'adl.data.2.store'), ['', '405']);
  assert.deepEqual(call(api, 'SetValue', 'adl.data.0.id', 'x'), ['false', '404']);
  assert.deepEqual(call(api, 'GetValue', 'adl.data.7.id'), ['', '301']);
});

test('2004 adl.nav: request validated and kept; request_valid from the navigation snapshot', () => {
  const { api } = api2004();
  api.Initialize('');
  assert.deepEqual(call(api, 'GetValue', 'adl.nav.request'), ['_none_', '0']);
  assert.deepEqual(call(api, 'SetValue', 'adl.nav.request', 'sideways'), ['false', '406']);
  assert.deepEqual(call(api, 'SetValue', 'adl.nav.request', '{target=a2}choice'), ['true', '0']);
  assert.equal(api.pendingNavRequest, '{target=a2}choice');
  assert.deepEqual(call(api, 'GetValue', 'adl.nav.request_valid.continue'), ['true', '0']);
  assert.deepEqual(call(api, 'GetValue', 'adl.nav.request_valid.previous'), ['unknown', '0']);
  assert.deepEqual(call(api, 'GetValue', 'adl.nav.request_valid.choice.{target=a2}'), ['false', '0']);
  assert.deepEqual(call(api, 'GetValue', 'adl.nav.request_valid.choice'), ['', '401']);
});

test('2004 error inspection never changes the error state; strings and diagnostics stay short', () => {
  const { api } = api2004();
  api.Initialize('');
  call(api, 'GetValue', 'cmi.nothing');
  assert.equal(api.GetLastError(), '401');
  assert.equal(api.GetErrorString('401'), 'Undefined Data Model Element');
  assert.equal(api.GetErrorString('1444'), '');
  assert.equal(api.GetErrorString('001'), '');
  assert.ok(api.GetDiagnostic('').length > 0 && api.GetDiagnostic('').length < 255);
  assert.equal(api.GetLastError(), '401');
  assert.ok(api.GetDiagnostic('x'.repeat(1000)).length < 255);
  assert.equal(api.GetLastError(), '401');
});

test('1.2: checked in front of scorm-again (session time with one hour digit, suspend_data over 4,096)', () => {
  const api = new StrictApi12(buildRteInit({ version: '1.2', scoId: 'sco1', learnerId: 'learner1' }));
  const last = () => api.LMSGetLastError();
  assert.equal(api.LMSGetValue('cmi.core.lesson_location'), '');
  assert.equal(last(), '301');
  assert.equal(api.LMSInitialize('x'), 'false');
  assert.equal(last(), '201');
  assert.equal(api.LMSInitialize(''), 'true');
  assert.equal(api.LMSSetValue('cmi.core.session_time', '1:00:00'), 'false');
  assert.equal(last(), '405');
  assert.equal(api.LMSSetValue('cmi.core.session_time', '0001:00:00'), 'true');
  // scorm-again keeps it as 01:00:00; the data model shows what the SCO set, as the record does.
  assert.equal(api.dataModel()['cmi.core.session_time'], '0001:00:00');
  // Likewise an interaction's latency, which scorm-again keeps as 00:00:12.5 (a corpus course found it).
  assert.equal(api.LMSSetValue('cmi.interactions.0.id', 'q1'), 'true');
  assert.equal(api.LMSSetValue('cmi.interactions.0.latency', '00:00:12.50'), 'true');
  assert.equal(api.dataModel()['cmi.interactions.0.latency'], '00:00:12.50');
  assert.equal(api.peek('cmi.interactions.0.latency'), '00:00:12.50');
  // score.max has no default in 1.2 (scorm-again's own is "100"): "" until the SCO sets it.
  assert.equal(api.LMSGetValue('cmi.core.score.max'), '');
  assert.equal(api.dataModel()['cmi.core.score.max'], '');
  assert.equal(api.LMSSetValue('cmi.objectives.0.id', 'o1'), 'true');
  assert.equal(api.dataModel()['cmi.objectives.0.score.max'], '');
  assert.equal(api.LMSSetValue('cmi.core.score.max', '50'), 'true');
  assert.equal(api.LMSGetValue('cmi.core.score.max'), '50');
  assert.equal(api.dataModel()['cmi.core.score.max'], '50');
  assert.equal(api.LMSSetValue('cmi.suspend_data', 'x'.repeat(4097)), 'false');
  assert.equal(last(), '405');
  assert.equal(api.LMSSetValue('cmi', 'illegal'), 'false');
  assert.equal(last(), '201');
  assert.equal(api.LMSSetValue('cmi.core.student_id', 'x'), 'false');
  assert.equal(last(), '403');
  assert.equal(api.LMSSetValue('cmi.core._children', 'x'), 'false');
  assert.equal(last(), '402');
  assert.equal(api.LMSGetValue('cmi.core.exit'), '');
  assert.equal(last(), '404');
  assert.equal(api.LMSGetValue('cmi.core.lesson_location._children'), '');
  assert.equal(last(), '202');
  assert.equal(api.LMSGetValue('cmi.core._count'), '');
  assert.equal(last(), '203');
  assert.equal(api.LMSSetValue('cmi.core.lesson_location', 'p1'), 'true');
  assert.equal(api.LMSGetValue('cmi.core.lesson_location'), 'p1');
  assert.equal(api.LMSGetErrorString('405'), 'Incorrect Data Type');
  assert.equal(last(), '0');
  assert.equal(api.LMSFinish(''), 'true');
  assert.equal(api.LMSFinish(''), 'false');
  assert.equal(last(), '301');
});

test('1.2: an unset score.max stays "" on resume (the saved "" is not a value the SCO gave)', () => {
  const first = new StrictApi12(buildRteInit({ version: '1.2', scoId: 'sco1', learnerId: 'learner1' }));
  assert.equal(first.LMSInitialize(''), 'true');
  assert.equal(first.LMSSetValue('cmi.core.lesson_status', 'incomplete'), 'true');
  assert.equal(first.LMSSetValue('cmi.objectives.0.id', 'o1'), 'true');
  assert.equal(first.LMSSetValue('cmi.core.exit', 'suspend'), 'true');
  assert.equal(first.LMSFinish(''), 'true');
  const saved = first.dataModel();
  assert.equal(saved['cmi.core.score.max'], '');

  const init = buildRteInit({ version: '1.2', scoId: 'sco1', learnerId: 'learner1', restore: saved });
  const resumed = new StrictApi12(init);
  assert.equal(resumed.LMSInitialize(''), 'true');
  assert.equal(resumed.LMSGetValue('cmi.core.entry'), 'resume');
  assert.equal(resumed.LMSGetValue('cmi.core.score.max'), '');
  assert.equal(resumed.peek('cmi.core.score.max'), '');
  assert.equal(resumed.dataModel()['cmi.core.score.max'], '', 'the next save keeps it empty');
  assert.equal(resumed.dataModel()['cmi.objectives.0.score.max'], '');
  // A max the SCO did set comes back.
  const given = new StrictApi12(
    buildRteInit({
      version: '1.2',
      scoId: 'sco1',
      restore: { ...saved, 'cmi.core.score.max': '80' },
    }),
  );
  assert.equal(given.LMSInitialize(''), 'true');
  assert.equal(given.LMSGetValue('cmi.core.score.max'), '80');
});
