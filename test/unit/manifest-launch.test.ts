import assert from 'node:assert/strict';
import { test } from 'node:test';
import { isScormTesterError } from '../../src/core/errors.js';
import {
  applyParameters,
  defaultOrganization,
  findResource,
  leafItems,
  parseManifest,
  resolveFileHref,
  resolveLaunch,
  resolveReference,
  resolveResourceHref,
  resolveWithBases,
  type ScormManifest,
} from '../../src/manifest/index.js';
import { courseTextOf, spelledOut } from '../helpers/course-text.js';

function manifest(body: string, attrs = ''): ScormManifest {
  return parseManifest(
    `<manifest identifier="M" xmlns="http://www.imsglobal.org/xsd/imscp_v1p1" xmlns:adlcp="http://www.adlnet.org/xsd/adlcp_v1p3" ${attrs}>${body}</manifest>`,
  ).manifest;
}

function single(href: string, parameters: string | null): ReturnType<typeof resolveLaunch> {
  const params = parameters === null ? '' : ` parameters="${parameters.replace(/&/g, '&amp;')}"`;
  return resolveLaunch(
    manifest(`<organizations default="O"><organization identifier="O"><item identifier="I" identifierref="R"${params}/></organization></organizations>
<resources><resource identifier="R" type="webcontent" adlcp:scormType="sco" href="${href.replace(/&/g, '&amp;')}"/></resources>`),
  );
}

test('launch URL: href x parameters table (CAM rules)', () => {
  const cases: Array<[string, string | null, string]> = [
    ['a.html', null, 'a.html'],
    ['a.html', '', 'a.html'],
    ['a.html', 'x=1', 'a.html?x=1'],
    ['a.html', '?x=1', 'a.html?x=1'],
    ['a.html', '&x=1', 'a.html?x=1'],
    ['a.html', '?&?x=1&y=2', 'a.html?x=1&y=2'],
    ['a.html?p=0', 'x=1', 'a.html?p=0&x=1'],
    ['a.html?p=0', '?x=1', 'a.html?p=0&x=1'],
    ['a.html?', 'x=1', 'a.html?x=1'],
    ['a.html', '#top', 'a.html#top'],
    ['a.html#keep', '#top', 'a.html#keep'],
    ['a.html?p=0#keep', '#top', 'a.html?p=0#keep'],
    ['a.html#frag', 'x=1', 'a.html?x=1#frag'],
    ['a.html?p=0#frag', '&x=1', 'a.html?p=0&x=1#frag'],
    ['a.html', 'x=1#sec', 'a.html?x=1#sec'],
    ['a.html#frag', 'x=1#sec', 'a.html?x=1#frag'],
    ['dir/my%20page.html', 'x=1', 'dir/my%20page.html?x=1'],
  ];
  for (const [href, params, expected] of cases) {
    assert.equal(single(href, params).launchUrl, expected, `${href} + ${params}`);
  }
  const t = single('dir/my%20page.html?p=0#f', 'x=1');
  assert.deepEqual(
    [t.path, t.query, t.fragment, t.external, t.scormType],
    ['dir/my page.html', 'p=0&x=1', 'f', false, 'sco'],
  );
  const ext = single('https://cdn.example.com/c/index.html?a=1', 'b=2');
  assert.deepEqual(
    [ext.path, ext.launchUrl, ext.external],
    ['https://cdn.example.com/c/index.html', 'https://cdn.example.com/c/index.html?a=1&b=2', true],
  );
  assert.deepEqual(applyParameters('a.html', '  ?x=1 '), { path: 'a.html', query: 'x=1', fragment: null });
});

test('xml:base chains: manifest -> resources -> resource -> href, and files', () => {
  const m = manifest(
    `<organizations/><resources xml:base="res/">
  <resource identifier="A" type="webcontent" href="a.html" xml:base="sco1/"><file href="a.html"/><file href="img/x.png" xml:base="media/"/></resource>
  <resource identifier="B" type="webcontent" href="../shared/b.html"/>
  <resource identifier="C" type="webcontent" href="c.html" xml:base="http://cdn.example.com/pkg/"/>
  <resource identifier="D" type="webcontent" href="/abs.html"/>
  <resource identifier="E" type="webcontent" href="e.html" xml:base="nofinalslash"/>
</resources>
<manifest identifier="SUB" xml:base="sub/"><resources xml:base="r/"><resource identifier="S" type="webcontent" href="s.html"/></resources></manifest>`,
    'xml:base="course/"',
  );
  const href = (id: string): string | null => resolveResourceHref(m, findResource(m, id)!);
  assert.equal(href('A'), 'course/res/sco1/a.html');
  assert.equal(href('B'), 'course/shared/b.html');
  assert.equal(href('C'), 'http://cdn.example.com/pkg/c.html');
  assert.equal(href('D'), '/abs.html');
  assert.equal(href('E'), 'course/res/e.html');
  assert.equal(href('S'), 'course/sub/r/s.html');
  const a = findResource(m, 'A')!;
  assert.deepEqual(
    a.files.map((f) => resolveFileHref(m, a, f)),
    ['course/res/sco1/a.html', 'course/res/sco1/media/img/x.png'],
  );
  assert.equal(findResource(m, 'nope'), null);
});

