/** The inspector UI's pure parts: the feed store, the API log filter, the layout and the visible rows. */
import assert from 'node:assert/strict';
import { test } from 'node:test';
import type { SessionSnapshot } from '../../src/inspector/protocol.js';
import { filterCalls, NO_FILTER, type CallFilter } from '../../src/inspector/ui/filters.js';
import { panelLayout } from '../../src/inspector/ui/layout.js';
import { FeedStore, CLOSED_RUNTIME, NO_SEQUENCING } from '../../src/inspector/ui/store.js';
import { visibleRows } from '../../src/inspector/ui/virtual-range.js';
import type { ApiCallRecord, DataChange } from '../../src/runtime/records.js';

function call(index: number, method: string, args: string[], errorCode = '0'): ApiCallRecord {
  return {
    index,
    method,
    args,
    result: errorCode === '0' ? 'true' : 'false',
    errorCode,
    errorString: errorCode === '0' ? 'No Error' : 'Undefined Data Model Element',
    diagnostic: '',
    timestamp: 1000 + index,
    scoId: 'sco',
    attempt: 1,
    source: 'sco',
  };
}

function change(element: string, newValue: string, previousValue: string | null = null): DataChange {
  return {
    element,
    previousValue,
    newValue,
    source: 'api:SetValue',
    timestamp: 1,
    scoId: 'sco',
    attempt: 1,
    previousValueTruncated: false,
    newValueTruncated: false,
  };
}

function snapshot(overrides: Partial<SessionSnapshot> = {}): SessionSnapshot {
  return {
    session: {
      id: 's1',
      title: 'Course',
      package_root: '/tmp/course',
      scorm_version: '2004',
      state: 'ready',
      origin: 'cli',
      development_mode: 'debug_api',
    },
    outline: [],
    runtime: CLOSED_RUNTIME,
    sequencing: NO_SEQUENCING,
    findings: null,
    api_calls: [],
    data_changes: [],
    console: [],
    network: [],
    blocked: [],
    artifacts: [],
    events: [],
    mirror: null,
    ...overrides,
  };
}

test('the store applies a snapshot, then appends deltas and tells which slices changed', () => {
  const store = new FeedStore();
  const seen: string[][] = [];
  store.subscribe((changed) => seen.push([...changed].sort()));
  store.apply([{ kind: 'snapshot', snapshot: snapshot({ api_calls: [call(0, 'Initialize', [''])] }) }]);
  assert.equal(store.state.loaded, true);
  assert.equal(store.state.calls.length, 1);
  const callsArray = store.state.calls;
  store.apply([
    { kind: 'api_calls', calls: [call(1, 'SetValue', ['cmi.location', 'a'])] },
    { kind: 'data_changes', changes: [change('cmi.location', 'a')] },
    { kind: 'data_changes', changes: [change('cmi.location', 'b', 'a'), change('cmi.exit', 'suspend')] },
  ]);
  assert.equal(store.state.calls, callsArray, 'appended in place');
  assert.equal(store.state.calls.length, 2);
  assert.deepEqual(store.state.elements, ['cmi.location', 'cmi.exit']);
  assert.deepEqual(
    store.state.history.get('cmi.location')?.map((c) => c.newValue),
    ['a', 'b'],
  );
  assert.deepEqual(seen[1], ['calls', 'changes'], 'one notification per batch');
  assert.equal(store.revision('calls'), 2);
  assert.equal(store.revision('outline'), 1);
});

test('a new snapshot (a reconnect) replaces everything instead of adding to it', () => {
  const store = new FeedStore();
  store.apply([{ kind: 'snapshot', snapshot: snapshot({ data_changes: [change('cmi.location', 'a')] }) }]);
  store.apply([{ kind: 'data_changes', changes: [change('cmi.exit', 'suspend')] }]);
  store.apply([{ kind: 'snapshot', snapshot: snapshot({ data_changes: [change('cmi.location', 'a')] }) }]);
  assert.deepEqual(store.state.elements, ['cmi.location']);
  assert.equal(store.state.changes.length, 1);
});

