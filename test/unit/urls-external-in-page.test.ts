import { test } from 'node:test';
import assert from 'node:assert/strict';
import { externalInPage, resolveInPage } from '../../src/lint/launch-chain/urls.js';

test('externalInPage answers as resolveInPage for external URLs, and nothing for the rest', () => {
  const urls = [
    'https://cdn.example.com/a.js',
    ' HTTP://Cdn.Example.com:8080/x?y#z ',
    '//player.example.net/embed',
    'wss://socket.example.org',
    'a.js',
    'media/b%20c.png?v=1',
    '../outside.js',
    '/root.js',
    '#top',
    'javascript:void(0)',
    'data:image/png;base64,AAAA',
    '${base}/x.js',
    '',
  ];
  const bases = [
    undefined,
    '',
    '  ',
    'course/',
    'y/page.html?x',
    'https://cdn.example.com/c/',
    '//h.example/',
  ];
  for (const url of urls) {
    for (const base of bases) {
      const whole = resolveInPage('x/index.html', url, base);
      assert.deepEqual(
        externalInPage('x/index.html', url, base),
        whole.kind === 'external' ? whole : undefined,
        `${JSON.stringify(url)} with base ${JSON.stringify(base)}`,
      );
    }
  }
});
