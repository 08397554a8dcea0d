/**
 * `run` turns the course's uncaught page errors into page_error anomalies with a likely cause from the
 * run and the static rule that predicts it; a script that does not parse gets its file from CDP.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { MAX_PAGE_ERRORS, pageErrorAnomalies } from '../../src/runtime/anomalies/page-errors.js';
import { analyseRun } from '../../src/runtime/anomalies/run-analysis.js';
import { ParseErrorLocations } from '../../src/runtime/parse-error-locations.js';
import type { ApiCallRecord, ConsoleEntry, NetworkEntry } from '../../src/runtime/records.js';
import { courseTextOf } from '../helpers/course-text.js';

const BASE = 'http://127.0.0.1:4000/tok/c/';
let clock = 0;
const error = (text: string, extra: Partial<ConsoleEntry> = {}): ConsoleEntry => ({
  type: 'error',
  text,
  source: 'pageerror',
  url: `${BASE}js/app.js`,
  line: 0,
  column: 4,
  origin: 'sco',
  timestamp: ++clock,
  name: 'ReferenceError',
  stack: `ReferenceError: ${text}\n    at ${BASE}js/app.js:1:5`,
  ...extra,
});
const unparsed = (file: string): ConsoleEntry =>
  error('missing ) after argument list', {
    name: 'SyntaxError',
    url: `${BASE}${file}`,
    line: 2,
    column: 59,
    stack: undefined,
  });
const blockedJquery: NetworkEntry = {
  id: 1,
  timestamp: 0,
  method: 'GET',
  url: 'https://code.jquery.com/jquery.js',
  resourceType: 'script',
  scope: 'external',
  blocked: true,
};

test('a script that does not parse: its file, line and column, predicted by api.parse_error', () => {
  const [a] = pageErrorAnomalies({ network: [], console: [unparsed('sco.js')] });
  assert.equal(a?.type, 'page_error');
  assert.equal(a?.severity, 'error');
  assert.equal(a?.predicted_by, 'api.parse_error');
  assert.match(
    a?.likely_cause ?? '',
    /^the script at `course_text.error_at` does not parse \(the parser's message is in `course_text.error`\)/,
  );
  assert.equal(courseTextOf(a!, 'error_at'), 'sco.js:3:60');
  assert.equal(courseTextOf(a!, 'error'), 'SyntaxError: missing ) after argument list');
  assert.match(a?.fix ?? '', /syntax error in the script \(its place is in `course_text.error_at`\)/);
});

test('an error after Initialize caused by a blocked CDN script points to deps.external_script', () => {
  const [a] = pageErrorAnomalies({ network: [blockedJquery], console: [error('$ is not defined')] });
  assert.equal(a?.severity, 'error');
  assert.equal(a?.predicted_by, 'deps.external_script');
  assert.match(
    a?.likely_cause ?? '',
    /the external script in `course_text.blocked_scripts` was blocked .* failed with the error in `course_text.error` \(at `course_text.error_at`\)/,
  );
  assert.equal(courseTextOf(a!, 'blocked_scripts'), 'https://code.jquery.com/jquery.js');
  assert.equal(courseTextOf(a!, 'error'), 'ReferenceError: $ is not defined');
  assert.equal(courseTextOf(a!, 'error_at'), 'js/app.js:1:5');
});

test('a 404 in the package is named; an error that follows a parse failure points to the parse rule', () => {
  const missing: NetworkEntry = {
    ...blockedJquery,
    url: `${BASE}lib.js`,
    scope: 'content',
    blocked: undefined,
    statusCode: 404,
  };
  const [a] = pageErrorAnomalies({ network: [missing], console: [error('lib is not defined')] });
  assert.match(a?.likely_cause ?? '', /the package lacks the file in `course_text.missing_files` \(404\)/);
  assert.equal(courseTextOf(a!, 'missing_files'), 'lib.js');
  assert.equal(a?.predicted_by, undefined, 'no static rule reports a missing script after Initialize');

  const [, follow] = pageErrorAnomalies({
    network: [],
    console: [
      unparsed('sco.js'),
      error('api is not defined', { url: `${BASE}other.js`, line: 0, column: 0 }),
    ],
  });
  assert.equal(follow?.predicted_by, 'api.parse_error');
  assert.match(
    follow?.likely_cause ?? '',
    /the script at `course_text.parse_error_at` does not parse .* so what it defines is missing, hence the error in `course_text.error`/,
  );
  assert.equal(courseTextOf(follow!, 'parse_error_at'), 'sco.js:3:60');
  assert.equal(courseTextOf(follow!, 'error'), 'ReferenceError: api is not defined');
  assert.equal(courseTextOf(follow!, 'error_at'), 'other.js:1:1');
});

test('one anomaly per distinct error with its count, capped; the player and other sites are told apart', () => {
  const same = Array.from({ length: 3 }, () => error('x is not defined'));
  const others = Array.from({ length: MAX_PAGE_ERRORS + 2 }, (_, i) => error(`e${i} is not defined`));
  const player = error('engine fault', { origin: 'player', url: 'http://127.0.0.1:4000/tok/p/player.js' });
  const cdn = error('boom', { name: 'TypeError', url: 'https://cdn.example.com/lib.js' });
  const found = pageErrorAnomalies({ network: [], console: [cdn, ...same, player, ...others] });
  assert.equal(found.length, MAX_PAGE_ERRORS);
  assert.equal(found[0]?.severity, 'warning', 'a script from another site failing');
  assert.match(found[0]?.message ?? '', /^A script from outside the package failed/);
  assert.equal(found[1]?.count, 3);
  assert.match(found[1]?.message ?? '', /failed \(3 times\) with the error in `course_text.error`/);
  assert.equal(courseTextOf(found[1]!, 'error'), 'ReferenceError: x is not defined');
  assert.equal(courseTextOf(found[1]!, 'error_at'), 'js/app.js:1:5');
  assert.equal(
    found.some((a) => JSON.stringify(a).includes('engine fault')),
    false,
  );
  assert.match(found.at(-1)?.message ?? '', /4 more distinct page errors are in console_errors/);
  // The course's text is cut, not carried whole, and says how long it was.
  const [long] = pageErrorAnomalies({ network: [], console: [error('y'.repeat(100_000))] });
  assert.ok((long?.message.length ?? 0) < 1_000);
  assert.deepEqual(long?.course_text?.error, {
    text: `ReferenceError: ${'y'.repeat(199 - 'ReferenceError: '.length)}…`,
    length: 100_000 + 'ReferenceError: '.length,
    truncated: true,
  });
});

test('a page error after a clean Initialize makes the run an error (the CLI exits 1 on it)', () => {
  const call = (index: number, method: string): ApiCallRecord => ({
    index,
    method,
    args: [''],
    result: 'true',
    errorCode: '0',
    errorString: '',
    diagnostic: '',
    timestamp: index,
    scoId: 'sco',
    attempt: 1,
    source: 'sco',
  });
  const anomalies = analyseRun(
    {
      version: '2004',
      calls: [call(0, 'Initialize'), call(1, 'Terminate')],
      finalState: 'terminated',
      ended: true,
    },
    { network: [blockedJquery], console: [error('$ is not defined')] },
  );
  assert.equal(anomalies[0]?.type, 'page_error');
  assert.equal(anomalies[0]?.severity, 'error');
});

test('the parse error gets its location from CDP, whichever of the two reports comes first', () => {
  const details = {
    url: `${BASE}sco.js`,
    lineNumber: 2,
    columnNumber: 59,
    exception: { description: 'SyntaxError: missing ) after argument list' },
  };
  const page = {};
  const popup = {};
  const early = new ParseErrorLocations();
  const a = error('missing ) after argument list', { url: null, line: null, column: null });
  early.entry(page, a);
  early.exception(page, details);
  assert.deepEqual([a.url, a.line, a.column], [`${BASE}sco.js`, 2, 59]);

  const late = new ParseErrorLocations();
  late.exception(page, details);
  const b = error('missing ) after argument list', { url: null, line: null, column: null });
  const other = error('missing ) after argument list', { url: null, line: null, column: null });
  late.entry(popup, other);
  late.entry(page, b);
  assert.equal(b.url, `${BASE}sco.js`);
  assert.equal(other.url, null, 'another page does not take it');

  // An exception with a stack already has its location through Playwright.
  const c = error('x', { url: null, line: null, column: null });
  late.entry(page, c);
  late.exception(page, {
    ...details,
    exception: { description: 'Error: x' },
    stackTrace: { callFrames: [{}] },
  });
  assert.equal(c.url, null);
});

test("a media element's play() interrupted by pause() is info, not a script failure; a thrown look-alike is not", () => {
  const interrupted = error(
    'The play() request was interrupted by a call to pause(). https://goo.gl/LdLk22',
    {
      name: 'AbortError',
      url: `${BASE}index_lms.html`,
      stack: undefined,
    },
  );
  const [a] = pageErrorAnomalies({
    network: [],
    console: [interrupted, { ...interrupted, timestamp: ++clock }],
  });
  assert.equal(a?.type, 'page_error');
  assert.equal(a?.severity, 'info');
  assert.equal(a?.count, 2);
  assert.match(
    a?.message ?? '',
    /play\(\) was interrupted before playback began \(2 times\).*No script stopped\./,
  );
  assert.match(courseTextOf(a!, 'error'), /AbortError/);
  // The same words thrown by a script (it has a stack) are that script's failure.
  const thrown = error('The play() request was interrupted by a call to pause().', { name: 'AbortError' });
  const [b] = pageErrorAnomalies({ network: [], console: [thrown] });
  assert.equal(b?.severity, 'error');
});

test('an error that is its own likely cause is not repeated in the message', () => {
  const [a] = pageErrorAnomalies({ network: [], console: [error('x is not defined')] });
  assert.equal(a?.severity, 'error');
  assert.doesNotMatch(a?.message ?? '', /Likely cause/);
  assert.equal(a?.likely_cause, 'the error in `course_text.error` (at `course_text.error_at`)');
});
