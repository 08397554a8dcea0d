import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import type { Finding } from '../../src/core/findings.js';
import { lintApiUsage } from '../../src/lint/api-usage/lint-api-usage.js';
import { courseTextOf } from '../helpers/course-text.js';

async function lint12(files: Record<string, string>): Promise<Finding[]> {
  const dir = await mkdtemp(join(tmpdir(), 'api-usage-wrappers-'));
  try {
    for (const [name, text] of Object.entries(files)) {
      await mkdir(dirname(join(dir, name)), { recursive: true });
      await writeFile(join(dir, name), text);
    }
    return (await lintApiUsage({ packageRoot: dir, scormVersion: '1.2', files: Object.keys(files) }))
      .findings;
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

const DISCOVERY =
  'function findAPI(w){var n=0;while(w.API==null&&w.parent&&w.parent!=w&&n<500){n++;w=w.parent}return w.API}\nvar API=findAPI(window)||findAPI(window.opener);\n';

/** The four mistakes of issue 24 point 1, one per line, each written through `call`. */
const MISTAKES = (call: (k: string, v: string) => string) =>
  [
    call("'cmi.interactions.0.learner_response'", "'b'"),
    call("'cmi.success_status'", "'passed'"),
    call("'cmi.core.session_time'", "'PT0M8S'"),
    call("'cmi.interactions.0.result'", "'incorrect'"),
  ].join('\n');

/** A 1.2 course: discovery, the wrapper's definition (`define`, one line), then the mistakes from line 4. */
function course(define: string, call: (k: string, v: string) => string): string {
  return `${DISCOVERY}${define}\nAPI.LMSInitialize("");\n${MISTAKES(call)}\nAPI.LMSFinish("");\n`;
}

const summary = (findings: Finding[]) =>
  findings.map((f) => ({ rule: f.rule, line: f.line, severity: f.severity, fix: f.fix }));

const literal = course('', (k, v) => `API.LMSSetValue(${k}, ${v});`);

test('the literal course of point 1 gets four findings, one per mistake', async () => {
  const findings = await lint12({ 'course.js': literal });
  assert.deepEqual(
    findings.map((f) => [f.rule, f.line]),
    [
      ['api.version_mismatch', 5],
      ['api.version_mismatch', 6],
      ['api.invalid_value', 7],
      ['api.invalid_value', 8],
    ],
  );
});

const WRAPPERS: [string, string, (k: string, v: string) => string][] = [
  ['a function', 'function set(k, v) { return API.LMSSetValue(k, v); }', (k, v) => `set(${k}, ${v});`],
  ['an arrow function', 'const set = (k, v) => API.LMSSetValue(k, v);', (k, v) => `set(${k}, ${v});`],
  [
    'a method of an object literal',
    'var scorm = { set: function (k, v) { return API.LMSSetValue(k, v); } };',
    (k, v) => `scorm.set(${k}, ${v});`,
  ],
  [
    'a method assigned to an object, called through an alias',
    'var lms = {}; lms.data = {}; lms.data.set = function (k, v) { return API.LMSSetValue(k, v); }; lms.set = lms.data.set; var S = lms;',
    (k, v) => `S.set(${k}, ${v});`,
  ],
  [
    'two levels (ADL APIWrapper style)',
    'function doLMSSetValue(name, value) { var r = API.LMSSetValue(name, value); return r; } function save(k, v) { doLMSSetValue(k, v); }',
    (k, v) => `save(${k}, ${v});`,
  ],
  [
    'a method of a class, called on an instance',
    'class Lms { set(k, v) { return API.LMSSetValue(k, v); } } var lms = new Lms();',
    (k, v) => `lms.set(${k}, ${v});`,
  ],
  [
    'a prototype method of a compiled class (an IIFE returning the constructor)',
    'var Lms = (function () { function L() {} L.prototype.set = function (k, v) { return API.LMSSetValue(k, v); }; return L; })(); var lms = new Lms();',
    (k, v) => `lms.set(${k}, ${v});`,
  ],
  [
    "an ES module's namespace object built by a bundler's export helper (getters, any helper name)",
    'var def = (o, m) => { for (var k in m) Object.defineProperty(o, k, { get: m[k] }); }; var store = { set: function (k, v) { return API.LMSSetValue(k, v); } }; var ns = {}; def(ns, { store: () => store });',
    (k, v) => `ns.store.set(${k}, ${v});`,
  ],
  [
    "a minified bundle's CommonJS module, read as its default export",
    'var c = (f, m) => () => (m || f((m = { exports: {} }).exports, m), m.exports); var i = (m) => ({ default: m }); var r = c((e, t) => { t.exports = { set: function (k, v) { return API.LMSSetValue(k, v); } }; }); var s = i(r());',
    (k, v) => `s.default.set(${k}, ${v});`,
  ],
  [
    "a wrapper that prefixes 'cmi.'",
    "function set(k, v) { API.LMSSetValue('cmi.' + k, v); }",
    (k, v) => `set(${k.replace("'cmi.", "'")}, ${v});`,
  ],
];

for (const [what, define, call] of WRAPPERS) {
  test(`through ${what}: the same findings as the literal calls, at the wrapper call, naming the wrapper`, async () => {
    const expected = summary(await lint12({ 'course.js': literal }));
    const findings = await lint12({ 'course.js': course(define, call) });
    assert.deepEqual(summary(findings), expected);
    const name = /^\s*([\w.]+)\(/.exec(call("'x'", "'y'"))?.[1] as string;
    for (const f of findings) {
      assert.match(f.message, /through the wrapper `course_text\.quoted\[\d+\]`/);
      assert.ok(courseTextOf(f, 'quoted').split('\n').includes(`${name}()`), courseTextOf(f, 'quoted'));
    }
  });
}

test('constants, concatenation with constants and maps of element names are followed into a wrapper', async () => {
  const findings = await lint12({
    'course.js': [
      DISCOVERY.trimEnd(),
      'function set(k, v) { API.LMSSetValue(k, v); }',
      "var K = 'cmi.success_status'; var P = 'cmi.'; var F = { time: 'cmi.core.session_time', raw: 'cmi.core.score.raw' };",
      'set(K, "passed");',
      "set(P + 'core.score.raw', '85');",
      "set(F.time, 'PT0M8S');",
      "set(F.raw, '90');",
      'API.LMSFinish("");',
    ].join('\n'),
  });
  assert.deepEqual(
    findings.map((f) => [f.rule, f.line]),
    [
      ['api.version_mismatch', 5],
      ['api.invalid_value', 7],
    ],
  );
});

test('values passed through a wrapper are checked like literal ones: a 1.2 suspend_data too long, a score out of range', async () => {
  const lines = (set: string) =>
    [
      DISCOVERY.trimEnd(),
      'function set(k, v) { API.LMSSetValue(k, v); }',
      `var DATA = '${'x'.repeat(6000)}';`,
      `${set}("cmi.suspend_data", DATA);`,
      `${set}("cmi.core.score.raw", 185);`,
      'API.LMSFinish("");',
    ].join('\n');
  const findings = await lint12({ 'course.js': lines('set') });
  assert.deepEqual(
    findings.map((f) => [f.rule, f.line]),
    [
      ['api.invalid_value', 5],
      ['api.invalid_value', 6],
    ],
  );
  assert.deepEqual(summary(findings), summary(await lint12({ 'course.js': lines('API.LMSSetValue') })));
});

test('a correct course through a wrapper, and calls that only look like one, get no finding', async () => {
  const findings = await lint12({
    'course.js': [
      DISCOVERY.trimEnd(),
      'function set(k, v) { return API.LMSSetValue(k, v); }',
      'API.LMSInitialize("");',
      'set("cmi.core.lesson_status", "passed");',
      'set("cmi.core.session_time", "0000:00:08.00");',
      'set("cmi.interactions.0.result", "wrong");',
      'var cache = new Map(); cache.set("cmi.success_status", "x");',
      'var other = { set: function (a, b) { return a + b; } }; other.set("cmi.success_status", 1);',
      'API.LMSFinish("");',
    ].join('\n'),
  });
  assert.deepEqual(findings, []);
});

/** pipwerks' SCORM API wrapper as published on npm (devDependency pipwerks-scorm-api-wrapper), read at test time. */
const PIPWERKS = readFileSync(
  join(process.cwd(), 'node_modules', 'pipwerks-scorm-api-wrapper', 'index.js'),
  'utf8',
);

/** A 1.2 page: the real pipwerks wrapper in one script, the course's own calls in the next (from line 3). */
function pipwerksPage(calls: string[]): string {
  const lines = PIPWERKS.split('\n').length;
  assert.ok(lines > 100);
  return `<script>${PIPWERKS}</script>\n<script>\nvar scorm = pipwerks.SCORM;\nscorm.init();\n${calls.join('\n')}\nscorm.quit();\n</script>\n`;
}

test("pipwerks' real wrapper: a correct course gets no finding, each mistake of point 1 is caught at its line", async () => {
  const first = PIPWERKS.split('\n').length + 4; // the line of the first course call
  const correct = await lint12({
    'index.html': pipwerksPage([
      "scorm.set('cmi.core.lesson_status', 'passed');",
      "pipwerks.SCORM.data.set('cmi.core.session_time', '0000:00:08.00');",
      "scorm.set('cmi.interactions.0.result', 'wrong');",
      "scorm.get('cmi.core.student_name');",
    ]),
  });
  assert.deepEqual(
    correct.filter((f) => f.line >= first - 2),
    [],
  );
  const wrong = await lint12({
    'index.html': pipwerksPage([
      "scorm.set('cmi.interactions.0.learner_response', 'b');",
      "pipwerks.SCORM.set('cmi.success_status', 'passed');",
      "pipwerks.SCORM.data.set('cmi.core.session_time', 'PT0M8S');",
      "scorm.set('cmi.interactions.0.result', 'incorrect');",
    ]),
  });
  assert.deepEqual(
    wrong.filter((f) => f.line >= first - 2).map((f) => [f.rule, f.line - first]),
    [
      ['api.version_mismatch', 0],
      ['api.version_mismatch', 1],
      ['api.invalid_value', 2],
      ['api.invalid_value', 3],
    ],
  );
  // The library itself raises nothing new through its wrappers.
  assert.deepEqual(
    wrong.filter((f) => f.line < first - 2).map((f) => f.rule),
    correct.filter((f) => f.line < first - 2).map((f) => f.rule),
  );
});
