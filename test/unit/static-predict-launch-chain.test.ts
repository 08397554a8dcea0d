/**
 * Launch-chain API discovery (api.discovery_missing per SCO) and external dependencies (deps.*), over
 * fixtures we wrote for each pattern, plus the bounds and the reference scanner on hostile input.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { withCourseText } from '../helpers/course-text.js';
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Finding } from '../../src/core/findings.js';
import { MAX_CHAIN_DEPTH, MAX_CHAIN_FILES, walkLaunchChain } from '../../src/lint/launch-chain/chain.js';
import { PackageScanner } from '../../src/lint/launch-chain/package-scanner.js';
import { scanCss, scanHtml, scanJs } from '../../src/lint/launch-chain/page-refs.js';
import { resolveUrl } from '../../src/lint/launch-chain/urls.js';
import { validatePackage } from '../../src/validate/validate-package.js';
import { FIXTURES_DIR } from '../helpers/paths.js';
import { tempDir } from '../helpers/temp.js';

const fixture = (name: string) => join(FIXTURES_DIR, 'courses', `static-predict-${name}`);

async function findingsOf(dir: string): Promise<Finding[]> {
  const v = await validatePackage(dir, { level: 'pedantic' });
  await v.cleanup();
  return v.findings.filter((f) => f.rule !== 'cp.schema_location_missing');
}

function only(findings: Finding[], rule: string): Finding {
  const matching = findings.filter((f) => f.rule === rule);
  assert.equal(matching.length, 1, JSON.stringify(findings.map((f) => [f.rule, f.file, f.message])));
  return matching[0] as Finding;
}

test('no API code: a launch page without scripts is an error that says so', async () => {
  const findings = await findingsOf(fixture('no-scripts'));
  const f = only(findings, 'api.discovery_missing');
  assert.equal(f.severity, 'error');
  assert.equal(f.file, 'index.html');
  assert.match(f.message, /has no scripts at all/);
  assert.match(f.message, /LMSInitialize/);
  assert.equal(f.details?.['reason'], 'no_scripts');
  assert.deepEqual(f.details?.['chain'], [{ file: 'index.html', via: null }]);
});

test('API code never reached: names the file that has it and the chain that was looked at', async () => {
  const findings = await findingsOf(fixture('unreached'));
  const f = only(findings, 'api.discovery_missing');
  assert.equal(f.severity, 'error');
  assert.equal(f.details?.['reason'], 'api_not_reached');
  assert.deepEqual(f.details?.['api_code_in'], ['scorm/wrapper.js']);
  assert.match(withCourseText(f, f.message), /scorm\/wrapper\.js contains API code/);
  assert.match(withCourseText(f, f.message), /Looked at: index\.html → js\/app\.js/);
  assert.deepEqual(f.details?.['chain'], [
    { file: 'index.html', via: null },
    { file: 'js/app.js', via: 'index.html <script src>' },
  ]);
  assert.match(withCourseText(f, f.fix), /<script src="scorm\/wrapper\.js">/);
});

test('discovery without Initialize, and a script that is not in the package', async () => {
  const f = only(await findingsOf(fixture('no-initialize')), 'api.discovery_missing');
  assert.equal(f.details?.['reason'], 'no_initialize');
  assert.match(
    withCourseText(f, f.message),
    /looks up window\.API but nothing loaded from index\.html calls LMSInitialize/,
  );
  assert.match(
    withCourseText(f, f.message),
    /js\/missing\.js \(index\.html <script src>\), which is not in the package/,
  );
});

test('a chain through a frame, a window.open handler and back (cycle) reaches the API: no finding', async () => {
  const findings = await findingsOf(fixture('chain'));
  assert.deepEqual(
    findings.filter((f) => f.severity !== 'info').map((f) => f.rule),
    [],
  );
});

test('a CDN-loaded jQuery before Initialize is an error; the SCO itself is fine', async () => {
  const findings = await findingsOf(fixture('cdn-jquery'));
  const f = only(findings, 'deps.external_script');
  assert.equal(f.severity, 'error');
  assert.equal(f.category, 'dependencies');
  assert.equal([f.file, f.line, f.column].join(':'), 'index.html:3:14');
  assert.match(withCourseText(f, f.message), /https:\/\/code\.jquery\.com/);
  assert.match(f.message, /offline/);
  assert.match(f.message, /without internet access/);
  assert.match(f.message, /Content-Security-Policy \(script-src 'self'\)/);
  assert.match(f.message, /launch chain/);
  assert.equal(
    findings.some((x) => x.rule === 'api.discovery_missing'),
    false,
  );
});

test('protocol-relative URLs are external; links to other sites are not dependencies', async () => {
  const findings = await findingsOf(fixture('protocol-relative'));
  const css = only(findings, 'deps.external_stylesheet');
  assert.equal(css.severity, 'warning');
  assert.match(withCourseText(css, css.message), /\/\/cdn\.example\.com/);
  assert.match(css.message, /protocol-relative/);
  const video = only(findings, 'deps.external_media');
  assert.match(withCourseText(video, video.message), /<video src> \/\/media\.example\.com\/intro\.mp4/);
  assert.equal(
    findings.some((f) => f.message.includes('www.example.org')),
    false,
  );
});

test('a web font from a CDN (Google Fonts link and @font-face url) is reported as info', async () => {
  const findings = await findingsOf(fixture('webfont'));
  const fonts = findings.filter((f) => f.rule === 'deps.external_font');
  assert.deepEqual(
    fonts.map((f) => [f.file, f.line, f.severity]),
    [
      ['css/course.css', 3, 'info'],
      ['index.html', 4, 'info'],
    ],
  );
  assert.equal(
    findings.some((f) => f.message.includes('fonts.gstatic.com')),
    false,
    'a preconnect hint loads nothing',
  );
});

test('http: dependencies add the mixed-content consequence and raise fonts to warnings', async () => {
  const dir = tempDir('sp-http-');
  writeFileSync(
    join(dir, 'imsmanifest.xml'),
    `<manifest identifier="m" xmlns="http://www.imsproject.org/xsd/imscp_rootv1p1p2" xmlns:adlcp="http://www.adlnet.org/xsd/adlcp_rootv1p2"><metadata><schema>ADL SCORM</schema><schemaversion>1.2</schemaversion></metadata><organizations default="o"><organization identifier="o"><title>t</title><item identifier="i" identifierref="r"><title>t</title></item></organization></organizations><resources><resource identifier="r" type="webcontent" adlcp:scormtype="asset" href="index.html"><file href="index.html"/></resource></resources></manifest>`,
  );
  writeFileSync(
    join(dir, 'index.html'),
    '<link rel="stylesheet" href="http://fonts.googleapis.com/css?family=Lato"><script src="http://cdn.example.com/x.js"></script>',
  );
  const findings = await findingsOf(dir);
  const font = only(findings, 'deps.external_font');
  assert.equal(font.severity, 'warning');
  assert.match(font.message, /mixed content/);
  const script = only(findings, 'deps.external_script');
  assert.equal(script.severity, 'warning', 'an asset is no SCO: not on a launch chain');
});

test('JS and CSS references keep line and column in minified code without line breaks', () => {
  const code = `${'var a=1;'.repeat(500)}fetch("https://api.example.com/x");window.open('next.html');x.src="//cdn.example.com/lib.js"`;
  const refs = scanJs(code);
  assert.deepEqual(
    refs.map((r) => [r.kind, r.url, r.line, r.column]),
    [
      ['request', 'https://api.example.com/x', 1, 4008],
      ['navigation', 'next.html', 1, 4049],
      ['script', '//cdn.example.com/lib.js', 1, 4068],
    ],
  );
  const css = scanCss('a{b:c}@font-face{src:url(f.woff2)}\n.x{background:url("//img.example.com/a.png")}');
  assert.deepEqual(
    css.map((r) => [r.kind, r.url, r.line]),
    [
      ['font', 'f.woff2', 1],
      ['media', '//img.example.com/a.png', 2],
    ],
  );
});

test('built URLs and method names are not followed', () => {
  const refs = scanJs(
    `location.href = 'page' + n + '.html'; xhr.open('GET', base + '/x'); fetch(\`\${root}/a\`); if (location == 'x') {}`,
  );
  assert.deepEqual(refs, []);
  assert.deepEqual(resolveUrl('a/b.html', '/abs.js'), { kind: 'other' });
  assert.deepEqual(resolveUrl('a/b.html', '../c.js?x#y'), { kind: 'local', file: 'c.js' });
  assert.deepEqual(resolveUrl('a/b.html', '../../up.js'), { kind: 'other' });
});

test('inline scripts and handlers count as scripts; meta refresh is followed', () => {
  const scan = scanHtml(
    '<meta http-equiv="refresh" content="0; url=start.html"><body onload="go()"><script>var x;</script><template><script>no()</script></template>',
  );
  assert.equal(scan.inlineScripts, 2, 'the handler and the script; <template> content never runs');
  assert.deepEqual(
    scan.refs.map((r) => [r.kind, r.url]),
    [['navigation', 'start.html']],
  );
});

test('the walk is bounded in depth and in files, and says so', () => {
  const dir = tempDir('sp-bounds-');
  const deep = MAX_CHAIN_DEPTH + 3;
  for (let i = 0; i < deep; i++)
    writeFileSync(join(dir, `p${i}.html`), `<iframe src="p${i + 1}.html"></iframe>`);
  writeFileSync(join(dir, `p${deep}.html`), '');
  const files = Array.from({ length: deep + 1 }, (_, i) => `p${i}.html`);
  const chain = walkLaunchChain(
    { file: 'p0.html', resource: 'r', items: ['i'] },
    new PackageScanner(dir, files),
  );
  assert.equal(chain.truncated, 'depth');
  assert.equal(chain.files.length, MAX_CHAIN_DEPTH + 1);

  const wide = tempDir('sp-wide-');
  mkdirSync(join(wide, 'js'));
  const scripts = Array.from({ length: MAX_CHAIN_FILES + 10 }, (_, i) => `js/s${i}.js`);
  for (const s of scripts) writeFileSync(join(wide, s), '');
  writeFileSync(join(wide, 'index.html'), scripts.map((s) => `<script src="${s}"></script>`).join(''));
  const many = walkLaunchChain(
    { file: 'index.html', resource: 'r', items: ['i'] },
    new PackageScanner(wide, ['index.html', ...scripts]),
  );
  assert.equal(many.truncated, 'files');
  assert.equal(many.files.length, MAX_CHAIN_FILES);
  assert.equal(many.scripts, MAX_CHAIN_FILES + 10);
});

test('one finding per launch file, and none for the package-wide discovery rule', async () => {
  const dir = tempDir('sp-two-items-');
  writeFileSync(
    join(dir, 'imsmanifest.xml'),
    `<manifest identifier="m" xmlns="http://www.imsproject.org/xsd/imscp_rootv1p1p2" xmlns:adlcp="http://www.adlnet.org/xsd/adlcp_rootv1p2"><metadata><schema>ADL SCORM</schema><schemaversion>1.2</schemaversion></metadata><organizations default="o"><organization identifier="o"><title>t</title><item identifier="a" identifierref="r"><title>a</title></item><item identifier="b" identifierref="r" parameters="?p=2"><title>b</title></item></organization></organizations><resources><resource identifier="r" type="webcontent" adlcp:scormtype="sco" href="index.html"><file href="index.html"/><file href="app.js"/></resource></resources></manifest>`,
  );
  writeFileSync(join(dir, 'index.html'), '<script src="app.js"></script>');
  writeFileSync(join(dir, 'app.js'), 'API.LMSInitialize(""); API.LMSFinish("");');
  const findings = await findingsOf(dir);
  const f = only(findings, 'api.discovery_missing');
  assert.equal(f.details?.['reason'], 'no_discovery');
  assert.deepEqual(f.details?.['items'], ['a', 'b']);
  assert.match(
    withCourseText(f, f.message),
    /calls LMSInitialize, but nothing loaded from index\.html looks for window\.API/,
  );
});
