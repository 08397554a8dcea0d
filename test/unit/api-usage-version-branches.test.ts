/**
 * api.version_mismatch on runtimes that support both SCORM versions: a call on the other version's
 * branch never runs under the package's version, so it is not a mismatch; it is judged as that
 * version's code. Calls the lint cannot place stay reported (a warning when the file has code for the
 * other version), and foreign names outside any version branch stay errors.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Finding } from '../../src/core/findings.js';
import { lintApiUsage } from '../../src/lint/api-usage/lint-api-usage.js';

type Version = '1.2' | '2004';

/** The API search of each version, so no discovery finding disturbs the ones under test. */
const DISCOVERY =
  'function findAPI(w,n){var k=0;while(w[n]==null&&w.parent&&w.parent!=w&&k<500){k++;w=w.parent}return w[n]}\nvar API=findAPI(window,"API"), API_1484_11=findAPI(window,"API_1484_11");\n';

async function findings(version: Version, code: string): Promise<Finding[]> {
  const dir = await mkdtemp(join(tmpdir(), 'api-usage-branches-'));
  try {
    await writeFile(join(dir, 'discovery.js'), DISCOVERY);
    await writeFile(join(dir, 'runtime.js'), code);
    const result = await lintApiUsage({
      packageRoot: dir,
      scormVersion: version,
      files: ['discovery.js', 'runtime.js'],
    });
    return result.findings.filter((f) => f.file === 'runtime.js');
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

const mismatches = async (version: Version, code: string) =>
  (await findings(version, code))
    .filter((f) => f.rule === 'api.version_mismatch')
    .map((f) => [f.line, f.severity]);

test('an if/else whose arms are the two versions’ code (an authoring tool’s runtime): no mismatch', async () => {
  const code = `
function saveTime(channel, t) {
  if (channel === "classic" || channel === "aicc") {
    host().LMSSetValue("cmi.core.session_time", t);
  } else {
    host().LMSSetValue("cmi.session_time", t);
  }
}`;
  assert.deepEqual(await mismatches('1.2', code), []);
  assert.deepEqual(await mismatches('2004', code.replace(/LMSSetValue/g, 'SetValue')), []);
});

test('a condition on a data model name only one version has places the call on that version', async () => {
  const code = `
function saveVariable(name, value) {
  host().LMSSetValue(name, value);
  if (name == "cmi.score.raw") {
    host().LMSSetValue("cmi.score.scaled", value / 100);
  }
}`;
  assert.deepEqual(await mismatches('1.2', code), []);
});

/**
 * Lints `code` in both package versions, its calls going through one dispatcher of that version's
 * method names (`lms.SET` -> LMSSetValue or SetValue), so nothing but the branches tells the versions apart.
 */
async function mismatchesEitherWay(code: string) {
  const as12 = code.replace(/lms\.SET\(/g, 'lms.LMSSetValue(').replace(/lms\.GET\(/g, 'lms.LMSGetValue(');
  const as2004 = code.replace(/lms\.SET\(/g, 'lms.SetValue(').replace(/lms\.GET\(/g, 'lms.GetValue(');
  return { '1.2': await mismatches('1.2', as12), '2004': await mismatches('2004', as2004) };
}

const NONE = { '1.2': [], '2004': [] };

test('a version value compared with "2004" / "1.2", also through indexOf and !==', async () => {
  const code = `
function finish(ok) {
  if (settings.version === "2004") {
    lms.SET("cmi.success_status", ok ? "passed" : "failed");
  } else {
    lms.SET("cmi.core.lesson_status", ok ? "passed" : "failed");
  }
  if (String(getStandard()).indexOf("2004") > -1) lms.SET("cmi.completion_status", "completed");
  if (edition !== "1.2") lms.GET("cmi.learner_name");
  else lms.GET("cmi.core.student_name");
}`;
  assert.deepEqual(await mismatchesEitherWay(code), NONE);
});

test('a version flag or function, and the API object found', async () => {
  const code = `
function record(score) {
  if (this.isScorm2004()) lms.SET("cmi.score.scaled", String(score / 100));
  else lms.SET("cmi.core.score.raw", String(score));
  if (win.API_1484_11) { lms.SET("cmi.exit", "suspend"); }
  else if (win.API) { lms.SET("cmi.core.exit", "suspend"); }
  var s = useScorm12 ? lms.GET("cmi.core.lesson_location") : lms.GET("cmi.location");
  return s;
}`;
  assert.deepEqual(await mismatchesEitherWay(code), NONE);
});

test('a switch on the version, and an early return for the other version', async () => {
  const code = `
function status(done) {
  switch (settings.scormVersion) {
    case "1.2":
      lms.SET("cmi.core.lesson_status", done ? "completed" : "incomplete");
      break;
    case "2004":
      lms.SET("cmi.completion_status", done ? "completed" : "incomplete");
      break;
  }
}
function scaled(score) {
  if (settings.scormVersion != "2004") return;
  lms.SET("cmi.score.scaled", String(score));
}
function location12(place) {
  if (!isScorm12()) return;
  lms.SET("cmi.core.lesson_location", place);
}`;
  assert.deepEqual(await mismatchesEitherWay(code), NONE);
});

test('a call on the other version’s branch is judged as that version’s code', async () => {
  const found = await findings(
    '1.2',
    'if (lms.version === "2004") { lmsApi.SetValue("cmi.score.scaled", "85"); lmsApi.SetValue("cmi.learner_id", "x"); }',
  );
  assert.deepEqual(
    found.map((f) => f.rule),
    ['api.invalid_value', 'api.read_only_write'],
  );
  assert.match(found[0]?.message ?? '', /refuses/);
});

test('true positives stay errors: no version branch, the wrong branch, both versions mixed in one arm', async () => {
  // A SCORM 1.2 quiz that writes 2004 names under an ordinary condition.
  assert.deepEqual(
    await mismatches(
      '1.2',
      'if (score > 80) { API.LMSSetValue("cmi.success_status", "passed"); }\nAPI.LMSSetValue("cmi.interactions.0.learner_response", "a");',
    ),
    [
      [1, 'error'],
      [2, 'error'],
    ],
  );
  // On the 1.2 branch a 2004 name is wrong, and the message says which branch it is on.
  const wrongBranch = (
    await findings('1.2', 'if (lms.version == "1.2") API.LMSSetValue("cmi.score.scaled", "1");')
  ).filter((f) => f.rule === 'api.version_mismatch');
  assert.deepEqual(
    wrongBranch.map((f) => [f.line, f.severity]),
    [[1, 'error']],
  );
  assert.match(wrongBranch[0]?.message ?? '', /on the SCORM 1\.2 branch of the condition at line 1/);
  // Arms that each mix both versions are not the two versions' code.
  assert.deepEqual(
    await mismatches(
      '1.2',
      'if (a) { API.LMSSetValue("cmi.core.exit", ""); API.LMSSetValue("cmi.exit", ""); } else { API.LMSSetValue("cmi.core.lesson_status", "completed"); }',
    ),
    [[1, 'error']],
  );
  // A 2004 method outside any version branch is still reported.
  assert.deepEqual(await mismatches('1.2', 'API.SetValue("cmi.core.lesson_location", "x");'), [[1, 'error']]);
});

test('a foreign name the lint cannot place, in a file with code for the other version, is a warning', async () => {
  const found = (
    await findings(
      '1.2',
      `if (lms.version === "2004") { lmsApi.SetValue("cmi.completion_status", "completed"); }
if (lms.mode > 1) { lmsApi.LMSSetValue("cmi.success_status", "passed"); }
lmsApi.LMSSetValue("cmi.learner_name", "x");`,
    )
  )
    .filter((f) => f.rule === 'api.version_mismatch')
    .sort((a, b) => a.line - b.line);
  assert.deepEqual(
    found.map((f) => [f.line, f.severity]),
    [
      [2, 'warning'],
      [3, 'error'],
    ],
  );
  assert.match(
    found[0]?.message ?? '',
    /inside a condition \(line 2\) that could not be tied to a SCORM version/,
  );
});

test('a wrapper that detects the version at run time and tests it elsewhere (the ADL templates’ shape)', async () => {
  // Reduced from the shape of ADL's SCORM 2004 sequencing templates: one get-value function for both
  // versions, the version decided where the API is searched and tested in other functions.
  const code = `
var api = null, modern = false;
function init() { modern = (findAPI(window, "API_1484_11") != null); api = modern ? window.API_1484_11 : window.API; }
function learnerName() { if (modern) return lms.GET("cmi.learner_name"); else return lms.GET("cmi.core.student_name"); }
function learnerId() { if (!modern) { return lms.GET("cmi.core.student_id"); } return lms.GET("cmi.learner_id"); }
function credit() { if (typeof window.API_1484_11 == "object") return lms.GET("cmi.credit"); return lms.GET("cmi.core.credit"); }
function mode() { if (typeof api.LMSGetValue == "function") { return lms.GET("cmi.core.lesson_mode"); } return lms.GET("cmi.mode"); }
function entry(win) { if (win.API_1484_11) return lms.GET("cmi.entry"); return lms.GET("cmi.core.entry"); }`;
  assert.deepEqual(await mismatchesEitherWay(code), NONE);
});

test('a flag is only a version flag when every value it gets says so', async () => {
  // `found` is also set from something that says nothing of the version: it places no call.
  const code = `
var found = false;
function init() { found = findAPI(window, "API_1484_11"); if (!found) found = lookup(); }
function learnerName() { if (found) return lms.GET("cmi.learner_name"); return lms.GET("cmi.core.student_name"); }`;
  assert.deepEqual((await mismatchesEitherWay(code))['2004'], [[4, 'error']]);
});

test('a course written for the other version keeps its errors under its own API search', async () => {
  // SCORM 1.2 code declared as 2004: `if (w.API)` is its own search, not a branch of a dual runtime.
  const found = await findings(
    '2004',
    'var w = window; while (w.API == null && w.parent != w) w = w.parent;\nif (w.API) { w.API.LMSInitialize(""); w.API.LMSSetValue("cmi.core.lesson_status", "completed"); }',
  );
  assert.deepEqual(
    found.filter((f) => f.rule === 'api.version_mismatch').map((f) => [f.line, f.severity]),
    [
      [2, 'error'],
      [2, 'error'],
      [2, 'error'],
    ],
  );
});
