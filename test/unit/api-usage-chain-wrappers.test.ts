import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import type { Finding } from '../../src/core/findings.js';
import type { LaunchChain } from '../../src/lint/launch-chain/chain.js';
import { lintApiUsage } from '../../src/lint/api-usage/lint-api-usage.js';
import { courseTextOf } from '../helpers/course-text.js';
import { launchChainOf } from '../helpers/launch-chain.js';

const chain = launchChainOf;

async function lint12(files: Record<string, string>, chains: LaunchChain[]): Promise<Finding[]> {
  const dir = await mkdtemp(join(tmpdir(), 'api-usage-chain-wrappers-'));
  try {
    for (const [name, text] of Object.entries(files)) {
      await mkdir(dirname(join(dir, name)), { recursive: true });
      await writeFile(join(dir, name), text);
    }
    const result = await lintApiUsage({
      packageRoot: dir,
      scormVersion: '1.2',
      files: Object.keys(files),
      chains,
    });
    return result.findings;
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

const at = (findings: Finding[]) => findings.map((f) => [f.rule, f.file, f.line]);

/** pipwerks' SCORM API wrapper as published on npm (devDependency pipwerks-scorm-api-wrapper), read at test time. */
const PIPWERKS = readFileSync(
  join(process.cwd(), 'node_modules', 'pipwerks-scorm-api-wrapper', 'index.js'),
  'utf8',
);

const page = (scripts: string[], inline = '') =>
  `<!doctype html>\n<html><head>\n${scripts.map((s) => `<script src="${s}"></script>`).join('\n')}\n</head><body>\n<script>\n${inline}\n</script>\n</body></html>\n`;

/** The course's own file: its calls start at line 3. */
const coursePipwerks = (calls: string[]) =>
  ['var scorm = pipwerks.SCORM;', 'scorm.init();', ...calls, 'scorm.quit();', ''].join('\n');

test("pipwerks' real wrapper in its own file: a correct course in another file gets no finding", async () => {
  const findings = await lint12(
    {
      'index.html': page(['scorm.js', 'course.js']),
      'scorm.js': PIPWERKS,
      'course.js': coursePipwerks([
        "scorm.set('cmi.core.lesson_status', 'passed');",
        "pipwerks.SCORM.data.set('cmi.core.session_time', '0000:00:08.00');",
        "scorm.set('cmi.interactions.0.result', 'wrong');",
        "scorm.get('cmi.core.student_name');",
      ]),
    },
    [chain('sco1', 'index.html', ['scorm.js', 'course.js'])],
  );
  assert.deepEqual(at(findings.filter((f) => f.file === 'course.js')), []);
});

test("pipwerks' real wrapper in its own file: each mistake of point 1 is caught at its line in the calling file, naming the wrapper, its file and the SCO", async () => {
  const files = {
    'index.html': page(['scorm.js', 'course.js']),
    'scorm.js': PIPWERKS,
    'course.js': coursePipwerks([
      "scorm.set('cmi.interactions.0.learner_response', 'b');",
      "pipwerks.SCORM.set('cmi.success_status', 'passed');",
      "pipwerks.SCORM.data.set('cmi.core.session_time', 'PT0M8S');",
      "scorm.set('cmi.interactions.0.result', 'incorrect');",
    ]),
  };
  const findings = await lint12(files, [chain('sco1', 'index.html', ['scorm.js', 'course.js'])]);
  const own = findings.filter((f) => f.file === 'course.js');
  assert.deepEqual(at(own), [
    ['api.version_mismatch', 'course.js', 3],
    ['api.version_mismatch', 'course.js', 4],
    ['api.invalid_value', 'course.js', 5],
    ['api.invalid_value', 'course.js', 6],
  ]);
  for (const f of own) {
    assert.match(
      f.message,
      /through the wrapper `course_text\.quoted\[\d+\]` of `course_text\.quoted\[\d+\]`/,
    );
    assert.ok(
      courseTextOf(f, 'quoted')
        .split('\n')
        .some((q) => /^(scorm|pipwerks\.SCORM|pipwerks\.SCORM\.data)\.set\(\)$/.test(q)),
    );
    assert.ok(courseTextOf(f, 'quoted').includes('scorm.js'));
    assert.ok(courseTextOf(f, 'quoted').includes('sco1'));
    assert.deepEqual(f.details?.scos, ['sco1']);
    assert.equal(f.details?.sco, 'sco1');
  }
});

/** ADL's classic APIWrapper.js shape (doLMSSetValue & co), written for this test. */
const API_WRAPPER = [
  'var apiHandle = null;',
  'function findAPI(win) { var n = 0; while (win.API == null && win.parent != null && win.parent != win && n < 500) { n++; win = win.parent; } return win.API; }',
  'function getAPIHandle() { if (apiHandle == null) { apiHandle = findAPI(window); if (apiHandle == null && window.opener != null) apiHandle = findAPI(window.opener); } return apiHandle; }',
  'function doLMSInitialize() { var api = getAPIHandle(); return api == null ? "false" : api.LMSInitialize("").toString(); }',
  'function doLMSFinish() { var api = getAPIHandle(); return api == null ? "false" : api.LMSFinish("").toString(); }',
  'function doLMSGetValue(name) { var api = getAPIHandle(); return api == null ? "" : api.LMSGetValue(name).toString(); }',
  'function doLMSSetValue(name, value) { var api = getAPIHandle(); if (api == null) return; api.LMSSetValue(name, value); }',
  '',
].join('\n');

test('the classic APIWrapper.js shape: calls from an inline script of the launch page are judged at their line, in each SCO that loads the wrapper', async () => {
  const inline = [
    'doLMSInitialize();', // line 6 of the page
    'doLMSSetValue("cmi.success_status", "passed");',
    'doLMSSetValue("cmi.core.lesson_status", "done");',
    'doLMSGetValue("cmi.core.student_name");',
    'doLMSSetValue("cmi.core.lesson_status", "passed");',
    'doLMSFinish();',
  ].join('\n');
  const findings = await lint12(
    {
      'a/index.html': page(['../APIWrapper.js'], inline),
      'b/index.html': page(['../APIWrapper.js'], inline),
      'APIWrapper.js': API_WRAPPER,
    },
    [chain('sco_a', 'a/index.html', ['APIWrapper.js']), chain('sco_b', 'b/index.html', ['APIWrapper.js'])],
  );
  assert.deepEqual(findings.map((f) => [f.rule, f.file, f.line, f.details?.scos]).sort(), [
    ['api.invalid_value', 'a/index.html', 8, ['sco_a']],
    ['api.invalid_value', 'b/index.html', 8, ['sco_b']],
    ['api.version_mismatch', 'a/index.html', 7, ['sco_a']],
    ['api.version_mismatch', 'b/index.html', 7, ['sco_b']],
  ]);
  for (const f of findings) {
    assert.match(f.message, /through the wrapper `course_text\.quoted\[\d+\]` of /);
    assert.ok(courseTextOf(f, 'quoted').split('\n').includes('doLMSSetValue()'));
  }
});

test('a wrapper file no page of the SCO loads is not followed: the same calls through it get no finding', async () => {
  const findings = await lint12(
    {
      'index.html': page(['course.js']),
      'APIWrapper.js': API_WRAPPER,
      'course.js': 'doLMSInitialize();\ndoLMSSetValue("cmi.success_status", "passed");\ndoLMSFinish();\n',
    },
    [chain('sco1', 'index.html', ['course.js'])],
  );
  assert.deepEqual(at(findings.filter((f) => f.file === 'course.js')), []);
});

test('a file two SCOs load gets one finding per location, listing both SCOs; a file no SCO loads says so', async () => {
  const findings = await lint12(
    {
      'one.html': page(['shared.js']),
      'two.html': page(['shared.js']),
      'shared.js':
        API_WRAPPER + 'doLMSInitialize();\nAPI.LMSSetValue("cmi.core.score.raw", "185");\ndoLMSFinish();\n',
      'unused.js': 'API.LMSSetValue("cmi.success_status", "passed");\n',
    },
    [chain('sco_1', 'one.html', ['shared.js']), chain('sco_2', 'two.html', ['shared.js'])],
  );
  const shared = findings.filter((f) => f.file === 'shared.js');
  assert.deepEqual(
    shared.map((f) => [f.rule, f.details?.scos]),
    [['api.invalid_value', ['sco_1', 'sco_2']]],
  );
  assert.match(
    shared[0]?.message ?? '',
    /\(in SCOs `course_text\.quoted\[\d+\]`, `course_text\.quoted\[\d+\]`\)$/,
  );
  const unused = findings.filter((f) => f.file === 'unused.js');
  assert.deepEqual(
    unused.map((f) => [f.rule, f.details?.scos]),
    [['api.version_mismatch', []]],
  );
  assert.match(unused[0]?.message ?? '', /no SCO's launch page was found to load this file/);
});

test('a wrapper that changes its parameter before passing it on (pipwerks-style SetCompletionStatus) is not judged on the value the caller wrote', async () => {
  const wrapper = [
    'function findAPI(w){var n=0;while(w.API==null&&w.parent&&w.parent!=w&&n<500){n++;w=w.parent}return w.API}',
    'var API = findAPI(window);',
    'var lms = {};',
    'lms.setStatus = function (status) { if (status == "unknown") { status = "incomplete"; } API.LMSSetValue("cmi.core.lesson_status", status); };',
    'lms.setRaw = function (raw) { API.LMSSetValue("cmi.core.score.raw", raw); };',
    '',
  ].join('\n');
  const findings = await lint12(
    {
      'index.html': page(['lms.js', 'course.js']),
      'lms.js': wrapper,
      'course.js':
        'API.LMSInitialize("");\nlms.setStatus("unknown");\nlms.setRaw("185");\nAPI.LMSFinish("");\n',
    },
    [chain('sco1', 'index.html', ['lms.js', 'course.js'])],
  );
  assert.deepEqual(at(findings.filter((f) => f.file === 'course.js')), [
    ['api.invalid_value', 'course.js', 3],
  ]);
});

test('one info finding per SCO counts the calls whose names or values are only known at run time, with a few examples', async () => {
  const course = [
    'API.LMSInitialize("");',
    'for (var i = 0; i < answers.length; i++) API.LMSSetValue(keyOf(i), answers[i]);',
    'API.LMSSetValue("cmi.core.score.raw", String(score));',
    'API.LMSGetValue(readFrom);',
    'API.LMSSetValue("cmi.core.lesson_status", "passed");',
    'API.LMSFinish("");',
    '',
  ].join('\n');
  const findings = await lint12({ 'index.html': page(['course.js']), 'course.js': course }, [
    chain('sco1', 'index.html', ['course.js']),
  ]);
  const info = findings.filter((f) => f.rule === 'api.runtime_values');
  assert.deepEqual(
    info.map((f) => [f.file, f.line, f.severity, f.details?.sco, f.details?.calls]),
    [['course.js', 2, 'info', 'sco1', 3]],
  );
  assert.match(info[0]?.message ?? '', /: 3 GetValue\/SetValue calls .* only known at run time/);
  assert.equal(findings.filter((f) => f.rule !== 'api.runtime_values' && f.file === 'course.js').length, 0);
});

test("pipwerks' real wrapper in its own file, SCORM 2004: a score of 85 is judged at the caller's line, and a value built at run time (6,000 characters of suspend data) is counted at the caller's line", async () => {
  const dir = await mkdtemp(join(tmpdir(), 'api-usage-chain-wrappers-2004-'));
  try {
    const files: Record<string, string> = {
      'index.html': page(['scorm.js', 'course.js']),
      'scorm.js': PIPWERKS,
      'course.js': coursePipwerks([
        "scorm.set('cmi.score.scaled', 85);",
        "var state = new Array(6001).join('x');",
        "scorm.set('cmi.suspend_data', state);",
        "scorm.set('cmi.score.scaled', '0.85');",
      ]),
    };
    for (const [name, text] of Object.entries(files)) await writeFile(join(dir, name), text);
    const { findings } = await lintApiUsage({
      packageRoot: dir,
      scormVersion: '2004',
      files: Object.keys(files),
      chains: [chain('sco1', 'index.html', ['scorm.js', 'course.js'])],
    });
    const own = findings.filter((f) => f.file === 'course.js' && f.rule !== 'api.runtime_values');
    assert.deepEqual(at(own), [['api.invalid_value', 'course.js', 3]]);
    const info = findings.filter((f) => f.rule === 'api.runtime_values');
    assert.equal(info.length, 1);
    assert.ok(
      courseTextOf(info[0] as Finding, 'quoted')
        .split('\n')
        .includes('course.js'),
    );
    assert.match(info[0]?.message ?? '', /line 5 \(its value\)/);
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
});
