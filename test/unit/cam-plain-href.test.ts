import { test } from 'node:test';
import assert from 'node:assert/strict';
import { plainHref } from '../../src/lint/cam/plain-href.js';

test('a plain relative href is joined to the manifest folder as it is written', () => {
  assert.deepEqual(plainHref('imsmanifest.xml', [], 'content/h5p-2.1/app.min.js'), {
    resolution: {
      kind: 'local',
      path: 'content/h5p-2.1/app.min.js',
      rawPath: 'content/h5p-2.1/app.min.js',
      backslash: false,
      folder: false,
    },
    baseWithoutSlash: null,
  });
  assert.equal(plainHref('pkg/imsmanifest.xml', [], '...')?.resolution.kind, 'local');
});

test('any href that needs trimming, decoding, normalising or cutting is left to the general resolution', () => {
  for (const href of [
    './a.js',
    'a/../b.js',
    'a//b.js',
    '../a.js',
    'a/',
    '/a.js',
    ' a.js',
    'a%20b.js',
    'a.js?x=1',
    'a.js#t',
    'a\\b.js',
    'http://x/a.js',
    'c:/a.js',
    '',
    '..',
    'é.js',
  ]) {
    assert.equal(plainHref('imsmanifest.xml', [], href), undefined, href);
  }
  assert.equal(plainHref('imsmanifest.xml', ['content/'], 'a.js'), undefined);
  assert.equal(plainHref('../imsmanifest.xml', [], 'a.js'), undefined);
});
