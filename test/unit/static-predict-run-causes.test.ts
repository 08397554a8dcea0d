/** `run` ties "Initialize never happened" to a cause from the run and to the static rule that predicts it. */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { explainAnomalies, likelyInitializeCause } from '../../src/runtime/anomalies/causes.js';
import type { Anomaly } from '../../src/runtime/anomalies/types.js';
import type { ConsoleEntry, NetworkEntry } from '../../src/runtime/records.js';

const BASE = 'http://127.0.0.1:4000/tok/c/';
let id = 0;
const request = (url: string, extra: Partial<NetworkEntry>): NetworkEntry => ({
  id: ++id,
  timestamp: 0,
  method: 'GET',
  url,
  resourceType: 'script',
  scope: 'content',
  ...extra,
});
const pageError = (text: string): ConsoleEntry => ({
  type: 'error',
  text,
  source: 'pageerror',
  url: `${BASE}index.html`,
  line: 3,
  column: 0,
  origin: 'sco',
  timestamp: 0,
});
const never: Anomaly = {
  type: 'initialize_never_called',
  severity: 'error',
  message: 'Never called.',
  fix: 'f',
};

test('a blocked external script comes first and points to deps.external_script', () => {
  const cause = likelyInitializeCause({
    network: [
      request('https://code.jquery.com/jquery.js', { scope: 'external', blocked: true }),
      request(`${BASE}js/app.js`, { statusCode: 404 }),
    ],
    console: [pageError('ReferenceError: $ is not defined')],
  });
  assert.equal(cause?.rule, 'deps.external_script');
  assert.match(cause?.text ?? '', /https:\/\/code\.jquery\.com\/jquery\.js was blocked/);
});

test('a 404 in the package, then a page error, then no script at all', () => {
  const missing = likelyInitializeCause({
    network: [request(`${BASE}lib/scorm%20api.js`, { statusCode: 404 })],
    console: [],
  });
  assert.match(missing?.text ?? '', /the package lacks lib\/scorm api\.js \(404\)/);
  assert.equal(missing?.rule, 'api.discovery_missing');

  const error = likelyInitializeCause({
    network: [request(`${BASE}app.js`, { statusCode: 200 })],
    console: [pageError('TypeError: x is undefined')],
  });
  assert.match(
    error?.text ?? '',
    /a page error stopped the SCO's script: TypeError: x is undefined \(index\.html:4:1\)/,
  );

  const none = likelyInitializeCause({
    network: [request(`${BASE}index.html`, { resourceType: 'document', statusCode: 200 })],
    console: [],
  });
  assert.match(none?.text ?? '', /loaded no script file/);

  // Its scripts ran cleanly, yet nothing initialized: the launch page has no SCORM code that runs.
  const quiet = likelyInitializeCause({
    network: [request(`${BASE}app.js`, { statusCode: 200 })],
    console: [],
    scripts: { pages: ['index.html'], inline: 0, external: 1 },
  });
  assert.match(
    quiet.text,
    /pages \(index\.html\) ran app\.js without a page error or a failed request, yet nothing called Initialize/,
  );
  assert.equal(quiet.rule, 'api.discovery_missing');
});

test('the script elements counted in the pages decide between "no script at all" and "inline only"', () => {
  const doc = request(`${BASE}index.html`, { resourceType: 'document', statusCode: 200 });
  const bare = likelyInitializeCause({
    network: [doc],
    console: [],
    scripts: { pages: ['index.html'], inline: 0, external: 0 },
  });
  assert.match(bare?.text ?? '', /page index\.html has no script element at all/);
  assert.equal(bare?.rule, 'api.discovery_missing');

  const inline = likelyInitializeCause({
    network: [doc],
    console: [],
    scripts: { pages: ['index.html', 'content/slide.html'], inline: 2, external: 0 },
  });
  assert.match(
    inline?.text ?? '',
    /pages \(index\.html, content\/slide\.html\) load no script file, and their 2 inline scripts never called Initialize/,
  );

  // A 404 or a page error still comes first: it says more than the count.
  const missing = likelyInitializeCause({
    network: [doc, request(`${BASE}app.js`, { statusCode: 404 })],
    console: [],
    scripts: { pages: ['index.html'], inline: 0, external: 1 },
  });
  assert.match(missing?.text ?? '', /lacks app\.js \(404\)/);
});

test('only initialize_never_called is explained; the message names the predicting rule', () => {
  const other: Anomaly = { type: 'missing_terminate', severity: 'error', message: 'm', fix: 'f' };
  const [explained, untouched] = explainAnomalies([never, other], { network: [], console: [] });
  assert.equal(explained?.predicted_by, 'api.discovery_missing');
  assert.match(explained?.message ?? '', /Likely cause: .*rule api\.discovery_missing/);
  assert.deepEqual(untouched, other);
});