test('resolveReference keeps escapes above the root visible', () => {
  assert.equal(resolveReference('', '../x.html'), '../x.html');
  assert.equal(resolveReference('a/', '../../x.html'), '../x.html');
  assert.equal(resolveReference('a/b/', './c/../d.html'), 'a/b/d.html');
  assert.equal(resolveReference('a/b.html?q=1', '#f'), 'a/b.html?q=1#f');
  assert.equal(resolveWithBases([null, ' x/ ', undefined, ''], 'y.html'), 'x/y.html');
  assert.equal(resolveReference('http://h/a/b/', '../c.html'), 'http://h/a/c.html');
});

test('default organization, first launchable leaf, explicit item', () => {
  const m = manifest(`<organizations default="O2">
  <organization identifier="O1"><item identifier="x" identifierref="R1"/></organization>
  <organization identifier="O2">
    <item identifier="cluster"><item identifier="noref"/><item identifier="leaf" identifierref="R2" parameters="?a=1"/></item>
  </organization>
</organizations>
<resources xml:base="content/">
  <resource identifier="R1" type="webcontent" adlcp:scormType="asset" href="one.html"/>
  <resource identifier="R2" type="webcontent" adlcp:scormType="sco" href="two.html"/>
</resources>`);
  assert.equal(defaultOrganization(m)?.identifier, 'O2');
  assert.deepEqual(
    leafItems(defaultOrganization(m)!).map((i) => i.identifier),
    ['noref', 'leaf'],
  );
  const first = resolveLaunch(m);
  assert.deepEqual(
    [first.item.identifier, first.resource.identifier, first.launchUrl],
    ['leaf', 'R2', 'content/two.html?a=1'],
  );
  const other = resolveLaunch(m, 'x');
  assert.deepEqual([other.path, other.scormType], ['content/one.html', 'asset']);
});

test('launch failures say what is missing', () => {
  const fails = (m: ScormManifest, itemId: string | undefined, pattern: RegExp): void =>
    assert.throws(
      () => resolveLaunch(m, itemId),
      (err: unknown) =>
        isScormTesterError(err) &&
        err.code === 'MANIFEST_LAUNCH_NOT_FOUND' &&
        pattern.test(spelledOut(err.details ?? {}, err.message)),
    );
  const base = `<organizations default="O"><organization identifier="O">
  <item identifier="c"><item identifier="a" identifierref="R"/><item identifier="b" identifierref="MISSING"/><item identifier="n" identifierref="NOHREF"/></item>
</organization></organizations>
<resources><resource identifier="R" type="webcontent" href="r.html"/><resource identifier="NOHREF" type="webcontent"/></resources>`;
  const m = manifest(base);
  fails(m, 'zzz', /No <item> has the identifier "zzz".*Launchable items: "`course_text\.launchable_items`"/);
  assert.throws(
    () => resolveLaunch(m, 'zzz'),
    (err: unknown) =>
      isScormTesterError(err) && courseTextOf(err.details ?? {}, 'launchable_items') === 'a\nb\nn',
  );
  // The manifest's ids are course text: the sentence names them through course_text.
  fails(m, 'c', /item "c" has no identifierref.*leaf items instead \("`course_text\.leaf_items`"\)/);
  assert.throws(
    () => resolveLaunch(m, 'c'),
    (err: unknown) => isScormTesterError(err) && courseTextOf(err.details ?? {}, 'leaf_items') === 'a\nb\nn',
  );
  fails(m, 'b', /resource "MISSING", which is not declared in <resources>/);
  fails(m, 'n', /resource "NOHREF".*has no href/);
  fails(
    manifest(base.replace('default="O"', 'default="NOPE"')),
    undefined,
    /<organizations default> \("NOPE"\) names no organization \(declared: "`course_text\.organizations`"\)/,
  );
  fails(manifest('<organizations/><resources/>'), undefined, /no <organization>/);
  fails(
    manifest(
      '<organizations><organization identifier="E"><item identifier="i"/></organization></organizations><resources/>',
    ),
    undefined,
    /organization "E" has no leaf <item> with an identifierref/,
  );
  // No default attribute: the first organization is the default.
  assert.equal(resolveLaunch(manifest(base.replace(' default="O"', ''))).item.identifier, 'a');
});
