import { test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import type { Finding } from '../../src/core/findings.js';
import { lintApiUsage } from '../../src/lint/api-usage/lint-api-usage.js';
import { courseTextOf } from '../helpers/course-text.js';

type Version = '1.2' | '2004';

async function lint(version: Version, files: Record<string, string>, scan = Object.keys(files)) {
  const dir = await mkdtemp(join(tmpdir(), 'api-usage-rules-'));
  try {
    for (const [name, text] of Object.entries(files)) {
      await mkdir(dirname(join(dir, name)), { recursive: true });
      await writeFile(join(dir, name), text);
    }
    return await lintApiUsage({ packageRoot: dir, scormVersion: version, files: scan });
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

/** The standard API search, so tests about other rules are not disturbed by api.discovery_missing. */
const DISCOVERY: Record<Version, string> = {
  '1.2':
    'function findAPI(w){var n=0;while(w.API==null&&w.parent&&w.parent!=w&&n<500){n++;w=w.parent}return w.API}\nvar API=findAPI(window)||findAPI(window.opener);\n',
  '2004':
    'function findAPI(w){var n=0;while(w.API_1484_11==null&&w.parent&&w.parent!=w&&n<500){n++;w=w.parent}return w.API_1484_11}\nvar api=findAPI(window)||findAPI(window.opener);\n',
};

/** Lints one course script (plus the discovery file) and returns the findings of one rule. */
async function rule(version: Version, id: string, code: string): Promise<Finding[]> {
  const result = await lint(version, { 'discovery.js': DISCOVERY[version], 'course.js': code });
  return result.findings.filter((f) => f.rule === id);
}

const SESSION_12 = (body: string) => `API.LMSInitialize("");\n${body}\nAPI.LMSFinish("");\n`;
const SESSION_2004 = (body: string) => `api.Initialize("");\n${body}\napi.Terminate("");\n`;

test('a clean session in each version has no findings', async () => {
  const r12 = await lint('1.2', {
    'discovery.js': DISCOVERY['1.2'],
    'course.js': SESSION_12(
      'API.LMSSetValue("cmi.core.lesson_status", "completed");\nAPI.LMSSetValue("cmi.core.score.raw", 80);\nAPI.LMSCommit("");',
    ),
  });
  assert.deepEqual(r12.findings, []);
  assert.deepEqual(r12.scannedFiles, ['discovery.js', 'course.js']);
  const r2004 = await lint('2004', {
    'discovery.js': DISCOVERY['2004'],
    'course.js': SESSION_2004(
      'api.SetValue("cmi.completion_status", "completed");\napi.SetValue("cmi.score.scaled", "0.8");\napi.GetValue("cmi.location");',
    ),
  });
  assert.deepEqual(r2004.findings, []);
});

test('api.version_mismatch: 1.2 methods in a 2004 package, with location and fix', async () => {
  const found = await rule(
    '2004',
    'api.version_mismatch',
    SESSION_2004('api.LMSSetValue("cmi.location", "x");'),
  );
  assert.equal(found.length, 1);
  const [f] = found;
  assert.equal(f?.severity, 'error');
  assert.equal(f?.category, 'api_usage');
  assert.equal(f?.file, 'course.js');
  assert.equal(f?.line, 2);
  assert.equal(f?.column, 5);
  assert.match(f?.fix ?? '', /API_1484_11\.SetValue/);
});

test('api.version_mismatch: one finding per foreign method and file, with the call count', async () => {
  const found = await rule(
    '2004',
    'api.version_mismatch',
    'api.LMSInitialize("");\napi.LMSSetValue("cmi.location", "1");\napi.LMSSetValue("cmi.location", "2");\napi.LMSFinish("");',
  );
  assert.deepEqual(
    found.map((f) => f.line),
    [1, 2, 4],
  );
  assert.match(found[1]?.message ?? '', /\(2 calls in this file\)/);
});

test('api.version_mismatch: 2004 methods on an API object in a 1.2 package, other receivers ignored', async () => {
  const found = await rule(
    '1.2',
    'api.version_mismatch',
    SESSION_12('API.SetValue("cmi.core.lesson_location", "x");\nwidget.Initialize("");'),
  );
  assert.equal(found.length, 1);
  assert.match(found[0]?.message ?? '', /SetValue belongs to the SCORM 2004 API/);
  assert.match(found[0]?.fix ?? '', /API\.LMSSetValue/);
});

test('api.version_mismatch: elements of the other version, with the counterpart as fix', async () => {
  const in2004 = await rule(
    '2004',
    'api.version_mismatch',
    SESSION_2004('api.SetValue("cmi.core.lesson_status", "completed");'),
  );
  assert.equal(in2004.length, 1);
  assert.match(in2004[0]?.fix ?? '', /cmi\.completion_status/);
  const in12 = await rule(
    '1.2',
    'api.version_mismatch',
    SESSION_12(
      'API.LMSSetValue("cmi.completion_status", "completed");\nAPI.LMSGetValue("cmi.interactions.3.learner_response");',
    ),
  );
  assert.equal(in12.length, 2);
  assert.match(in12[0]?.fix ?? '', /cmi\.core\.lesson_status/);
  assert.match(in12[1]?.fix ?? '', /cmi\.interactions\.3\.student_response/);
});

test('api.version_mismatch: a wrapper supporting both versions is checked per call family', async () => {
  const wrapper = `
var API = findAPI(window, "API"), API_1484_11 = findAPI(window, "API_1484_11");
function set(v, name, value) {
  if (v === "1.2") return API.LMSSetValue(name, value);
  return API_1484_11.SetValue(name, value);
}
function status12() { return API.LMSGetValue("cmi.core.lesson_status"); }
function status2004() { return API_1484_11.GetValue("cmi.completion_status"); }
function wrong() { return API_1484_11.GetValue("cmi.core.lesson_status"); }
`;
  const found = await rule('2004', 'api.version_mismatch', wrapper);
  assert.equal(found.length, 1);
  assert.equal(found[0]?.line, 9);
});

test('api.unknown_element: literal names only, with a suggestion', async () => {
  const found = await rule(
    '2004',
    'api.unknown_element',
    SESSION_2004(
      'api.SetValue("cmi.sucess_status", "passed");\napi.GetValue("cmi.whatever.thing");\nvar k = "cmi.suspend_dat"; api.GetValue(k);\napi.GetValue("cmi.interactions." + i + ".bogus");\napi.GetValue(name);',
    ),
  );
  assert.deepEqual(
    found.map((f) => f.line),
    [2, 3, 4],
  );
  assert.match(found[0]?.fix ?? '', /cmi\.success_status/);
  assert.match(found[2]?.fix ?? '', /cmi\.suspend_data/);
  const in12 = await rule(
    '1.2',
    'api.unknown_element',
    SESSION_12('API.LMSGetValue("cmi.core.lesson_statuss");\nAPI.LMSGetValue("cmi.core._count");'),
  );
  assert.equal(in12.length, 2);
});

test('api.invalid_value: vocabularies, ranges and formats in both versions', async () => {
  const in12 = await rule(
    '1.2',
    'api.invalid_value',
    SESSION_12(
      'API.LMSSetValue("cmi.core.lesson_status", "complete");\nAPI.LMSSetValue("cmi.core.score.raw", "150");\nAPI.LMSSetValue("cmi.core.session_time", "PT5M");\nAPI.LMSSetValue("cmi.core.lesson_status", "passed");',
    ),
  );
  assert.deepEqual(
    in12.map((f) => [f.line, f.column]),
    [
      [2, 43],
      [3, 39],
      [4, 42],
    ],
  );
  assert.match(in12[0]?.fix ?? '', /"completed"/);
  const in2004 = await rule(
    '2004',
    'api.invalid_value',
    SESSION_2004(
      'api.SetValue("cmi.completion_status", "done");\napi.SetValue("cmi.score.scaled", "2");\napi.SetValue("cmi.session_time", "00:05:00");\napi.SetValue("cmi.score.scaled", -0.5);\napi.SetValue("cmi.exit", `suspend`);',
    ),
  );
  assert.deepEqual(
    in2004.map((f) => f.line),
    [2, 3, 4],
  );
  assert.ok(in2004.every((f) => f.severity === 'error'));
});

test('api.invalid_value: interaction responses are checked against the type set in the file', async () => {
  const found = await rule(
    '2004',
    'api.invalid_value',
    SESSION_2004(
      'api.SetValue("cmi.interactions.0.type", "true-false");\napi.SetValue("cmi.interactions.0.learner_response", "yes");\napi.SetValue("cmi.interactions.1.type", "choice");\napi.SetValue("cmi.interactions.1.learner_response", "a[,]b");\napi.SetValue("cmi.interactions.2.learner_response", "anything");',
    ),
  );
  assert.equal(found.length, 1);
  assert.equal(found[0]?.line, 3);
  assert.match(found[0]?.fix ?? '', /"true" or "false"/);
});

test('api.invalid_value: values over an SPM are warnings', async () => {
  const found = await rule(
    '2004',
    'api.invalid_value',
    SESSION_2004(`api.SetValue("cmi.location", "${'x'.repeat(1001)}");`),
  );
  assert.equal(found.length, 1);
  assert.equal(found[0]?.severity, 'warning');
});

test('api.invalid_value: values resolved through single-assignment constants', async () => {
  const found = await rule(
    '1.2',
    'api.invalid_value',
    SESSION_12(
      'var S = "cmi.core.lesson_status", V = "finished";\nAPI.LMSSetValue(S, V);\nvar W = "ok"; W = "failed";\nAPI.LMSSetValue(S, W);',
    ),
  );
  assert.equal(found.length, 1);
  assert.equal(found[0]?.line, 3);
});

test('api.invalid_value: a SCO may not report "not attempted" in SCORM 1.2; parameters shadow constants', async () => {
  const found = await rule(
    '1.2',
    'api.invalid_value',
    SESSION_12(
      'API.LMSSetValue("cmi.core.lesson_status", "not attempted");\nvar V = "bad";\nfunction f(V) { API.LMSSetValue("cmi.core.lesson_status", V); }',
    ),
  );
  assert.equal(found.length, 1);
  assert.match(found[0]!.message, /sets a value the data model refuses \(`course_text.quoted\[1\]`\)/);
  assert.match(courseTextOf(found[0]!, 'quoted'), /^not attempted\n.*only the LMS sets "not attempted"/);
});

test('api.read_only_write and api.write_only_read in both versions', async () => {
  const ro12 = await rule(
    '1.2',
    'api.read_only_write',
    SESSION_12(
      'API.LMSSetValue("cmi.core.student_id", "x");\nAPI.LMSSetValue("cmi.interactions._count", "1");\nAPI.LMSSetValue("cmi.core.exit", "suspend");',
    ),
  );
  assert.deepEqual(
    ro12.map((f) => f.line),
    [2, 3],
  );
  assert.match(ro12[1]?.message ?? '', /keyword _count/);
  const wo12 = await rule(
    '1.2',
    'api.write_only_read',
    SESSION_12(
      'API.LMSGetValue("cmi.core.session_time");\nAPI.LMSGetValue("cmi.interactions.0.id");\nAPI.LMSGetValue("cmi.core.lesson_status");',
    ),
  );
  assert.deepEqual(
    wo12.map((f) => f.line),
    [2, 3],
  );
  const ro2004 = await rule(
    '2004',
    'api.read_only_write',
    SESSION_2004(
      'api.SetValue("cmi.completion_threshold", "0.5");\napi.SetValue("adl.nav.request_valid.continue", "true");\napi.SetValue("cmi.interactions.0.id", "q1");',
    ),
  );
  assert.deepEqual(
    ro2004.map((f) => f.line),
    [2, 3],
  );
  const wo2004 = await rule(
    '2004',
    'api.write_only_read',
    SESSION_2004(
      'api.GetValue("cmi.exit");\napi.GetValue("cmi.session_time");\napi.GetValue("cmi.interactions.0.id");',
    ),
  );
  assert.deepEqual(
    wo2004.map((f) => f.line),
    [2, 3],
  );
});

test('api.read_only_write: names built from an index are still checked', async () => {
  const found = await rule(
    '1.2',
    'api.write_only_read',
    SESSION_12('for (var i = 0; i < 2; i++) API.LMSGetValue("cmi.interactions." + i + ".result");'),
  );
  assert.equal(found.length, 1);
  assert.match(found[0]?.message ?? '', /cmi\.interactions\.n\.result/);
});

test('api.no_terminate: one finding at the first Initialize; none when Terminate exists anywhere', async () => {
  const missing = await lint('2004', {
    'discovery.js': DISCOVERY['2004'],
    'a.js': 'function x(){}',
    'b.js': '\n\napi.Initialize("");',
    'c.js': 'api.Initialize("");',
  });
  const found = missing.findings.filter((f) => f.rule === 'api.no_terminate');
  assert.equal(found.length, 1);
  assert.equal(found[0]?.file, 'b.js');
  assert.equal(found[0]?.line, 3);
  const present = await lint('1.2', {
    'discovery.js': DISCOVERY['1.2'],
    'a.js': 'API.LMSInitialize("");',
    'b.js': 'window.addEventListener("pagehide", function () { API.LMSFinish(""); });',
  });
  assert.equal(present.findings.filter((f) => f.rule === 'api.no_terminate').length, 0);
  assert.equal((await rule('1.2', 'api.no_terminate', 'var x = 1;')).length, 0);
});

test('api.discovery_missing: warned per calling file unless some file walks parent/opener', async () => {
  const without = await lint('2004', {
    'a.js': 'window.API_1484_11.Initialize(""); window.API_1484_11.Terminate("");',
    'b.js': 'var x = parent.document.title;\nwindow.API_1484_11.Commit("");',
    'c.js': 'var y = 1;',
  });
  const found = without.findings.filter((f) => f.rule === 'api.discovery_missing');
  assert.deepEqual(
    found.map((f) => [f.file, f.line, f.severity]),
    [
      ['a.js', 1, 'warning'],
      ['b.js', 2, 'warning'],
    ],
  );
  const opener = await lint('1.2', {
    'a.js': 'var API = window.opener && window.opener.API;\nAPI.LMSInitialize(""); API.LMSFinish("");',
  });
  assert.equal(opener.findings.filter((f) => f.rule === 'api.discovery_missing').length, 0);
});

test('api.cross_frame_dom: DOM access and navigation of parent/top frames', async () => {
  const found = await rule(
    '1.2',
    'api.cross_frame_dom',
    [
      'var t = parent.document.title;',
      'top.document.body.innerHTML = "";',
      'window.top.location = "x.html";',
      'top.location.href = "x.html";',
      'window.parent.parent.document.forms;',
      'top.location.replace("y.html");',
      'var node = el.parent.document;',
      'var w = window.parent; w.API;',
      'var here = window.location.href;',
    ].join('\n'),
  );
  assert.deepEqual(
    found.map((f) => f.line),
    [1, 2, 3, 4, 5, 6],
  );
  assert.ok(found.every((f) => f.severity === 'warning'));
  assert.match(found[2]?.message ?? '', /navigates the LMS window/);
  assert.match(found[0]!.message, /^The code `course_text.quoted\[0\]` reaches into the LMS frame's DOM/);
  assert.match(courseTextOf(found[0]!, 'quoted'), /^parent\.document/);
});

test('api.call_before_initialize: error when Initialize runs later in the same flow', async () => {
  const found = await rule(
    '2004',
    'api.call_before_initialize',
    'api.GetLastError();\napi.SetValue("cmi.location", "1");\napi.GetValue("cmi.entry");\napi.Initialize("");\napi.Terminate("");',
  );
  assert.equal(found.length, 1);
  assert.equal(found[0]?.severity, 'error');
  assert.equal(found[0]?.line, 2);
  assert.match(found[0]?.message ?? '', /before Initialize \(line 4\) \(and 1 more call\)/);
});

test('api.call_before_initialize: follows IIFEs and functions the top level calls by name', async () => {
  const iife = await rule(
    '1.2',
    'api.call_before_initialize',
    '(function(){\n  API.LMSGetValue("cmi.core.entry");\n  start();\n})();\nfunction start(){ API.LMSInitialize(""); }\nAPI.LMSFinish("");',
  );
  assert.deepEqual(
    iife.map((f) => [f.line, f.severity]),
    [[2, 'error']],
  );
  const ok = await rule(
    '1.2',
    'api.call_before_initialize',
    'function start(){ API.LMSInitialize(""); }\nstart();\nAPI.LMSSetValue("cmi.core.lesson_location", "1");\nAPI.LMSFinish("");',
  );
  assert.equal(ok.length, 0);
});

test('api.call_before_initialize: no false positives for calls deferred to handlers or callbacks', async () => {
  const found = await rule(
    '2004',
    'api.call_before_initialize',
    [
      'function save() { api.SetValue("cmi.location", "2"); api.Commit(""); }',
      'window.addEventListener("load", function () { api.Initialize(""); save(); });',
      'document.getElementById("b").onclick = function () { api.SetValue("cmi.exit", "suspend"); api.Terminate(""); };',
      'setTimeout(() => api.GetValue("cmi.location"), 0);',
    ].join('\n'),
  );
  assert.equal(found.length, 0);
});

test('api.call_before_initialize: warning when Initialize only runs later from a handler', async () => {
  const found = await rule(
    '2004',
    'api.call_before_initialize',
    'window.onload = function () { api.Initialize(""); };\napi.SetValue("cmi.location", "1");\napi.Terminate("");',
  );
  assert.deepEqual(
    found.map((f) => [f.line, f.severity]),
    [[2, 'warning']],
  );
});

test('api.call_before_initialize: silent when Initialize is in another file', async () => {
  const result = await lint('2004', {
    'discovery.js': DISCOVERY['2004'] + 'api.Initialize("");',
    'page.js': 'api.SetValue("cmi.location", "1");\napi.Terminate("");',
  });
  assert.equal(result.findings.filter((f) => f.rule === 'api.call_before_initialize').length, 0);
});

test('2004 calls on receivers not named like an API count only with SCORM-shaped arguments', async () => {
  const found = await rule(
    '2004',
    'api.invalid_value',
    'lms.Initialize("");\nlms.SetValue("cmi.completion_status", "done");\nmap.SetValue("colour", "red");\nlms.Terminate("");',
  );
  assert.equal(found.length, 1);
  const result = await lint('2004', {
    'discovery.js': DISCOVERY['2004'],
    'x.js': 'grid.Initialize();\ngrid.Commit(true);',
  });
  assert.deepEqual(result.findings, []);
});
