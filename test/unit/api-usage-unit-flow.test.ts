import { test } from 'node:test';
import assert from 'node:assert/strict';
import { collectUnits, emptyFacts, type FileFacts } from '../../src/lint/api-usage/collect-facts.js';
import { findEarlyCall, loadTimeCalls } from '../../src/lint/api-usage/flow.js';
import { parseUnit } from '../../src/lint/api-usage/parse-unit.js';
import type { SourceUnit } from '../../src/lint/api-usage/source-unit.js';
import { collectFlow, pageFacts } from '../../src/lint/api-usage/unit-flow.js';

const unit = (code: string, handler = false): SourceUnit => ({
  code,
  line: 1,
  column: 1,
  module: false,
  handler,
});
const program = (u: SourceUnit) => {
  const parsed = parseUnit(u);
  return parsed.ok ? parsed.program : undefined;
};

/** What flow.ts answers, in offsets and names only. */
function answer(facts: FileFacts) {
  const early = findEarlyCall(facts);
  return {
    sequence: loadTimeCalls(facts).map((c) => [c.unit, c.node.start, c.method]),
    early: early && [early.call.unit, early.call.node.start, early.others, early.origin],
    init: early && (early.laterInitialize ?? early.deferredInitialize)?.node.start,
    globals: [...(facts.declared.get(null)?.keys() ?? [])].sort(),
  };
}

test("a page's facts from its units' flows answer as the facts walked from their trees", () => {
  const pages: string[][] = [
    [
      'function set(k, v) { return API.LMSSetValue(k, v); }\nvar init = function () { API.LMSInitialize(""); };',
      'set("cmi.core.lesson_location", "1");\n(function () { init(); })();',
      'function set(k, v) {}\nset("a", "b");',
    ],
    ['window.onload = function () { API.LMSInitialize(""); };', 'API.LMSCommit("");'],
    ['function go() { API.LMSGetValue("cmi.core.student_id"); go(); }\ngo();', 'if ('],
  ];
  for (const codes of pages) {
    const units = [...codes.map((c) => unit(c)), unit('set("x", "y")', true)];
    const walked = emptyFacts();
    walked.units = units;
    collectUnits(walked, units.map(program), '1.2');
    const flows = units.map((u) => collectFlow(u, program(u), '1.2'));
    assert.deepEqual(answer(pageFacts(units, flows)), answer(walked), codes.join(' | '));
  }
});

test('the same kept flow twice on a page answers as the same tree walked twice', () => {
  const units = [unit('function f() { API.LMSSetValue("a", "b"); }\nf();'), unit('API.LMSInitialize("");')];
  const page = [units[0]!, units[1]!, units[0]!];
  const trees = units.map(program);
  const walked = emptyFacts();
  walked.units = page;
  collectUnits(walked, [trees[0], trees[1], trees[0]], '1.2');
  const flows = units.map((u, i) => collectFlow(u, trees[i], '1.2'));
  assert.deepEqual(answer(pageFacts(page, [flows[0], flows[1], flows[0]])), answer(walked));
});
