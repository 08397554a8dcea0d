import { test } from 'node:test';
import assert from 'node:assert/strict';
import { collectUnit, emptyFacts } from '../../src/lint/api-usage/collect-facts.js';
import { parseUnit } from '../../src/lint/api-usage/parse-unit.js';
import { frameMembers } from '../../src/lint/api-usage/prefilter.js';
import { compilesWithoutFacts } from '../../src/lint/api-usage/syntax-check.js';
import { indexWords } from '../../src/lint/api-usage/word-index.js';

const members = (code: string) => frameMembers(code, indexWords(code));
const unit = (code: string) => ({ code, line: 1, column: 1, module: false, handler: false });

/** The cross-frame accesses a whole parse and walk find. */
function walked(code: string): number {
  const facts = emptyFacts();
  facts.units = [unit(code)];
  const parsed = parseUnit(unit(code));
  assert.ok(parsed.ok, code);
  collectUnit(facts, 0, parsed.program, '1.2');
  return facts.crossFrame.length;
}

test('prose that ends a comment line on "parent" or "top" is no cross-frame access', () => {
  const prose = [
    'function f(node) {\n  // climb up to the parent\n  // instance, then stop\n  return node.parent;\n}\n',
    'var x = 1; // restore the parent.\n// Since we keep no stack, search again.\nx = 2;\n',
    'var y = 2; /* the top */ /* of the page */ y++;\n',
    'var z = 3;\n// the parent\n/* still prose */\nz = 4;\n',
  ];
  for (const code of prose) {
    assert.deepEqual(members(code), [], code);
    assert.equal(walked(code), 0, code);
    // Nothing else ties the file to the rules: V8's compile answers, no syntax tree is built.
    assert.equal(compilesWithoutFacts(unit(code)), true, code);
  }
});

test('an access written across comments is still found, as the walk finds it', () => {
  const accesses = [
    'var t = parent // the frame above\n  .document.title;\n',
    'var l = top /* outermost */ ["document"].title;\n',
    'var d = parent.\n  // the page\n  document;\n',
    'var o = opener /* a */ /* b */ ?.document.title;\n',
    'var q = (parent) // c\n.document;\n',
  ];
  for (const code of accesses) {
    const found = members(code);
    assert.equal(found.length, 1, code);
    assert.equal(walked(code), 1, code);
    assert.equal(compilesWithoutFacts(unit(code)), false, code);
  }
});

test('what the reading cannot settle exactly keeps the candidate', () => {
  const doubtful = [
    'var a = parent //\n<!-- an HTML-like comment\n.document;\n', // scripts read `<!--` as a comment too
    'var b = parent //\n--> x\n',
    'var c = parent /* never closed',
  ];
  for (const code of doubtful) assert.equal(members(code).length, 1, code);
});

test('hostile comments after the frame names are read in linear time', () => {
  const n = 200_000;
  const texts = [
    `"${'parent/*'.repeat(n)}"`,
    `${'parent//'.repeat(n)}`,
    `${'top/**/'.repeat(n)}`,
    `${'opener\n//x\n'.repeat(n)}`,
    `${'parent.//\n'.repeat(n)}*/`,
    `${'top /*'.repeat(n)}*/`,
  ];
  for (const code of texts) members(code); // would not finish if each candidate searched the rest of the text
});
