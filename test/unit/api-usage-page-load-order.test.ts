import { test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import type { Finding } from '../../src/core/findings.js';
import { lintApiUsage } from '../../src/lint/api-usage/lint-api-usage.js';
import { courseTextOf } from '../helpers/course-text.js';
import { launchChainOf } from '../helpers/launch-chain.js';

const chain = launchChainOf;

async function lint12(files: Record<string, string>): Promise<Finding[]> {
  const dir = await mkdtemp(join(tmpdir(), 'api-usage-page-order-'));
  try {
    for (const [name, text] of Object.entries(files)) {
      await mkdir(dirname(join(dir, name)), { recursive: true });
      await writeFile(join(dir, name), text);
    }
    const scripts = Object.keys(files).filter((f) => f.endsWith('.js'));
    const result = await lintApiUsage({
      packageRoot: dir,
      scormVersion: '1.2',
      files: Object.keys(files),
      chains: [chain('sco1', 'index.html', scripts)],
    });
    return result.findings.filter((f) => f.rule === 'api.call_before_initialize');
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

const page = (tags: string[]) =>
  `<!doctype html>\n<html><head>\n${tags.join('\n')}\n</head><body></body></html>\n`;
const src = (file: string) => `<script src="${file}"></script>`;

/** A wrapper that finds the API, with a set() the file itself calls while it loads (line 4). */
const WRAPPER_SETS_AT_LOAD = [
  'var api = null;',
  'function findApi(w) { while (w && !w.API && w.parent !== w) w = w.parent; return w && w.API; }',
  'function doSet(k, v) { api = api || findApi(window); return api.LMSSetValue(k, v); }',
  "doSet('cmi.core.lesson_location', 'page1');",
  '',
].join('\n');

/** Initializes directly on the API, from window.onload (line 2). */
const INIT_ON_LOAD = [
  'window.onload = function () {',
  "  window.parent.API.LMSInitialize('');",
  '};',
  '',
].join('\n');

/** Initializes directly on the API while it loads (line 1). */
const INIT_NOW = "window.parent.API.LMSInitialize('');\n";

test('a set at load in a.js before the Initialize b.js makes on onload: found at the line of the set in a.js, for the SCO', async () => {
  const findings = await lint12({
    'index.html': page([src('a.js'), src('b.js')]),
    'a.js': WRAPPER_SETS_AT_LOAD,
    'b.js': INIT_ON_LOAD,
  });
  assert.deepEqual(
    findings.map((f) => [f.file, f.line, f.severity]),
    [['a.js', 4, 'warning']],
  );
  assert.match(findings[0]?.message ?? '', /only called later from a function or handler/);
  assert.deepEqual(findings[0]?.details?.scos ?? [findings[0]?.details?.sco], ['sco1']);
});

test('a set at load in a.js before the load-time Initialize of a later b.js is an error', async () => {
  const findings = await lint12({
    'index.html': page([src('a.js'), src('b.js')]),
    'a.js': WRAPPER_SETS_AT_LOAD,
    'b.js': INIT_NOW,
  });
  assert.deepEqual(
    findings.map((f) => [f.file, f.line, f.severity]),
    [['a.js', 4, 'error']],
  );
  assert.match(findings[0]?.message ?? '', /error 301/);
});

test('the correct twin: b.js loaded first initializes, then a.js sets: no finding', async () => {
  const findings = await lint12({
    'index.html': page([src('b.js'), src('a.js')]),
    'a.js': WRAPPER_SETS_AT_LOAD,
    'b.js': INIT_NOW,
  });
  assert.deepEqual(findings, []);
});

test('an inline script that initializes before the scripts that set: the page order counts, no finding', async () => {
  const findings = await lint12({
    'index.html': page([`<script>${INIT_NOW}</script>`, src('a.js')]),
    'a.js': WRAPPER_SETS_AT_LOAD,
  });
  assert.deepEqual(findings, []);
});

test('deferred scripts run in another order: no guess, no finding', async () => {
  const findings = await lint12({
    'index.html': page(['<script defer src="a.js"></script>', src('b.js')]),
    'a.js': WRAPPER_SETS_AT_LOAD,
    'b.js': INIT_NOW,
  });
  assert.deepEqual(findings, []);
});

/** A wrapper file that only defines functions (nothing runs at load). */
const WRAPPER_ONLY = [
  'function findApi(w) { while (w && !w.API && w.parent !== w) w = w.parent; return w && w.API; }',
  "function doInit() { return findApi(window).LMSInitialize(''); }",
  'function doSet(k, v) { return findApi(window).LMSSetValue(k, v); }',
  '',
].join('\n');

test("the course's own file sets through the wrapper file before it initializes: found at the author's line", async () => {
  const findings = await lint12({
    'index.html': page([src('wrapper.js'), src('course.js')]),
    'wrapper.js': WRAPPER_ONLY,
    'course.js': ["doSet('cmi.core.lesson_location', 'p1');", 'doInit();', ''].join('\n'),
  });
  assert.deepEqual(
    findings.map((f) => [f.file, f.line, f.severity]),
    [['course.js', 1, 'error']],
  );
  const quotedText = courseTextOf(findings[0] as Finding, 'quoted').split('\n');
  assert.ok(quotedText.includes('wrapper.js') && quotedText.includes('course.js'));
  assert.match(findings[0]?.message ?? '', /line 3\)/);
  assert.match(findings[0]?.message ?? '', /line 2, which the page runs later/);
});

test('the correct twin: initialize through the wrapper file first, then set: no finding', async () => {
  const findings = await lint12({
    'index.html': page([src('wrapper.js'), src('course.js')]),
    'wrapper.js': WRAPPER_ONLY,
    'course.js': ['doInit();', "doSet('cmi.core.lesson_location', 'p1');", ''].join('\n'),
  });
  assert.deepEqual(findings, []);
});

/** A player bundle of over 256 kB with functions of its own, after `head` (its first lines). */
function playerBundle(head: string[]): string {
  const lines = [...head];
  for (let i = 0; lines.join('\n').length < 300 * 1024; i++) {
    // Mostly comment, so the parse the test forces stays short on a busy machine.
    lines.push(`function slide${i}(state) { return state; } // ${'slide text '.repeat(30)}`);
  }
  return `${lines.join('\n')}\n`;
}

test('a big player bundle that shares no global name with the SCORM code leaves the finding as it was', async () => {
  const findings = await lint12({
    'index.html': page([src('wrapper.js'), src('player.js'), src('course.js')]),
    'wrapper.js': WRAPPER_ONLY,
    'player.js': playerBundle(['slide0({});']),
    'course.js': ["doSet('cmi.core.lesson_location', 'p1');", 'doInit();', ''].join('\n'),
  });
  assert.deepEqual(
    findings.map((f) => [f.file, f.line, f.severity]),
    [['course.js', 1, 'error']],
  );
});

test("a big player bundle that calls the wrapper file's set while it loads is read: found at its line", async () => {
  for (const set of ['doSet', 'do\\u0053et']) {
    const findings = await lint12({
      'index.html': page([src('wrapper.js'), src('player.js'), src('course.js')]),
      'wrapper.js': WRAPPER_ONLY,
      'player.js': playerBundle(['slide0({});', `${set}('cmi.core.lesson_location', 'p1');`]),
      'course.js': ['doInit();', ''].join('\n'),
    });
    assert.deepEqual(
      findings.map((f) => [f.file, f.line, f.severity]),
      [['player.js', 2, 'error']],
      set,
    );
  }
});

test("a big player bundle that names the wrapper file's functions only as members or strings leaves the finding as it was", async () => {
  const findings = await lint12({
    'index.html': page([src('wrapper.js'), src('player.js'), src('course.js')]),
    'wrapper.js': WRAPPER_ONLY,
    'player.js': playerBundle([
      'var player = { api: {} };',
      "player.queue = function () { player.api.doSet('cmi.core.lesson_location', 'p1'); };",
      'player.names = ["doInit", "doSet"];',
    ]),
    'course.js': ["doSet('cmi.core.lesson_location', 'p1');", 'doInit();', ''].join('\n'),
  });
  assert.deepEqual(
    findings.map((f) => [f.file, f.line, f.severity]),
    [['course.js', 1, 'error']],
  );
});

/** A library of over 16 kB that makes no API call, after `head` (its first lines). */
function library(head: string[]): string {
  const lines = [...head];
  for (let i = 0; lines.join('\n').length < 20 * 1024; i++) {
    lines.push(`function util${i}(v) { return v; } // ${'library text '.repeat(20)}`);
  }
  return `${lines.join('\n')}\n`;
}

test('a library that calls a function of another library that calls the wrapper while the page loads is read', async () => {
  const findings = await lint12({
    'index.html': page([src('wrapper.js'), src('helpers.js'), src('starter.js'), src('course.js')]),
    'wrapper.js': WRAPPER_ONLY,
    // helpers.js calls the wrapper's doSet only inside its own function; starter.js runs that function.
    'helpers.js': library(["function saveLocation() { doSet('cmi.core.lesson_location', 'p1'); }"]),
    'starter.js': library(['util0(1);', 'saveLocation();']),
    'course.js': ['doInit();', ''].join('\n'),
  });
  assert.deepEqual(
    findings.map((f) => [f.file, f.line, f.severity]),
    [['starter.js', 2, 'error']],
  );
});
