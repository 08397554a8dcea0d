/**
 * The player mirror's serialiser rules (src/inspector/mirror/page/rules.ts), as pure functions: what is
 * dropped, how text, attributes and CSS are escaped, and how URLs are made absolute.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import {
  absoluteCss,
  absoluteSrcset,
  absoluteUrl,
  dropsElement,
  escapeAttribute,
  escapeText,
  headPrologue,
  keepsAttribute,
  MIRROR_CSP,
  safeStyleText,
} from '../../src/inspector/mirror/page/rules.js';

const attrs =
  (values: Record<string, string>) =>
  (name: string): string | null =>
    values[name] ?? null;

test('scripts, noscript, base, plugins, refresh and fetch-only links are left out', () => {
  for (const tag of ['script', 'noscript', 'base', 'object', 'embed', 'applet', 'template']) {
    assert.equal(dropsElement(tag, attrs({})), true, tag);
  }
  assert.equal(dropsElement('meta', attrs({ 'http-equiv': 'refresh', content: '0;url=x' })), true);
  assert.equal(dropsElement('meta', attrs({ 'http-equiv': 'Content-Security-Policy' })), true);
  assert.equal(dropsElement('meta', attrs({ charset: 'utf-8' })), false);
  assert.equal(dropsElement('link', attrs({ rel: 'stylesheet', href: 'a.css' })), false);
  assert.equal(dropsElement('link', attrs({ rel: 'alternate stylesheet' })), false);
  assert.equal(dropsElement('link', attrs({ rel: 'icon' })), false);
  for (const rel of ['prefetch', 'preload', 'modulepreload', 'manifest', 'dns-prefetch', '']) {
    assert.equal(dropsElement('link', attrs({ rel })), true, rel);
  }
  assert.equal(dropsElement('div', attrs({})), false);
});

test('event handlers, our own attributes, script URLs and self-acting attributes are dropped', () => {
  for (const name of ['onclick', 'ONERROR', 'onload', 'data-st-n', 'data-st-scroll', 'DATA-ST-SRCDOC']) {
    assert.equal(keepsAttribute(name, 'x'), false, name);
  }
  for (const name of ['autofocus', 'autoplay', 'target', 'ping', 'srcdoc', 'nonce']) {
    assert.equal(keepsAttribute(name, ''), false, name);
  }
  for (const value of [
    'javascript:alert(1)',
    ' JaVaScRiPt:x',
    'java\tscript:x',
    '\u0001javascript:x',
    'vbscript:x',
  ]) {
    assert.equal(keepsAttribute('href', value), false, JSON.stringify(value));
  }
  assert.equal(keepsAttribute('href', 'page.html#javascript:'), true);
  assert.equal(keepsAttribute('class', 'btn'), true);
  assert.equal(keepsAttribute('data-state', 'open'), true);
});

test('text, attributes and style text cannot break out of their place', () => {
  assert.equal(escapeText('a < b && c > d\u00a0'), 'a &lt; b &amp;&amp; c &gt; d&nbsp;');
  assert.equal(escapeAttribute('say "hi" & <go>'), 'say &quot;hi&quot; &amp; <go>');
  assert.equal(
    safeStyleText('a{content:"</style><img>"} b{content:"</STYLE"}'),
    'a{content:"\\3c /style\\3e \\3c img\\3e "} b{content:"\\3c /STYLE"}',
  );
});

test('style text has no markup character at all, so it is text in <svg> and <math> too', () => {
  const css = 'p::after{content:"<img src=x onerror=alert(1)> &amp; <meta http-equiv=refresh>"}';
  assert.doesNotMatch(safeStyleText(css), /[<>&]/);
  assert.equal(safeStyleText('a{content:"&"}'), 'a{content:"\\26 "}');
  assert.equal(safeStyleText('a{content:"\\<"}'), 'a{content:"\\3c "}', 'an escaped < keeps one escape');
  assert.equal(safeStyleText('a{content:"\\\\<"}'), 'a{content:"\\\\\\3c "}', 'an escaped backslash stays');
  assert.equal(safeStyleText('a{color:red}'), 'a{color:red}');
});

test('URLs are resolved against the real page, in attributes, srcset and CSS', () => {
  const base = 'http://127.0.0.1:9/tok/c/unit/page.html';
  assert.equal(absoluteUrl('img/a.png', base), 'http://127.0.0.1:9/tok/c/unit/img/a.png');
  assert.equal(absoluteUrl(' ../b.css ', base), 'http://127.0.0.1:9/tok/c/b.css');
  assert.equal(absoluteUrl('#top', base), '#top');
  assert.equal(absoluteUrl('', base), '');
  assert.equal(absoluteUrl('https://cdn.example/x.js', base), 'https://cdn.example/x.js');
  assert.equal(
    absoluteSrcset('a.png 1x, b.png 2x', base),
    'http://127.0.0.1:9/tok/c/unit/a.png 1x, http://127.0.0.1:9/tok/c/unit/b.png 2x',
  );
  assert.equal(
    absoluteCss(
      `x{background:url(bg.png)} y{background:url( 'q.png' )} z{src:url("data:font/woff2;base64,AA")} @import "m.css";`,
      base,
    ),
    'x{background:url("http://127.0.0.1:9/tok/c/unit/bg.png")} y{background:url("http://127.0.0.1:9/tok/c/unit/q.png")} ' +
      'z{src:url("data:font/woff2;base64,AA")} @import "http://127.0.0.1:9/tok/c/unit/m.css";',
  );
});

test("every mirrored document starts with a policy that runs nothing and loads only from the inspector's origin", () => {
  assert.match(MIRROR_CSP, /^default-src 'none';/);
  assert.doesNotMatch(MIRROR_CSP, /script-src/);
  for (const directive of ['style-src', 'img-src', 'font-src', 'media-src']) {
    assert.match(MIRROR_CSP, new RegExp(`${directive} 'self'`));
  }
  assert.ok(
    headPrologue().startsWith(`<meta http-equiv="Content-Security-Policy" content="default-src 'none';`),
  );
});
