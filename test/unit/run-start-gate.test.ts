/** A SCO that made no call and waits at a lone start control is a warning; anything else keeps the error. */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { explainAnomalies } from '../../src/runtime/anomalies/causes.js';
import { holdsApiCode, startGateOf, type PageLook } from '../../src/runtime/anomalies/start-gate.js';
import type { Anomaly } from '../../src/runtime/anomalies/types.js';
import type { ConsoleEntry, NetworkEntry } from '../../src/runtime/records.js';
import { courseTextOf } from '../helpers/course-text.js';

const never: Anomaly = {
  type: 'initialize_never_called',
  severity: 'error',
  message: 'Never called.',
  fix: 'f',
  sco_id: 'sco1',
  attempt: 2,
};
const start = { name: 'Start', page: 'index.html' };
const script: NetworkEntry = {
  id: 1,
  timestamp: 0,
  method: 'GET',
  url: 'http://127.0.0.1:4000/tok/c/lms.js',
  resourceType: 'script',
  scope: 'content',
};

test('API code: the API object named and Initialize called or defined', () => {
  assert.equal(holdsApiCode('var api = findAPI(window); api.LMSInitialize("");'), true);
  assert.equal(holdsApiCode('function LMSInitialize(){ return API.LMSInitialize(""); }'), true);
  assert.equal(holdsApiCode('window.API_1484_11.Initialize("")'), true);
  assert.equal(holdsApiCode('var api = findAPI(window);'), false, 'no Initialize');
  assert.equal(holdsApiCode('widget.Initialize()'), false, 'no API object');
});

test('a gate is one visible control on pages whose scripts hold API code', () => {
  assert.deepEqual(startGateOf({ controls: [start], apiCode: ['lms.js'] }), {
    control: start,
    apiCode: ['lms.js'],
  });
  assert.equal(
    startGateOf({ controls: [start, { name: 'Help', page: 'index.html' }], apiCode: ['lms.js'] }),
    undefined,
  );
  assert.equal(startGateOf({ controls: [], apiCode: ['lms.js'] }), undefined);
  assert.equal(startGateOf({ controls: [start], apiCode: [] }), undefined, 'no SCORM code at all');
  assert.equal(startGateOf(undefined), undefined);
});

test('at a start gate, initialize_never_called becomes a warning naming the control, SCO and attempt', () => {
  const look: PageLook = { controls: [start], apiCode: ['lms.js'] };
  const [a] = explainAnomalies([never], { network: [], console: [], look, version: '1.2' });
  assert.equal(a?.type, 'initialize_awaits_learner');
  assert.equal(a?.severity, 'warning');
  assert.equal(a?.sco_id, 'sco1');
  assert.equal(a?.attempt, 2);
  assert.match(a?.message ?? '', /waits for a learner action before it calls LMSInitialize/);
  assert.equal(courseTextOf(a!, 'start_control'), 'Start');
  assert.equal(courseTextOf(a!, 'api_code'), 'lms.js');
  assert.equal(a?.predicted_by, undefined);
});

test('API code that never ran, and no start control: still an error, and no static rule is claimed', () => {
  const look: PageLook = { controls: [start, { name: 'Help', page: 'index.html' }], apiCode: ['lms.js'] };
  const [a] = explainAnomalies([never], { network: [script], console: [], look, version: '1.2' });
  assert.equal(a?.type, 'initialize_never_called');
  assert.equal(a?.severity, 'error');
  assert.equal(a?.predicted_by, undefined);
  assert.match(
    a?.likely_cause ?? '',
    /`course_text.api_code` find the API and call Initialize, yet that code never ran/,
  );
  assert.match(a?.message ?? '', /No static rule of `scorm-tester validate` predicts this\./);
  assert.doesNotMatch(a?.message ?? '', /api\.discovery_missing/);
});

test('no API code in the pages: the error keeps api.discovery_missing as its predicting rule', () => {
  const look: PageLook = { controls: [start], apiCode: [] };
  const [a] = explainAnomalies([never], { network: [script], console: [], look, version: '1.2' });
  assert.equal(a?.type, 'initialize_never_called');
  assert.equal(a?.predicted_by, 'api.discovery_missing');
});

test('a page error before Initialize in pages that hold API code: no static rule is claimed either', () => {
  const look: PageLook = { controls: [], apiCode: ['lms.js'] };
  const thrown: ConsoleEntry = {
    type: 'error',
    text: 'TypeError: x is undefined',
    source: 'pageerror',
    url: 'http://127.0.0.1:4000/tok/c/index.html',
    line: 3,
    column: 0,
    origin: 'sco',
    timestamp: 0,
  };
  const [a] = explainAnomalies([never], { network: [script], console: [thrown], look, version: '1.2' });
  assert.equal(a?.type, 'initialize_never_called');
  assert.match(a?.likely_cause ?? '', /a page error stopped the SCO's script/);
  assert.equal(a?.predicted_by, undefined);
});
