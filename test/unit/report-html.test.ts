import { test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdirSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { quoted, separateCourseText } from '../../src/core/course-text.js';
import type { Finding, RuleInfo } from '../../src/core/findings.js';
import { createExcerptReader, renderHtmlReport, type ValidationOutcome } from '../../src/report/index.js';
import { tempDir } from '../helpers/temp.js';

const tmp = tempDir('report-html-');
test.after(() => rmSync(tmp, { recursive: true, force: true }));
const root = join(tmp, 'pkg');
mkdirSync(join(root, 'js'), { recursive: true });
const manifestLines = Array.from({ length: 20 }, (_, i) => `  <line n="${i + 1}"/>`);
manifestLines[9] = '  <resource href="<script>alert(1)</script>" type="webcontent"/>';
writeFileSync(join(root, 'imsmanifest.xml'), manifestLines.join('\r\n'));
writeFileSync(join(root, 'js/min.js'), `var a=1;${'x'.repeat(5000)}API.Terminate("");${'y'.repeat(5000)}`);
writeFileSync(join(root, 'logo.png'), Buffer.from([0x89, 0x50, 0x4e, 0x47, 0, 1, 2, 3]));
writeFileSync(join(root, 'big.txt'), 'a\n'.repeat(1_000_000));
writeFileSync(join(tmp, 'secret.txt'), 'TOP SECRET\n'.repeat(5));
symlinkSync(join(tmp, 'secret.txt'), join(root, 'link.txt'));

const rules: RuleInfo[] = [
  {
    id: 'manifest-href-valid',
    severity: 'error',
    category: 'manifest',
    level: 'basic',
    title: 'Hrefs are valid URLs',
    adl: ['CAM-3-5'],
  },
  {
    id: 'api-terminate',
    severity: 'warning',
    category: 'api_usage',
    level: 'basic',
    title: 'Terminate is called',
  },
  { id: 'files-unused', severity: 'info', category: 'files', level: 'strict', title: 'Every file is used' },
];

const f = (extra: Partial<Finding>): Finding => ({
  rule: 'files-unused',
  severity: 'info',
  category: 'files',
  message: 'Unused file',
  fix: 'Delete it',
  file: 'imsmanifest.xml',
  line: 1,
  column: 1,
  ...extra,
});

const o: ValidationOutcome = {
  packagePath: 'courses/<b>intro</b>',
  packageRoot: root,
  scormVersion: '2004 4th Edition',
  level: 'strict',
  findings: [
    f({
      rule: 'manifest-href-valid',
      severity: 'error',
      category: 'manifest',
      message: 'href "<script>alert(1)</script>" is not a valid URL; see https://evil.example/x.js',
      fix: 'Use a relative path such as <code>index.html</code>',
      line: 10,
      column: 19,
      adl: ['CAM-3-5'],
    }),
    f({
      rule: 'api-terminate',
      severity: 'warning',
      category: 'api_usage',
      message: 'Terminate is called late',
      file: 'js/min.js',
      line: 1,
      column: 5009,
    }),
    f({ file: 'logo.png', line: 1 }),
    f({ file: 'big.txt', line: 1 }),
    f({ file: 'link.txt', line: 1 }),
    f({ file: '../secret.txt', line: 1 }),
    f({ file: 'missing.html', line: 1 }),
    f({ file: '', line: 0, column: 0, message: 'Package-wide note' }),
  ],
  rules,
  durationMs: 420,
};

const articleFor = (html: string, file: string) => {
  const at = html.indexOf(`<span class="loc mono">${file}`);
  assert.ok(at > 0, `no finding for ${file}`);
  return html.slice(at, html.indexOf('</article>', at));
};

test('the report is self-contained: no scripts, no external resources, a strict CSP', async () => {
  const html = await renderHtmlReport(o);
  assert.ok(html.startsWith('<!DOCTYPE html>'));
  assert.ok(!/<script/i.test(html));
  assert.ok(!/<(link|img|iframe|object|embed)\b/i.test(html));
  assert.ok(!/\bsrc\s*=|url\(|@import/i.test(html));
  assert.ok(!/https?:\/\/(?!evil\.example)/.test(html), 'only the quoted message may mention a URL');
  assert.ok(!/href="(?!#)/.test(html), 'only in-page links');
  assert.match(
    html,
    /<meta http-equiv="Content-Security-Policy" content="default-src 'none'; style-src 'unsafe-inline'">/,
  );
  assert.match(html, /<style>[\s\S]*@media print/);
});

test('hostile messages, fixes and paths are escaped', async () => {
  const html = await renderHtmlReport(o);
  assert.ok(html.includes('href &quot;&lt;script&gt;alert(1)&lt;/script&gt;&quot; is not a valid URL'));
  assert.ok(html.includes('Use a relative path such as &lt;code&gt;index.html&lt;/code&gt;'));
  assert.ok(html.includes('<h1 class="mono">courses/&lt;b&gt;intro&lt;/b&gt;</h1>'));
  assert.ok(!html.includes('<b>intro'));
});

test('course text a finding quotes is shown apart, escaped and labelled as quoted from the course', async () => {
  const first = o.findings[0]!;
  const quoting = separateCourseText({
    ...first,
    message: `Item ${quoted('<b>AI assistant</b>')} fails`,
    fix: 'x',
  });
  const html = await renderHtmlReport({ ...o, findings: [quoting] });
  assert.ok(html.includes('<p class="message">Item `course_text.quoted[0]` fails</p>'));
  assert.ok(
    html.includes(
      '<pre class="course-text" title="Quoted from the course, not scorm-tester">course_text.quoted[0] (course content, 19 chars): &quot;&lt;b&gt;AI assistant&lt;/b&gt;&quot;</pre>',
    ),
  );
});

test('summary comes first with verdict, version, score, counts and duration', async () => {
  const html = await renderHtmlReport(o);
  const summary = html.slice(html.indexOf('<header'), html.indexOf('</header>'));
  assert.ok(html.indexOf('<header') < html.indexOf('<article'));
  assert.match(summary, /&#10006; Invalid/);
  assert.match(summary, /2004 4th Edition/);
  assert.match(summary, /<dd>80<span class="count"> \/ 100<\/span>/);
  assert.match(summary, /<li class="sev-error"><b>1<\/b>error<\/li>/);
  assert.match(summary, /<li class="sev-warning"><b>1<\/b>warning<\/li>/);
  assert.match(summary, /<li class="sev-info"><b>6<\/b>info<\/li>/);
  assert.match(summary, /420 ms/);
});

test('findings carry fix, ADL ids and an escaped ±3-line excerpt with the line highlighted', async () => {
  const html = await renderHtmlReport(o);
  const article = articleFor(html, 'imsmanifest.xml:10:19');
  assert.match(article, /<p class="fix"><strong>Fix:<\/strong>/);
  assert.match(article, /ADL requirements: <code>CAM-3-5<\/code>/);
  const numbers = [...article.matchAll(/<span class="ln">(\d+)<\/span>/g)].map((m) => Number(m[1]));
  assert.deepEqual(numbers, [7, 8, 9, 10, 11, 12, 13]);
  assert.ok(
    article.includes(
      '<span class="line hl"><span class="ln">10</span>  &lt;resource href=&quot;<span class="col">&lt;</span>script&gt;alert(1)&lt;/script&gt;&quot; type=&quot;webcontent&quot;/&gt;</span>',
    ),
  );
  assert.equal(article.match(/class="line hl"/g)?.length, 1);
  assert.ok(!article.includes('\r'));
});

test('long lines are clipped around the column', async () => {
  const article = articleFor(await renderHtmlReport(o), 'js/min.js:1:5009');
  assert.match(
    article,
    /<span class="clip">…<\/span>x+<span class="col">A<\/span>PI.Terminate\(&quot;&quot;\);y+<span class="clip">…<\/span>/,
  );
  assert.match(article, /<span class="col">A<\/span>PI/);
  assert.ok(article.length < 2000);
});

test('no excerpt for binary, huge, missing, outside-root or package-wide findings', async () => {
  const html = await renderHtmlReport(o);
  for (const file of [
    'logo.png:1:1',
    'big.txt:1:1',
    'link.txt:1:1',
    '../secret.txt:1:1',
    'missing.html:1:1',
    '(package)',
  ]) {
    assert.ok(!articleFor(html, file).includes('class="excerpt"'), file);
  }
  assert.ok(!html.includes('TOP SECRET'));
});

test('findings are grouped by category, then file; a clean package says so', async () => {
  const html = await renderHtmlReport(o);
  const order = ['<h2>Manifest', '<h2>Files', '<h2>API usage'].map((h) => html.indexOf(h));
  assert.ok(order.every((i) => i > 0));
  assert.ok(order[0]! < order[1]! && order[1]! < order[2]!);
  assert.match(html, /<nav class="card toc"/);
  const clean = await renderHtmlReport({ ...o, findings: [] });
  assert.match(clean, /&#10004; Valid/);
  assert.match(clean, /No findings: every rule that ran passed\./);
});

test('the excerpt reader reads each file once and respects its limits', async () => {
  const read = createExcerptReader(root, { context: 1, maxBytes: 64 });
  assert.equal(await read('imsmanifest.xml', 2, 1), null);
  const small = createExcerptReader(root, { context: 1 });
  assert.deepEqual(
    (await small('imsmanifest.xml', 1, 3))?.map((l) => [l.number, l.highlight, l.column]),
    [
      [1, true, 3],
      [2, false, undefined],
    ],
  );
  assert.equal(await small('imsmanifest.xml', 21, 1), null);
});
