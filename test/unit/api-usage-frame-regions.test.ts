import { test } from 'node:test';
import assert from 'node:assert/strict';
import { collectUnit, emptyFacts, type FileFacts } from '../../src/lint/api-usage/collect-facts.js';
import { frameRegionPlan, frameRegionsProgram } from '../../src/lint/api-usage/frame-regions.js';
import { parseUnit } from '../../src/lint/api-usage/parse-unit.js';
import type { SourceUnit } from '../../src/lint/api-usage/source-unit.js';
import { minifiedBundle } from '../helpers/minified-bundle.js';

const LIBRARY = minifiedBundle(300 * 1024, false);

/** A library bundle with `inner` in the middle of its code, as a webpack bundle holds its modules. */
function bundle(inner: string): SourceUnit {
  const half = LIBRARY.length >> 1;
  const cut = LIBRARY.indexOf(';', half) + 1;
  return {
    code: `${LIBRARY.slice(0, cut)}${inner}${LIBRARY.slice(cut)}`,
    line: 1,
    column: 1,
    module: false,
    handler: false,
  };
}

function crossFrame(facts: FileFacts): unknown {
  return {
    accesses: facts.crossFrame.map((a) => [a.node.start, a.node.end, a.what, a.navigation]),
    parents: facts.parentOrOpenerInCrossFrame,
    calls: facts.calls.length,
  };
}

function fullParse(unit: SourceUnit): FileFacts {
  const facts = emptyFacts();
  facts.units = [unit];
  const parsed = parseUnit(unit);
  assert.ok(parsed.ok);
  collectUnit(facts, 0, parsed.program, '1.2');
  return facts;
}

test('a bundle whose only tie to the rules is a cross-frame access gets the same accesses from its regions as from a whole parse', () => {
  const cases = [
    'function go(c){return sessionStorage.setItem("next",c),top.location.assign("/learning-path/"+c)}',
    'var w=window.parent.document.title;',
    'if(x){window.top.location.href="/home"}else{parent.parent.document.body.focus()}',
    'var a={top:1};a.top.location=1;', // a property named top: no frame access either way
    'var s="top.location.href=1";var r=/parent.document/;', // text only
    'function h(top){top.location.replace("/x")}',
    // After `)`, a name starts a statement (Lectora's pages).
    'if(parent.document!=document)parent.document.title=document.title;',
    'while(f())\ntop.location.reload();for(;;)parent.document.body.focus();',
  ];
  for (const inner of cases) {
    const unit = bundle(inner);
    const regions = emptyFacts();
    regions.units = [unit];
    const program = frameRegionsProgram(unit, regions);
    assert.ok(program, inner);
    assert.ok(program.body.length <= 2, inner); // only the regions, not the library
    collectUnit(regions, 0, program, '1.2');
    assert.deepEqual(crossFrame(regions), crossFrame(fullParse(unit)), inner);
  }
});

test('a bundle that may call the API, or has an access the regions cannot place exactly, is parsed whole', () => {
  const cases = [
    'top.location.href="/x";window.API.LMSGetValue("x");', // an API call
    'top.location.href="/x";var k="API";', // the literal the discovery looks for
    '(top.location).assign("/x");', // the access is the object of a member
    'new top.location.constructor();', // after `new`
    'top/**/.location.href="/x";', // a comment inside the access
    'top.location.href="/x";}', // does not compile
  ];
  for (const inner of cases) {
    const unit = bundle(inner);
    assert.equal(frameRegionsProgram(unit, emptyFacts()), undefined, inner);
  }
});

test('a plan made on another thread gives the regions the unit would make itself, and only for its own text', () => {
  const unit = bundle('var w=window.parent.document.title;var s="top.location.href=1";');
  const plan = frameRegionPlan(unit);
  assert.ok(plan);
  assert.deepEqual(
    plan.accesses.map((a) => [unit.code.slice(a.start, a.start + 6), a.code]),
    [
      ['parent', true],
      ['top.lo', false],
    ],
  );
  const own = emptyFacts();
  const given = emptyFacts();
  const copy = structuredClone(plan); // as it comes from the worker
  assert.deepEqual(frameRegionsProgram(unit, given, copy), frameRegionsProgram(unit, own));
  assert.deepEqual(given, own);
  // null: the pre-check found the unit not eligible; a plan for a text of another length is stale.
  assert.equal(frameRegionsProgram(unit, emptyFacts(), null), undefined);
  assert.equal(
    frameRegionsProgram(bundle('var w=window.parent.document.title; '), emptyFacts(), copy),
    undefined,
  );
});

test('small scripts are left to the whole parse', () => {
  const unit: SourceUnit = {
    code: 'top.location.href="/x";',
    line: 1,
    column: 1,
    module: false,
    handler: false,
  };
  assert.equal(frameRegionsProgram(unit, emptyFacts()), undefined);
});
