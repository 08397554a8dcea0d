import { test } from 'node:test';
import assert from 'node:assert/strict';
import { fileIndex, lookupFile, resolveHref, type HrefResolution } from '../../src/lint/cam/href.js';
import { isCmiTimespan, isDecimalIn, isXsDuration, isXsId, isXsBoolean } from '../../src/lint/cam/values.js';

const local = (r: HrefResolution) => {
  assert.equal(r.kind, 'local');
  return r as Extract<HrefResolution, { kind: 'local' }>;
};

test('hrefs resolve under the xml:base chain, without query or fragment, percent-decoded', () => {
  assert.equal(
    local(resolveHref('imsmanifest.xml', ['content/', 'sco1/'], 'index.html?x=1#top').resolution).path,
    'content/sco1/index.html',
  );
  assert.equal(
    local(resolveHref('imsmanifest.xml', [], 'a/./b/../My%20Page.html').resolution).path,
    'a/My Page.html',
  );
  assert.equal(
    local(resolveHref('imsmanifest.xml', [], 'a/./b/../My%20Page.html').resolution).rawPath,
    'a/My%20Page.html',
  );
  assert.equal(
    local(resolveHref('course/imsmanifest.xml', [], '../shared/x.js').resolution).path,
    'shared/x.js',
  );
});

test('a base without a trailing slash is read as a folder and reported', () => {
  const r = resolveHref('imsmanifest.xml', ['content'], 'a.html');
  assert.equal(local(r.resolution).path, 'content/a.html');
  assert.equal(r.baseWithoutSlash, 'content');
});

test('external, absolute, outside, empty and backslash hrefs are told apart', () => {
  assert.deepEqual(resolveHref('imsmanifest.xml', [], 'https://cdn.example.com/a.js').resolution, {
    kind: 'external',
    url: 'https://cdn.example.com/a.js',
  });
  assert.deepEqual(resolveHref('imsmanifest.xml', ['http://cdn.example.com/c/'], 'a.js').resolution, {
    kind: 'external',
    url: 'http://cdn.example.com/c/a.js',
  });
  assert.equal(resolveHref('imsmanifest.xml', [], '//cdn.example.com/a.js').resolution.kind, 'external');
  for (const href of [
    'file:///C:/course/a.html',
    'C:\\course\\a.html',
    '/course/a.html',
    '\\\\server\\share\\a.html',
  ]) {
    assert.equal(resolveHref('imsmanifest.xml', [], href).resolution.kind, 'absolute', href);
  }
  assert.equal(resolveHref('imsmanifest.xml', [], '../a.html').resolution.kind, 'outside');
  assert.equal(resolveHref('imsmanifest.xml', [], 'a/%2e%2e/%2e%2e/b.html').resolution.kind, 'outside');
  assert.equal(local(resolveHref('imsmanifest.xml', [], 'a/%2E%2e/b.html').resolution).path, 'b.html');
  assert.equal(resolveHref('imsmanifest.xml', [], 'x/..%2fb.html').resolution.kind, 'outside');
  assert.equal(resolveHref('imsmanifest.xml', [], '?x=1').resolution.kind, 'empty');
  const back = local(resolveHref('imsmanifest.xml', [], 'content\\a.html').resolution);
  assert.equal(back.path, 'content/a.html');
  assert.equal(back.backslash, true);
});

test('file lookup distinguishes found, letter-case mismatch and missing', () => {
  const index = fileIndex(['Content/Index.html', 'a%20b.html']);
  const find = (href: string) =>
    lookupFile(index, local(resolveHref('imsmanifest.xml', [], href).resolution));
  assert.deepEqual(find('Content/Index.html'), { status: 'found', path: 'Content/Index.html' });
  assert.deepEqual(find('content/index.html'), { status: 'case', actual: 'Content/Index.html' });
  assert.deepEqual(find('a%20b.html'), { status: 'found', path: 'a%20b.html' });
  assert.deepEqual(find('Content/'), { status: 'missing' });
  assert.deepEqual(find('nope.html'), { status: 'missing' });
});

test('lexical checks follow XML Schema and SCORM types', () => {
  assert.ok(isXsId('  SEQ01  ') && isXsId('_a.b-c') && isXsId('élément'));
  assert.ok(!isXsId('1abc') && !isXsId('a b') && !isXsId('a:b') && !isXsId(''));
  assert.ok(isXsBoolean('true') && isXsBoolean('0') && !isXsBoolean('True') && !isXsBoolean('yes'));
  assert.ok(isDecimalIn('0.5', 0, 1) && isDecimalIn('-1', -1, 1) && isDecimalIn('.25', 0, 1));
  assert.ok(!isDecimalIn('1.01', 0, 1) && !isDecimalIn('50%', 0, 100) && !isDecimalIn('1e-1', 0, 1));
  assert.ok(isXsDuration('P5Y6M4DT12H30M58.55S') && isXsDuration('PT30M') && isXsDuration('P1D'));
  assert.ok(!isXsDuration('P') && !isXsDuration('PT') && !isXsDuration('30M') && !isXsDuration('P1DT'));
  assert.ok(
    isCmiTimespan('00:30:00') &&
      isCmiTimespan('0100:00:00.5') &&
      !isCmiTimespan('30:00') &&
      !isCmiTimespan('00:75:00'),
  );
});
