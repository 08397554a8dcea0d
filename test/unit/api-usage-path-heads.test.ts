import { test } from 'node:test';
import assert from 'node:assert/strict';
import { mayBeginPathWithAny } from '../../src/lint/api-usage/path-heads.js';

const NAMES = ['find', 'pipwerks', 'doSet'];

test('a name used only as a member or an object key begins no path', () => {
  for (const code of [
    'jQuery.find(sel);',
    'return (n || r).find(e) : this.constructor(n).find(e);',
    'b(e).find("option").each(f);',
    'a[0].find(x);',
    'x = { find: function (e) {} }, y = { a: 1, pipwerks : 2 };',
    'i.find.ID = function (e) {};',
    'this.doSet(1, 2);',
  ]) {
    assert.equal(mayBeginPathWithAny(code, NAMES, true), false, code);
  }
  assert.equal(mayBeginPathWithAny('find(1);', []), false);
});

test('a name that may begin a path, or any doubt, counts', () => {
  for (const code of [
    'find(1);',
    'pipwerks.SCORM.set("cmi.core.lesson_status", "passed");',
    'var scorm = pipwerks.SCORM;',
    'window.doSet("a", "b");',
    'self . doSet("a", "b");',
    '(window).doSet("a", "b");',
    'window["doSet"]("a", "b");',
    "self['find'](1);",
    'x./* a comment */find(1);',
    'x/* a comment */.find(1);',
    'do\\u0053et("a", "b");',
    'var o = { find };',
    'var o = { f: find };',
    'x ? find : y;',
    'f(`${doSet("a", "b")}`);',
  ]) {
    assert.equal(mayBeginPathWithAny(code, NAMES, true), true, code);
  }
});

test('in a script, names that stand only in strings, comments and regular expressions are cleared by V8', () => {
  const text = 'error("Unable to find constructor"); // find it\nvar re = /find/g; s = `find ${1}`;';
  assert.equal(mayBeginPathWithAny(text, NAMES, true), false);
  // The same text in a page (not a script) keeps its doubts.
  assert.equal(mayBeginPathWithAny(text, NAMES, false), true);
  // One of them in code is enough, and so is text that does not compile.
  assert.equal(mayBeginPathWithAny(`${text}\nfind(1);`, NAMES, true), true);
  assert.equal(mayBeginPathWithAny('"find" +', NAMES, true), true);
  // Strings with escapes that spell no name stay as they are for V8.
  assert.equal(mayBeginPathWithAny('msg = "\\u00a0Unable to find it";', NAMES, true), false);
});
