import { test } from 'node:test';
import assert from 'node:assert/strict';
import { mayCallOrDeclareAny } from '../../src/lint/api-usage/global-name-uses.js';

const NAMES = ['SetScore', 'doSet', 'loadScript'];

test('members, whole string literals and object keys of a shared name are neither a call nor a declaration', () => {
  for (const code of [
    'this.lastScore = n, this.api.SetScore(n, 100, 0);',
    't?.api?.SetScore(1)',
    'window.doSet(c(t, n), window.x);',
    'e.partial(h.multiEtc, "SetScore"), x = \'doSet\';',
    'var o = { loadScript: function (t, e) {} };',
    'var SetScoreLater = 1; doSetter();',
  ]) {
    assert.equal(mayCallOrDeclareAny(code, NAMES), false, code);
  }
});

test('a bare call, a declaration or anything doubtful counts', () => {
  for (const code of [
    'doSet("cmi.core.lesson_location", "p1");',
    'do\\u0053et("cmi.core.lesson_location", "p1");',
    'doSet\n("a", "b")',
    '(doSet)("a", "b");',
    'doSet?.("a", "b");',
    'function doSet(k, v) {}',
    'var doSet = function () {};',
    'doSet /* a comment */ ("a");',
    'f(...doSet("a"));',
    'x.\n  doSet(1);',
    '// the driver is loaded.\ndoSet("a", "b");',
    'x = 1.\ndoSet("a", "b");',
    'doSet <!-- an old comment\n("a");',
    'f("doSet is " + doSet)',
  ]) {
    assert.equal(mayCallOrDeclareAny(code, NAMES), true, code);
  }
  assert.equal(mayCallOrDeclareAny('doSet("a");', []), false);
});

test('a name is a whole run of identifier characters, ASCII or not', () => {
  // Non-ASCII letters, an astral letter, a joiner or `$` next to the name make a longer name.
  for (const code of ['doSetÉ("a");', 'ÉdoSet("a");', '𝒜doSet("a");', 'doSet\u200d("a");', '$doSet("a");']) {
    assert.equal(mayCallOrDeclareAny(code, NAMES), false, code);
  }
  // A name that is itself non-ASCII, and a name after a character that is not part of one.
  for (const [code, name] of [
    ['naïve("a");', 'naïve'],
    ['𝒜doSet ("a");', '𝒜doSet'],
    ['«doSet("a")»', 'doSet'],
    ['\uD800doSet("a");', 'doSet'],
  ] as const) {
    assert.equal(mayCallOrDeclareAny(code, [name]), true, code);
  }
});
