import { test } from 'node:test';
import assert from 'node:assert/strict';
import { collectUnits, emptyFacts } from '../../src/lint/api-usage/collect-facts.js';
import { ParseMemo } from '../../src/lint/api-usage/parse-memo.js';
import type { SourceUnit } from '../../src/lint/api-usage/source-unit.js';
import { launchChainOf } from '../helpers/launch-chain.js';

const unit = (code: string, line = 1): SourceUnit => ({
  code,
  line,
  column: 1,
  module: false,
  handler: false,
});

/** What the per-file analysis gathers of a file of one unit (analyse-file.ts, without its rules). */
function analysed(memo: ParseMemo, file: string, u: SourceUnit) {
  const facts = emptyFacts();
  facts.units = [u];
  const parsed = memo.parse(file, u);
  collectUnits(facts, [parsed.ok ? parsed.program : undefined], '1.2');
  return facts;
}

test('a launch page script analysed once hands the page rule its flow, the same each time, without its tree', () => {
  const memo = ParseMemo.forLaunchPages([launchChainOf('r1', 'index.html', ['driver.js'])]);
  const code = 'function start() { API.LMSInitialize(""); }\nstart();';
  const facts = analysed(memo, 'driver.js', unit(code));
  memo.settle('driver.js', facts, '1.2');
  const flow = memo.flow('driver.js', unit(code), '1.2');
  assert.equal(memo.flow('driver.js', unit(code), '1.2'), flow);
  assert.deepEqual(
    flow.calls.map((c) => [c.method, c.node.start, c.args.length]),
    [['LMSInitialize', 19, 0]],
  );
  assert.deepEqual(
    flow.invocations.map((i) => (i.kind === 'named' ? [i.name, i.pos] : [])),
    [['start', 44]],
  );
  const declared = flow.declared.get(null)?.get('start');
  assert.ok(declared && !('body' in declared), 'a stand-in, not the syntax node');
  assert.equal(flow.calls[0]?.context, declared);
});

test('a file no launch page loads gets a fresh flow each time', () => {
  const memo = ParseMemo.forLaunchPages([launchChainOf('r1', 'index.html', ['driver.js'])]);
  const fresh = memo.flow('other.js', unit('a();'), '1.2');
  assert.notEqual(memo.flow('other.js', unit('a();'), '1.2'), fresh);
});

test('a unit of a launch page script the analysis did not parse is parsed once for every page that loads it', () => {
  const memo = ParseMemo.forLaunchPages([launchChainOf('r1', 'index.html', ['driver.js'])]);
  memo.settle('driver.js', analysed(memo, 'driver.js', unit('a();')), '1.2');
  const kept = memo.flow('driver.js', unit('a();'), '1.2');
  for (const u of [unit('b();'), unit('a();', 2)]) {
    const first = memo.flow('driver.js', u, '1.2');
    assert.notEqual(first, kept, 'other code or place: its own flow');
    assert.equal(memo.flow('driver.js', u, '1.2'), first);
  }
  const quiet = memo.flow('index.html', unit('function start() {}\nstart();'), '1.2');
  assert.equal(memo.flow('index.html', unit('function start() {}\nstart();'), '1.2'), quiet);
  assert.deepEqual(
    quiet.invocations.map((i) => (i.kind === 'named' ? i.name : '')),
    ['start'],
  );
});

test('a page of several scripts: each kept unit is walked alone, so a global function stays with its script', () => {
  const memo = ParseMemo.forLaunchPages([launchChainOf('r1', 'index.html', [])]);
  const units = [unit('function f() { API.LMSInitialize(""); }'), unit('function f() {}', 2)];
  const facts = emptyFacts();
  facts.units = units;
  collectUnits(
    facts,
    units.map((u) => {
      const parsed = memo.parse('index.html', u);
      return parsed.ok ? parsed.program : undefined;
    }),
    '1.2',
  );
  memo.settle('index.html', facts, '1.2');
  const [first, second] = units.map((u) => memo.flow('index.html', u, '1.2'));
  assert.equal(first?.calls.length, 1);
  assert.equal(second?.calls.length, 0);
  assert.equal(first?.calls[0]?.context, first?.declared.get(null)?.get('f'));
  assert.notEqual(second?.declared.get(null)?.get('f'), first?.declared.get(null)?.get('f'));
});

test('a unit that does not parse gives an empty flow, kept; clear lets everything go', () => {
  const memo = ParseMemo.forLaunchPages([launchChainOf('r1', 'index.html', [])]);
  const broken = unit('if (', 3);
  assert.ok(!memo.parse('index.html', broken).ok);
  const flow = memo.flow('index.html', broken, '1.2');
  assert.deepEqual([flow.calls, flow.invocations, flow.declared.size], [[], [], 0]);
  assert.equal(memo.flow('index.html', broken, '1.2'), flow);
  memo.clear();
  assert.notEqual(memo.flow('index.html', broken, '1.2'), flow);
});
