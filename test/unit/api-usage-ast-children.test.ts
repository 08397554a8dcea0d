import { test } from 'node:test';
import assert from 'node:assert/strict';
import { parse, type AnyNode } from 'acorn';
import { pushChildNodes } from '../../src/lint/api-usage/ast-children.js';

/**
 * The walks of the API lint read each node type's child fields from a table learnt from the first node
 * of that type, instead of enumerating every node's fields. These tests pin that the walk visits the
 * same nodes in the same order as enumeration, on code whose nodes of one type differ in shape.
 */

/** The reference walk: every field of every node, as the walks did before the table. */
function enumerated(program: AnyNode): string[] {
  const seen: string[] = [];
  const stack: AnyNode[] = [program];
  while (stack.length > 0) {
    const node = stack.pop() as AnyNode;
    seen.push(`${node.type}@${node.start}`);
    const record = node as unknown as Record<string, unknown>;
    for (const key in record) {
      const value = record[key];
      for (const child of Array.isArray(value) ? value : [value]) {
        if (child && typeof (child as { type?: unknown }).type === 'string') stack.push(child as AnyNode);
      }
    }
  }
  return seen;
}

function tabled(program: AnyNode): string[] {
  const seen: string[] = [];
  const stack: AnyNode[] = [program];
  while (stack.length > 0) {
    const node = stack.pop() as AnyNode;
    seen.push(`${node.type}@${node.start}`);
    pushChildNodes(node, stack);
  }
  return seen;
}

// Literals without and with `regex`/`bigint`, statements without and with `directive`, functions with
// and without an id, classes with and without a superclass, exports of every form, import() with and
// without options, optional chains, patterns converted from expressions.
const SCRIPT = `
1; "use strict"; var re = /a+/g, big = 10n, n = null, s = 's';
function f(a, { b = 1, ...c } = {}, [d, , e] = []) { return a?.b?.[c](d) ?? e; }
var g = function () {}, h = () => 1, k = async function* named() { yield* g(); };
class A extends (B ? C : D) { static #p = 1; static { this.q = 2; } get x() { return this.#p; } m() {} }
var E = class {};
[x, y = 2, ...z] = [1, 2, 3]; ({ u, v: { w } } = obj);
function g2() { "use strict"; return 1; }
label: for (const [i, j] of m) { if (i) continue label; else break; }
for (var key in o) for (;;) { do { switch (key) { case 1: default: } } while (0); }
try { throw new Error(\`t\${1}x\${2}\`); } catch ({ message }) {} finally { tag\`a\${b}\`; }
a = b ? c : d; a += 1; a++; delete a.b; void 0; typeof a; !a; a, b; (a || b) && c;
`;
const MODULE = `
import def, { a as b, c } from 'm'; import * as ns from 'n'; import 'side';
export default function () {} export const q = 1; export { b as bb, c }; export * from 'x';
export * as y from 'y'; export { z } from 'z';
const d = await import('a'); const e = await import('b', { with: { type: 'json' } });
function t() { return new.target; } import.meta.url;
`;

test('the tabled child walk visits the nodes enumeration visits, in the same order', () => {
  for (const [code, sourceType] of [
    [SCRIPT, 'script'],
    [MODULE, 'module'],
    // The same code again: now the table was learnt from the other file's nodes.
    [SCRIPT, 'script'],
  ] as const) {
    const program = parse(code, { ecmaVersion: 'latest', sourceType, allowAwaitOutsideFunction: true });
    assert.deepEqual(tabled(program as AnyNode), enumerated(program as AnyNode));
  }
});

test('a program built of parsed regions (frame-regions.ts) is walked like a parsed one', () => {
  const code = 'var x = 1; top.location.href = next;';
  const expression = (parse(code, { ecmaVersion: 'latest' }).body[1] as { expression: AnyNode }).expression;
  const program = {
    type: 'Program',
    body: [{ type: 'ExpressionStatement', expression, start: expression.start, end: expression.end }],
    sourceType: 'script',
    start: 0,
    end: code.length,
  } as unknown as AnyNode;
  assert.deepEqual(tabled(program), enumerated(program));
});
