import { test } from 'node:test';
import assert from 'node:assert/strict';
import { mayCallApiShape } from '../../src/lint/api-usage/call-shapes.js';
import {
  collectUnit,
  emptyFacts,
  hasDiscoveryEvidence,
  type FileFacts,
} from '../../src/lint/api-usage/collect-facts.js';
import { frameRegionsProgram } from '../../src/lint/api-usage/frame-regions.js';
import { parseUnit } from '../../src/lint/api-usage/parse-unit.js';
import type { SourceUnit } from '../../src/lint/api-usage/source-unit.js';
import { indexWords } from '../../src/lint/api-usage/word-index.js';
import { minifiedBundle } from '../helpers/minified-bundle.js';

// About 1 MB, as the player bundles of Captivate and Storyline.
const LIBRARY = minifiedBundle(1024 * 1024, false);

/** The library with `inner` deep inside its code, after about nine tenths of it. */
function bundle(inner: string): SourceUnit {
  const cut = LIBRARY.indexOf(';', Math.floor(LIBRARY.length * 0.9)) + 1;
  return {
    code: `${LIBRARY.slice(0, cut)}${inner}${LIBRARY.slice(cut)}`,
    line: 1,
    column: 1,
    module: false,
    handler: false,
  };
}

const mayCall = (code: string): boolean => mayCallApiShape(code, indexWords(code));

function facts(
  unit: SourceUnit,
  program: ReturnType<typeof frameRegionsProgram>,
  into = emptyFacts(),
): FileFacts {
  into.units = [unit];
  if (program) collectUnit(into, 0, program, '2004');
  return into;
}

function fullFacts(unit: SourceUnit): FileFacts {
  const parsed = parseUnit(unit);
  assert.ok(parsed.ok);
  return facts(unit, parsed.program);
}

function summary(f: FileFacts): unknown {
  return {
    calls: f.calls.map((c) => [c.node.start, c.method]),
    crossFrame: f.crossFrame.map((a) => [a.node.start, a.what, a.navigation]),
    mentions: [f.mentions12Api, f.mentions2004Api],
    discovers: hasDiscoveryEvidence(f),
  };
}

test('method names a player uses for its own objects are not API calls', () => {
  for (const code of [
    'player.Initialize(opts);',
    'function Initialize(a){}Initialize(1);',
    'this.Commit();',
    'state.GetValue(key);',
    'x.y?.Terminate(0);',
    'log("LMSInitialize failed");', // text: not followed by a call
  ]) {
    assert.equal(mayCall(code), false, code);
  }
});

test('every text that may be an API call, or hides its shape, counts as one', () => {
  for (const code of [
    'API.LMSSetValue(k,v);', // a SCORM 1.2 name
    'foo.LMSGetValue(k);', // SCORM 1.2 names count on any receiver
    'scormApi.Initialize("");', // a receiver named like the API
    'lms.SetValue("cmi.completion_status","completed");', // a SCORM 2004 element first
    "lms.Initialize('');",
    'getAPI().Initialize("");', // the receiver is a call
    'a[0].Commit("");', // an index
    'a["Initialize"]("");', // a computed name
    'a./* c */Initialize(x);', // a comment after the dot
    'a.\nInitialize(x);', // a line break where a `//` comment may end
    'a.\u2003Initialize(x);', // a space JavaScript skips, not ASCII
    'ü.Initialize(x);', // a receiver name that is not ASCII
  ]) {
    assert.equal(mayCall(code), true, code);
  }
});

test('a 1 MB bundle that names methods of its own and the API as a property is read from its regions alone, with the facts of a whole parse', () => {
  for (const inner of [
    'player.Initialize(o);state.Commit();B.API=2;var t=e.parent;', // API and parent in code
    'player.Initialize(o);var w=window.parent.document;var s="the API";', // API as text, an access
    'var o=["category","parent"];top.location.href="/x";', // the string "parent"
    'var k="cmi.core.score.raw";player.GetValue(k);', // an element name, no API call
  ]) {
    const unit = bundle(inner);
    const regionFacts = emptyFacts();
    const program = frameRegionsProgram(unit, regionFacts);
    assert.ok(program, inner);
    assert.ok(program.body.length <= 1, inner);
    assert.deepEqual(summary(facts(unit, program, regionFacts)), summary(fullFacts(unit)), inner);
  }
});

test('a wrapper deep inside a 1 MB bundle makes the whole bundle parsed, and its call is found where it is written', () => {
  const unit = bundle('function set(k,v){return window.API.LMSSetValue(k,v)}player.Initialize(o);');
  assert.equal(frameRegionsProgram(unit, emptyFacts()), undefined);
  const whole = fullFacts(unit);
  assert.deepEqual(
    whole.calls.map((c) => c.method),
    ['LMSSetValue'],
  );
  assert.equal(whole.calls[0]!.node.start, unit.code.indexOf('window.API.LMSSetValue'));
});
