/** `run` ties "Initialize never happened" to a cause from the run and to the static rule that predicts it. */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { explainAnomalies, likelyInitializeCause, type Cause } from '../../src/runtime/anomalies/causes.js';
import type { Anomaly } from '../../src/runtime/anomalies/types.js';
import type { ConsoleEntry, NetworkEntry } from '../../src/runtime/records.js';
import { courseTextOf } from '../helpers/course-text.js';

const said = (cause: Cause, field: string): string => courseTextOf({ course_text: cause.course }, field);

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
  assert.match(cause.text, /the external script in `course_text.blocked_scripts` was blocked/);
  assert.equal(said(cause, 'blocked_scripts'), 'https://code.jquery.com/jquery.js');
});

test('a 404 in the package, then a page error, then no script at all', () => {
  const missing = likelyInitializeCause({
    network: [request(`${BASE}lib/scorm%20api.js`, { statusCode: 404 })],
    console: [],
  });
  assert.match(missing.text, /the package lacks the file in `course_text.missing_files` \(404\)/);
  assert.equal(said(missing, 'missing_files'), 'lib/scorm api.js');
  assert.equal(missing?.rule, 'api.discovery_missing');

  const error = likelyInitializeCause({
    network: [request(`${BASE}app.js`, { statusCode: 200 })],
    console: [pageError('TypeError: x is undefined')],
  });
  assert.match(
    error.text,
    /a page error stopped the SCO's script: see `course_text.page_error` \(at `course_text.page_error_at`\)/,
  );
  assert.equal(said(error, 'page_error'), 'TypeError: x is undefined');
  assert.equal(said(error, 'page_error_at'), 'index.html:4:1');

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
    /pages \(`course_text.pages`\) ran the scripts in `course_text.scripts` without a page error or a failed request, yet nothing called Initialize/,
  );
  assert.equal(said(quiet, 'pages'), 'index.html');
  assert.equal(said(quiet, 'scripts'), 'app.js');
  assert.equal(quiet.rule, 'api.discovery_missing');
});

test('the script elements counted in the pages decide between "no script at all" and "inline only"', () => {
  const doc = request(`${BASE}index.html`, { resourceType: 'document', statusCode: 200 });
  const bare = likelyInitializeCause({
    network: [doc],
    console: [],
    scripts: { pages: ['index.html'], inline: 0, external: 0 },
  });
  assert.match(bare.text, /page in `course_text.pages` has no script element at all/);
  assert.equal(said(bare, 'pages'), 'index.html');
  assert.equal(bare?.rule, 'api.discovery_missing');

  const inline = likelyInitializeCause({
    network: [doc],
    console: [],
    scripts: { pages: ['index.html', 'content/slide.html'], inline: 2, external: 0 },
  });
  assert.match(
    inline.text,
    /pages \(`course_text.pages`\) load no script file, and their 2 inline scripts never called Initialize/,
  );
  assert.equal(said(inline, 'pages'), 'index.html\ncontent/slide.html');

  // A 404 or a page error still comes first: it says more than the count.
  const missing = likelyInitializeCause({
    network: [doc, request(`${BASE}app.js`, { statusCode: 404 })],
    console: [],
    scripts: { pages: ['index.html'], inline: 0, external: 1 },
  });
  assert.match(missing.text, /lacks the file in `course_text.missing_files` \(404\)/);
  assert.equal(said(missing, 'missing_files'), 'app.js');
});

test('only initialize_never_called is explained; the message names the predicting rule', () => {
  const other: Anomaly = { type: 'missing_terminate', severity: 'error', message: 'm', fix: 'f' };
  const [explained, untouched] = explainAnomalies([never, other], { network: [], console: [] });
  assert.equal(explained?.predicted_by, 'api.discovery_missing');
  assert.match(explained?.message ?? '', /Likely cause: .*rule api\.discovery_missing/);
  assert.deepEqual(untouched, other);
});

test('a navigation the browser refused, without a page error, is named; the text never says "without a page error"', () => {
  const refused: ConsoleEntry = {
    ...pageError(
      "Unsafe attempt to initiate navigation for frame with URL 'http://127.0.0.1:4000/tok/c/a.html' from frame with URL 'http://127.0.0.1:4000/tok/c/b.html'.",
    ),
    source: 'console',
  };
  const cause = likelyInitializeCause({
    network: [request(`${BASE}js/app.js`, {})],
    console: [refused],
  });
  assert.match(cause.text, /^the browser refused a navigation the SCO's pages started/);
  assert.doesNotMatch(cause.text, /without a page error/);
  assert.match(said(cause, 'blocked_navigation'), /^Unsafe attempt to initiate navigation/);
  assert.equal(cause.rule, undefined);
});
