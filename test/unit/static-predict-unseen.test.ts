/**
 * The launch-chain check never states as certain what it could not see: files above the scan limit,
 * scripts that do not parse, the walk's bounds and URLs built at run time give warnings that say so.
 * It follows ES module imports, document.write markup and <base href>; a CDN script on a page only a
 * link reaches is a warning; jQuery and axios requests are dependencies.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { withCourseText } from '../helpers/course-text.js';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Finding } from '../../src/core/findings.js';
import { MAX_CHAIN_DEPTH } from '../../src/lint/launch-chain/chain.js';
import { scanJs, scanHtml } from '../../src/lint/launch-chain/page-refs.js';
import { scanJsRefs } from '../../src/lint/launch-chain/js-refs.js';
import { resolveInPage } from '../../src/lint/launch-chain/urls.js';
import { MAX_FILE_BYTES } from '../../src/lint/api-usage/read-scan-text.js';
import { validatePackage } from '../../src/validate/validate-package.js';
import { FIXTURES_DIR } from '../helpers/paths.js';
import { tempDir } from '../helpers/temp.js';

const fixture = (name: string) => join(FIXTURES_DIR, 'courses', `static-predict-${name}`);

async function findingsOf(dir: string): Promise<Finding[]> {
  const v = await validatePackage(dir, { level: 'pedantic' });
  await v.cleanup();
  return v.findings.filter((f) => f.rule !== 'cp.schema_location_missing');
}

const discovery = (findings: Finding[]) => findings.filter((f) => f.rule === 'api.discovery_missing');

function only(findings: Finding[], rule: string): Finding {
  const matching = findings.filter((f) => f.rule === rule);
  assert.equal(matching.length, 1, JSON.stringify(findings.map((f) => [f.rule, f.file, f.message])));
  return matching[0] as Finding;
}

const WRAPPER =
  'function findAPI(w){while(!w.API&&w.parent&&w.parent!==w){w=w.parent;}return w.API;}var api=findAPI(window)||(window.opener&&findAPI(window.opener));';

function scoPackage(prefix: string, files: Record<string, string | Buffer>, launch = 'index.html'): string {
  const dir = tempDir(prefix);
  writeFileSync(
    join(dir, 'imsmanifest.xml'),
    `<manifest identifier="m" xmlns="http://www.imsproject.org/xsd/imscp_rootv1p1p2" xmlns:adlcp="http://www.adlnet.org/xsd/adlcp_rootv1p2"><metadata><schema>ADL SCORM</schema><schemaversion>1.2</schemaversion></metadata><organizations default="o"><organization identifier="o"><title>t</title><item identifier="i" identifierref="r"><title>t</title></item></organization></organizations><resources><resource identifier="r" type="webcontent" adlcp:scormtype="sco" href="${launch}">${Object.keys(
      files,
    )
      .map((f) => `<file href="${f}"/>`)
      .join('')}</resource></resources></manifest>`,
  );
  for (const [file, text] of Object.entries(files)) writeFileSync(join(dir, file), text);
  return dir;
}

test('ES module imports, document.write markup and <base href> are followed: no finding', async () => {
  for (const name of ['esm', 'document-write', 'base-href']) {
    const findings = await findingsOf(fixture(name));
    assert.deepEqual(
      findings.filter((f) => f.severity !== 'info').map((f) => [f.rule, f.message]),
      [],
      name,
    );
  }
});

test('a script above the scan limit on the chain: a warning naming it, not a claim that no SCORM code exists', async () => {
  const big = Buffer.alloc(MAX_FILE_BYTES + 1024, 0x20);
  big.write(`${WRAPPER}api.LMSInitialize("");api.LMSFinish("");`, big.length - 200);
  const dir = scoPackage('sp-huge-', { 'index.html': '<script src="bundle.js"></script>', 'bundle.js': big });
  const f = only(await findingsOf(dir), 'api.discovery_missing');
  assert.equal(f.severity, 'warning');
  assert.equal(f.details?.['reason'], 'not_followed');
  assert.match(
    withCourseText(f, f.message),
    /is unknown: bundle\.js \(index\.html <script src>\) is 5 MB, above the 5 MB scan limit, and was not read/,
  );
  assert.doesNotMatch(f.message, /contains SCORM code|never finds/);
  assert.deepEqual(f.details?.['not_followed'], [
    { file: 'bundle.js', why: 'too_large', how: 'index.html <script src>', line: 1, column: 14 },
  ]);
});

test('a launch page above the scan limit: a warning, not "loads no scripts at all"', async () => {
  const page = `<script src="w.js"></script><script>var d="${'A'.repeat(MAX_FILE_BYTES)}";</script>`;
  const dir = scoPackage('sp-hugehtml-', { 'index.html': page, 'w.js': `${WRAPPER}api.LMSInitialize("");` });
  const f = only(await findingsOf(dir), 'api.discovery_missing');
  assert.equal(f.severity, 'warning');
  assert.equal(f.details?.['reason'], 'not_followed');
  assert.match(
    withCourseText(f, f.message),
    /index\.html \(launch page\) is 5 MB, above the 5 MB scan limit, and was not read/,
  );
  assert.doesNotMatch(f.message, /no scripts/);
});

test('a wrapper that does not parse: reason parse_error naming the file and position, at warning severity', async () => {
  const findings = await findingsOf(fixture('parse-error'));
  const f = only(findings, 'api.discovery_missing');
  assert.equal(f.severity, 'warning');
  assert.equal(f.details?.['reason'], 'parse_error');
  assert.match(withCourseText(f, f.message), /does not parse: scorm\.js:9:94\. /);
  assert.doesNotMatch(f.message, /looks for window\.API/);
  assert.deepEqual(f.details?.['parse_errors'], [
    { file: 'scorm.js', line: 9, column: 94, message: 'Unexpected token' },
  ]);
  assert.match(withCourseText(f, f.fix), /api\.parse_error at scorm\.js:9:94/);
  assert.equal(only(findings, 'api.parse_error').file, 'scorm.js');
});

test('API code loaded through a URL built at run time: a warning that says the URL was not followed', async () => {
  const f = only(await findingsOf(fixture('built-url')), 'api.discovery_missing');
  assert.equal(f.severity, 'warning');
  assert.equal(f.details?.['reason'], 'not_followed');
  assert.deepEqual(f.details?.['api_code_in'], ['lib/scorm.js']);
  assert.match(
    withCourseText(f, f.message),
    /js\/loader\.js:2:18 loads a script or page from a URL built at run time \(document\.createElement\('script'\)\)/,
  );
});

test('nested deeper than the walk follows: bound_reached, a warning naming the page not read', async () => {
  const files: Record<string, string> = {};
  const deep = MAX_CHAIN_DEPTH + 2;
  for (let i = 0; i < deep; i++) files[`p${i}.html`] = `<iframe src="p${i + 1}.html"></iframe>`;
  files[`p${deep}.html`] = `<script>${WRAPPER}api.LMSInitialize("");</script>`;
  const f = only(await findingsOf(scoPackage('sp-deep-', files, 'p0.html')), 'api.discovery_missing');
  assert.equal(f.severity, 'warning');
  assert.equal(f.details?.['reason'], 'bound_reached');
  const next = `p${MAX_CHAIN_DEPTH + 1}.html`;
  assert.match(
    withCourseText(f, f.message),
    new RegExp(
      `${next} \\(p${MAX_CHAIN_DEPTH}\\.html <iframe src>\\) lies deeper than the ${MAX_CHAIN_DEPTH} levels`,
    ),
  );
  assert.doesNotMatch(f.message, /never reaches/);
});

test('a SCO whose launch page has no scripts is no_scripts, even when another SCO has API code', async () => {
  const f = only(await findingsOf(fixture('multi-sco')), 'api.discovery_missing');
  assert.equal(f.severity, 'error');
  assert.equal(f.file, 'b/index.html');
  assert.equal(f.details?.['reason'], 'no_scripts');
  assert.match(withCourseText(f, f.fix), /the package has such code in a\/scorm\.js/);
});

test('a CDN script on a page only a link reaches is a warning that does not claim it loads at start', async () => {
  const findings = await findingsOf(fixture('link-cdn'));
  const f = only(findings, 'deps.external_script');
  assert.equal(f.severity, 'warning');
  assert.equal(f.file, 'help.html');
  assert.match(withCourseText(f, f.message), /only through a link \(index\.html <a href>\)/);
  assert.doesNotMatch(f.message, /before it can initialize/);
  assert.equal(f.details?.['loads_at_start'], false);
  assert.deepEqual(discovery(findings), []);
});

test('a page reached by a link and by a frame loads at start', async () => {
  const dir = scoPackage('sp-both-', {
    'index.html': `<script>${WRAPPER}api.LMSInitialize("");</script><a href="p.html">p</a><iframe src="p.html"></iframe>`,
    'p.html': '<script src="https://cdn.example.com/lib.js"></script>',
  });
  const f = only(await findingsOf(dir), 'deps.external_script');
  assert.equal(f.details?.['loads_at_start'], true);
  // Loaded at start, but the SCORM code uses nothing from it: the SCO starts offline.
  assert.equal(f.details?.['needed_by_scorm_code'], false);
  assert.equal(f.severity, 'warning');
});

test('jQuery and axios requests to other origins are dependencies', async () => {
  const deps = (await findingsOf(fixture('xhr-wrappers'))).filter((f) => f.rule === 'deps.external_request');
  assert.deepEqual(
    deps.map((f) => [f.line, f.details?.['how'], f.details?.['url']]),
    [
      [8, '$.getJSON()', 'https://api.example.com/glossary.json'],
      [9, '$.ajax()', 'https://api.example.com/progress'],
      [11, 'axios.get()', 'https://data.example.com/items'],
    ],
  );
});

test('the scanner: module specifiers, written markup, built URLs, <base href>', () => {
  const js = scanJsRefs(
    'import a from "./a.js";import{b as c}from"../b.js";export * from "./c.js";import "./d.js";import e from "lib";' +
      'document.write("<script src=\\"w.js\\"><\\/script>");d.writeln(\'<iframe src="f.html"></iframe>\');' +
      'document.write("<script src=\'" + base + "x.js\'>");location.href = "p" + n + ".html";var x = { from: "y" };',
  );
  assert.deepEqual(
    js.refs.map((r) => [r.kind, r.url, r.how]),
    [
      ['script', './a.js', 'import … from'],
      ['script', '../b.js', 'import … from'],
      ['script', './c.js', 'export … from'],
      ['script', './d.js', 'import'],
      ['script', 'w.js', 'document.write(<script src>)'],
      ['frame', 'f.html', 'document.write(<iframe src>)'],
    ],
  );
  assert.deepEqual(
    js.built.map((b) => b.how),
    ['import … from', 'location ='],
    'a bare specifier needs an import map; a concatenated URL is built',
  );
  assert.deepEqual(scanJs('$.get(url); axios(opts); s.src = x;'), []);
  const page = scanHtml('<base href="course/"><script data-main="js/main" src="require.js"></script>');
  assert.equal(page.base, 'course/');
  assert.deepEqual(
    page.built.map((b) => b.how),
    ['<script data-main> (require.js)'],
  );
  assert.deepEqual(resolveInPage('index.html', 'a.js', 'course/'), { kind: 'local', file: 'course/a.js' });
  assert.deepEqual(resolveInPage('x/index.html', 'a.js', 'y/page.html'), { kind: 'local', file: 'x/y/a.js' });
  assert.deepEqual(resolveInPage('index.html', 'https://h.example/a.js', 'course/'), {
    kind: 'external',
    origin: 'https://h.example',
    scheme: 'https',
  });
  assert.equal(resolveInPage('index.html', 'a.js', 'https://cdn.example.com/c/').kind, 'external');
});
