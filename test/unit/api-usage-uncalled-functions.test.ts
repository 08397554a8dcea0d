/**
 * Issue 24: what a function would send through a wrapper is judged only when code on the SCO's launch
 * chain can call it: by name, as a member of the object it is stored on, as a value passed on or stored,
 * from a string of code, or from an HTML event handler. Otherwise it never reaches the LMS and the run
 * could not confirm a finding (eXeLearning's pipwerks extension: GetExit, SetMode, GetSessionTime).
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Finding } from '../../src/core/findings.js';
import type { LaunchChain } from '../../src/lint/launch-chain/chain.js';
import { lintApiUsage } from '../../src/lint/api-usage/lint-api-usage.js';
import { launchChainOf } from '../helpers/launch-chain.js';

const COURSE = join(process.cwd(), 'test', 'fixtures', 'courses', 'validate-uncalled-extension');
const read = (file: string) => readFileSync(join(COURSE, file), 'utf8');

async function lint(files: Record<string, string>, chains?: LaunchChain[]): Promise<Finding[]> {
  const dir = await mkdtemp(join(tmpdir(), 'api-usage-uncalled-'));
  try {
    for (const [name, text] of Object.entries(files)) await writeFile(join(dir, name), text);
    const input = { packageRoot: dir, scormVersion: '1.2' as const, files: Object.keys(files) };
    return (await lintApiUsage(chains ? { ...input, chains } : input)).findings;
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

/** What the lint predicts about the run (api.runtime_values, an info, only counts what is left to it). */
const api = (findings: Finding[]) =>
  findings
    .filter((f) => f.rule.startsWith('api.') && f.severity !== 'info')
    .map((f) => [f.rule, f.file, f.line]);

const page = (scripts: string[], body = '') =>
  `<!doctype html>\n<html><head>\n${scripts.map((s) => `<script src="${s}"></script>`).join('\n')}\n</head>${body || '<body>'}\n</body></html>\n`;

test('the fixture: the lesson calls SetEntry (an error on each version arm), never GetExit, SetMode or GetSessionTime', async () => {
  const files = Object.fromEntries(
    ['index.html', 'lms.js', 'lms-extension.js', 'lesson.js'].map((f) => [f, read(f)]),
  );
  const expected = [
    ['api.read_only_write', 'lms-extension.js', 47],
    ['api.read_only_write', 'lms-extension.js', 48],
  ];
  const chain = launchChainOf('res1', 'index.html', ['lms.js', 'lms-extension.js', 'lesson.js']);
  assert.deepEqual(api(await lint(files, [chain])), expected);
});

/** An extension function with a mistake on its 1.2 arm, at line 4 of probe.js. */
const PROBE = [
  'lms.Probe = function (v) {',
  '  var ext = lms;',
  '  switch (ext.version) {',
  '    case "1.2": ext.set("cmi.core.entry", v); break;',
  '    case "2004": ext.set("cmi.completion_status", v); break;',
  '  }',
  '};',
  '',
].join('\n');
const FOUND = [['api.read_only_write', 'probe.js', 4]];

async function lintCaller(caller: string, body = ''): Promise<Finding[]> {
  const scripts = ['lms.js', 'probe.js', 'caller.js'];
  return lint(
    { 'index.html': page(scripts, body), 'lms.js': read('lms.js'), 'probe.js': PROBE, 'caller.js': caller },
    [launchChainOf('res1', 'index.html', scripts)],
  );
}

const REACHED: [string, string, string?][] = [
  ['a member call', 'lms.start(); lms.Probe("resume");'],
  ['a computed member call', 'lms.start(); lms["Probe"]("resume");'],
  ['a callback', 'lms.start(); setTimeout(lms.Probe, 0);'],
  ['an exported object', 'var course = { enter: lms.Probe };'],
  ['a page event property', 'window.onunload = lms.Probe;'],
  ['a string of code', 'setTimeout("lms.Probe(\'resume\')", 10);'],
  ['an inline click handler', 'lms.start();', '<body><button onclick="lms.Probe(\'resume\')">Go</button>'],
  ['an unload handler', 'lms.start();', '<body onunload="lms.Probe(\'resume\')">'],
];

for (const [how, caller, body] of REACHED) {
  test(`a function reached through ${how} is judged`, async () => {
    assert.deepEqual(api(await lintCaller(caller, body)), FOUND);
  });
}

const NOT_REACHED: [string, string][] = [
  ['nothing names it', 'lms.start();'],
  ['only a comment names it', 'lms.start(); // lms.Probe("resume") is for later'],
  ['only a log message names it', 'lms.start(); console.log("lms.Probe failed: no API");'],
  ['it is only defined again', 'lms.Probe = function () {};'],
];

for (const [how, caller] of NOT_REACHED) {
  test(`no finding for a function that never runs: ${how}`, async () => {
    assert.deepEqual(api(await lintCaller(caller)), []);
  });
}

test('a call from a file the SCO does not load does not count', async () => {
  const files = {
    'index.html': page(['lms.js', 'probe.js']),
    'lms.js': read('lms.js'),
    'probe.js': PROBE,
    'other.js': 'lms.Probe("resume");',
  };
  assert.deepEqual(api(await lint(files, [launchChainOf('res1', 'index.html', ['lms.js', 'probe.js'])])), []);
});

test('extension and wrapper in one file (as eXeLearning ships pipwerks): judged only once called', async () => {
  const one = `${read('lms.js')}\n${PROBE}`;
  const line = read('lms.js').split('\n').length + 4;
  const scripts = ['scorm.js', 'caller.js'];
  const chain = [launchChainOf('res1', 'index.html', scripts)];
  const files = (caller: string) => ({ 'index.html': page(scripts), 'scorm.js': one, 'caller.js': caller });
  assert.deepEqual(api(await lint(files('lms.start();'), chain)), []);
  assert.deepEqual(api(await lint(files('lms.start(); lms.Probe("resume");'), chain)), [
    ['api.read_only_write', 'scorm.js', line],
  ]);
});

test('a declared function of the course: judged only once something calls it', async () => {
  const code = (tail: string) =>
    `${read('lms.js')}\nlms.start();\nfunction markEntry() {\n  lms.set("cmi.core.entry", "resume");\n}\n${tail}`;
  const line = read('lms.js').split('\n').length + 3;
  assert.deepEqual(api(await lint({ 'a.js': code('') })), []);
  assert.deepEqual(api(await lint({ 'a.js': code('markEntry();\n') })), [
    ['api.read_only_write', 'a.js', line],
  ]);
});
