import { test } from 'node:test';
import assert from 'node:assert/strict';
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

test('a launch page script parsed once is handed to the page rule as the same tree', () => {
  const memo = ParseMemo.forLaunchPages([launchChainOf('r1', 'index.html', ['driver.js'])]);
  const code = 'API.LMSInitialize("");';
  const first = memo.parse('driver.js', unit(code));
  const again = memo.reuse('driver.js', unit(code));
  assert.ok(first.ok && again.ok);
  assert.equal(again.program, first.program);
});

test('a file no launch page loads, or a unit with other code or place, is parsed afresh', () => {
  const memo = ParseMemo.forLaunchPages([launchChainOf('r1', 'index.html', ['driver.js'])]);
  const kept = memo.parse('driver.js', unit('a();'));
  const other = memo.parse('other.js', unit('a();'));
  for (const [file, u] of [
    ['other.js', unit('a();')],
    ['driver.js', unit('b();')],
    ['driver.js', unit('a();', 2)],
  ] as const) {
    const fresh = memo.reuse(file, u);
    assert.ok(fresh.ok && kept.ok && other.ok);
    assert.notEqual(fresh.program, kept.program);
    assert.notEqual(fresh.program, other.program);
  }
});

test('a parse error is kept as the same answer, and clear lets the trees go', () => {
  const memo = ParseMemo.forLaunchPages([launchChainOf('r1', 'index.html', [])]);
  const broken = unit('if (', 3);
  const first = memo.parse('index.html', broken);
  assert.deepEqual(memo.reuse('index.html', broken), first);
  assert.ok(!first.ok);
  const good = unit('x = 1;');
  const kept = memo.parse('index.html', good);
  memo.clear();
  const after = memo.reuse('index.html', good);
  assert.ok(kept.ok && after.ok);
  assert.notEqual(after.program, kept.program);
});
