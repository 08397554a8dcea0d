import { test } from 'node:test';
import assert from 'node:assert/strict';
import {
  parsePrerequisites,
  prerequisiteItems,
  prerequisitesMet,
  type LessonStatus,
  type Prerequisite,
} from '../../src/sequencing/scorm12-prerequisites.js';

function parse(script: string): Prerequisite {
  const p = parsePrerequisites(script);
  if ('error' in p) assert.fail(`${script}: ${p.error}`);
  return p;
}

function met(script: string, statuses: Record<string, LessonStatus>): boolean {
  return prerequisitesMet(parse(script), (id) => statuses[id] ?? 'not attempted');
}

test('an identifier alone is met by passed or completed only', () => {
  for (const [status, expected] of [
    ['passed', true],
    ['completed', true],
    ['failed', false],
    ['incomplete', false],
    ['browsed', false],
    ['not attempted', false],
  ] as const)
    assert.equal(met('a', { a: status }), expected, status);
});

test('& | ~ and parentheses, with & binding tighter than |', () => {
  const s = { a: 'passed', b: 'incomplete', c: 'completed' } as const;
  assert.equal(met('a & b', s), false);
  assert.equal(met('a | b', s), true);
  assert.equal(met('~b', s), true);
  assert.equal(met('~~a', s), true);
  assert.equal(met('b & a | c', s), true, '(b & a) | c');
  assert.equal(met('b & (a | c)', s), false);
  assert.equal(met('a&c', s), true, 'no spaces needed');
});

test('n*{...} sets: at least n members met', () => {
  const s = { a: 'passed', b: 'incomplete', c: 'completed' } as const;
  assert.equal(met('2*{a,b,c}', s), true);
  assert.equal(met('3*{a,b,c}', s), false);
  assert.equal(met('0*{b}', s), true);
  assert.equal(met('1*{b, (a & c)}', s), true, 'members may be expressions');
  assert.equal(met('x & 2*{a,c}', { ...s, x: 'passed' }), true);
});

test('= and <> compare with lesson statuses, quoted or not, full or abbreviated, any case', () => {
  const s = { a: 'failed', b: 'not attempted' } as const;
  assert.equal(met('a = "failed"', s), true);
  assert.equal(met('a=failed', s), true);
  assert.equal(met('a = F', s), true);
  assert.equal(met('a <> passed', s), true);
  assert.equal(met('a <> "f"', s), false);
  assert.equal(met('b = "not attempted"', s), true);
  assert.equal(met('b = not attempted', s), true);
  assert.equal(met('b=N & a=Failed', s), true);
  // "~a" is not the same as a <> passed: ~a is "neither passed nor completed".
  assert.equal(met('~a', { a: 'completed' }), false);
  assert.equal(met('a <> passed', { a: 'completed' }), true);
});

test('syntax errors say what is wrong and where', () => {
  const cases: Array<[string, RegExp]> = [
    ['', /empty/],
    ['a &', /ends where an item identifier was expected/],
    ['(a | b', /expected "\)" at the end/],
    ['a = done', /"done" at character 5 is not a lesson status/],
    ['x*{a}', /a set needs a whole number before "\*"/],
    ['2*{a,b', /expected "}"/],
    ['a b', /unexpected "b" at character 3/],
    ['a = "passed', /quote at character 5 is never closed/],
    ['a > b', /">" at character 3 is not an operator/],
    ['a =', /a lesson status must follow/],
  ];
  for (const [script, message] of cases) {
    const p = parsePrerequisites(script);
    assert.ok('error' in p, `${script} should not parse`);
    assert.match(p.error, message, script);
  }
});

test('prerequisiteItems lists every identifier named', () => {
  assert.deepEqual(prerequisiteItems(parse('a & ~(b | c = passed) & 1*{d, e}')), ['a', 'b', 'c', 'd', 'e']);
});
