import { test } from 'node:test';
import assert from 'node:assert/strict';
import { mayHoldName, surelyDeclares } from '../../src/lint/deps/declared-name.js';

const unit = (code: string) => ({ code, line: 1, column: 1, module: false, handler: false });

test('an assignment to obj.name in code, starting an expression, shows the name declared', () => {
  for (const code of [
    '!function(e){var b=1;(e.jQuery=b)}(window);',
    'window.jQuery = window.$ = jQuery;',
    'function f(){}\nwindow.jQuery = 1;',
    'var a = w.jQuery = 2;',
    'if (x) { w.jQuery = 3 }',
  ]) {
    assert.equal(surelyDeclares(unit(code), 'jQuery'), true, code);
  }
});

test('what is not surely such an assignment shows nothing', () => {
  for (const code of [
    'var s = "(e.jQuery=b)";', // in a string
    '/* (e.jQuery=b) */ var x;', // in a comment
    'this.jQuery = 1;', // `this` is no name
    'a.e.jQuery = 1;', // a member of a member
    '[x, e.jQuery = 1] = arr;', // a destructuring default
    'var arr = [1, // (\ne.jQuery = 1];', // the `(` is in a comment
    'e.jQuery == 1;',
    'var x = e.jQuery;',
    'e.jQuery = ;', // does not compile
  ]) {
    assert.equal(surelyDeclares(unit(code), 'jQuery'), false, code);
  }
});

test('a name is looked for as a word, escapes written out', () => {
  assert.equal(mayHoldName('var jQueryUI = 1;', 'jQuery'), false);
  assert.equal(mayHoldName('var x = $jQuery;', 'jQuery'), false);
  assert.equal(mayHoldName('var \\u006AQuery = 1;', 'jQuery'), true);
  assert.equal(mayHoldName('var \\u{6A}Query = 1;', 'jQuery'), true);
  assert.equal(mayHoldName('x($)', '$'), true);
  assert.equal(mayHoldName('x(a$)', '$'), false);
});