test('a request sent again with its status replaces the first copy; artifacts are kept by name', () => {
  const store = new FeedStore();
  store.apply([{ kind: 'snapshot', snapshot: snapshot() }]);
  const request = {
    id: 7,
    timestamp: 1,
    method: 'GET',
    url: 'http://x/a.js',
    resourceType: 'script',
    scope: 'external' as const,
  };
  store.apply([{ kind: 'network', requests: [request], blocked: [] }]);
  store.apply([{ kind: 'network', requests: [{ ...request, statusCode: 200 }], blocked: [] }]);
  assert.equal(store.state.network.length, 1);
  assert.equal(store.state.network[0]?.statusCode, 200);
  const shot = { name: 'a.png', type: 'screenshot', url: 'a.png', created_at: 1 };
  store.apply([{ kind: 'artifacts', artifacts: [shot] }]);
  store.apply([{ kind: 'artifacts', artifacts: [shot, { ...shot, name: 'b.png' }] }]);
  assert.deepEqual(
    store.state.artifacts.map((a) => a.name),
    ['a.png', 'b.png'],
  );
});

test('the API log filter matches method (either SCORM version), element substring and errors', () => {
  const calls = [
    call(0, 'LMSInitialize', ['']),
    call(1, 'LMSSetValue', ['cmi.core.lesson_location', '3']),
    call(2, 'SetValue', ['cmi.score.raw', '80']),
    call(3, 'GetValue', ['cmi.nothing'], '401'),
  ];
  const only = (filter: Partial<CallFilter>): number[] =>
    filterCalls(calls, { ...NO_FILTER, ...filter }).matches;
  assert.deepEqual(only({}), [0, 1, 2, 3]);
  assert.deepEqual(only({ method: 'SetValue' }), [1, 2]);
  assert.deepEqual(only({ element: 'LOCATION' }), [1]);
  assert.deepEqual(only({ errorsOnly: true }), [3]);
});

test('filtering again after calls were appended looks only at the new calls', () => {
  const calls = [call(0, 'SetValue', ['cmi.a', '1'])];
  const filter: CallFilter = { ...NO_FILTER, method: 'SetValue' };
  const first = filterCalls(calls, filter);
  calls.push(call(1, 'GetValue', ['cmi.a']), call(2, 'SetValue', ['cmi.b', '2']));
  const second = filterCalls(calls, filter, first);
  assert.equal(second.scanned, 3);
  assert.deepEqual(second.matches, [0, 2]);
  const otherFilter = filterCalls(calls, { ...NO_FILTER, method: 'GetValue' }, second);
  assert.deepEqual(otherFilter.matches, [1], 'a different filter starts over');
});

test('each development mode leads with its panels and keeps every panel', () => {
  assert.deepEqual(panelLayout('debug_api').lead, ['api', 'data_model', 'player']);
  assert.equal(panelLayout('validate_live').lead[0], 'findings');
  assert.deepEqual(panelLayout('sequence_test').lead.slice(0, 2), ['sequencing', 'outline']);
  assert.equal(panelLayout('content_edit').lead[0], 'player');
  for (const mode of ['debug_api', 'validate_live', 'sequence_test', 'content_edit'] as const) {
    const { lead, tabs } = panelLayout(mode);
    assert.equal(new Set([...lead, ...tabs]).size, 9);
  }
});

test('only the rows in view (plus a margin) are rendered, however long the list', () => {
  assert.deepEqual(visibleRows(0, 240, 24, 10_000, 5), { first: 0, end: 15 });
  assert.deepEqual(visibleRows(24 * 9_990, 240, 24, 10_000, 5), { first: 9_985, end: 10_000 });
  assert.deepEqual(visibleRows(0, 0, 24, 0), { first: 0, end: 0 });
});
