import { test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { lintApiUsage } from '../../src/lint/api-usage/lint-api-usage.js';

async function lintHtml(version: '1.2' | '2004', html: string, extra: Record<string, string> = {}) {
  const dir = await mkdtemp(join(tmpdir(), 'api-usage-html-'));
  try {
    await writeFile(join(dir, 'index.html'), html);
    for (const [name, text] of Object.entries(extra)) await writeFile(join(dir, name), text);
    return await lintApiUsage({
      packageRoot: dir,
      scormVersion: version,
      files: ['index.html', ...Object.keys(extra)],
    });
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

const at = (findings: { rule: string; line: number; column: number }[], rule: string) =>
  findings.filter((f) => f.rule === rule).map((f) => [f.line, f.column]);

test('inline scripts report file lines and columns, including text on the <script> line', async () => {
  const html = [
    '<!DOCTYPE html>', // 1
    '<html><head>', // 2
    '<title>t</title>', // 3
    '<script>var a = 1; API.LMSSetValue("cmi.core.lesson_status", "complete");', // 4
    '  API.LMSGetValue("cmi.core.exit");', // 5
    '</script>', // 6
    '</head><body>', // 7
    '<p>text</p>', // 8
    '    <script>', // 9
    '', // 10
    '      API.LMSSetValue("cmi.core.score.raw", "-5");', // 11
    '    </script>', // 12
    '</body></html>',
  ].join('\n');
  const { findings } = await lintHtml('1.2', html);
  // column of the value argument on line 4: 8 chars of '<script>' + offset inside the script.
  const line4 = '<script>var a = 1; API.LMSSetValue("cmi.core.lesson_status", "complete");';
  assert.deepEqual(at(findings, 'api.invalid_value'), [
    [4, line4.indexOf('"complete"') + 1],
    [11, '      API.LMSSetValue("cmi.core.score.raw", '.length + 1],
  ]);
  assert.deepEqual(at(findings, 'api.write_only_read'), [[5, 19]]);
});

test('event-handler attributes are linted with their own positions and run later', async () => {
  const html = [
    '<html><body',
    '  onload="API.LMSInitialize(\'\')"',
    "  onunload=\"API.LMSSetValue('cmi.core.exit', 'later'); API.LMSFinish('')\">",
    '<script>API.LMSSetValue("cmi.core.lesson_location", "p1");</script>',
    '</body></html>',
  ].join('\n');
  const { findings } = await lintHtml('1.2', html);
  assert.deepEqual(at(findings, 'api.invalid_value'), [
    [3, "onunload=\"API.LMSSetValue('cmi.core.exit', ".length + 3],
  ]);
  // Initialize runs from onload, so the inline SetValue runs first: a warning, not an error.
  const early = findings.filter((f) => f.rule === 'api.call_before_initialize');
  assert.deepEqual(
    early.map((f) => [f.line, f.severity]),
    [[4, 'warning']],
  );
  assert.equal(findings.filter((f) => f.rule === 'api.no_terminate').length, 0);
});

test('external, non-JavaScript and template scripts are not linted as inline code', async () => {
  const html = [
    '<html><head>',
    '<script src="lib.js">API.LMSSetValue("cmi.core.lesson_status", "x");</script>',
    '<script type="text/template">API.LMSSetValue("cmi.core.lesson_status", "x");</script>',
    '<script type="application/json">{"a": 1}</script>',
    '<template><script>API.LMSSetValue("cmi.core.lesson_status", "x");</script></template>',
    '<script type="text/javascript">API.LMSSetValue("cmi.core.lesson_status", "y");</script>',
    '</head></html>',
  ].join('\n');
  const { findings } = await lintHtml('1.2', html);
  assert.deepEqual(at(findings, 'api.invalid_value'), [[6, 74]]);
  assert.equal(findings.filter((f) => f.rule === 'api.parse_error').length, 0);
});

test('module scripts parse as modules; scripts run in document order across blocks', async () => {
  const html = [
    '<script>var api = window.parent.API_1484_11;</script>',
    '<script>api.SetValue("cmi.location", "1");</script>',
    '<script>api.Initialize(""); api.Terminate("");</script>',
    '<script type="module">import x from "./x.js"; api.SetValue("cmi.success_status", "ok");</script>',
  ].join('\n');
  const { findings } = await lintHtml('2004', html);
  assert.deepEqual(at(findings, 'api.call_before_initialize'), [[2, 9]]);
  assert.deepEqual(at(findings, 'api.invalid_value'), [
    [4, '<script type="module">import x from "./x.js"; api.SetValue("cmi.success_status", '.length + 1],
  ]);
  assert.equal(findings.filter((f) => f.rule === 'api.discovery_missing').length, 0);
});

test('a syntax error in an inline script is a warning at the file line, other scripts still checked', async () => {
  const html = [
    '<html><head>',
    '<script>',
    'var ok = 1;',
    'var broken = ;',
    '</script>',
    '<script>API.LMSSetValue("cmi.core.lesson_status", "nope");</script>',
    '</head></html>',
  ].join('\n');
  const { findings } = await lintHtml('1.2', html);
  const parse = findings.filter((f) => f.rule === 'api.parse_error');
  assert.deepEqual(
    parse.map((f) => [f.line, f.column, f.severity]),
    [[4, 14, 'warning']],
  );
  assert.doesNotMatch(parse[0]?.message ?? '', /\(\d+:\d+\)/);
  assert.equal(at(findings, 'api.invalid_value').length, 1);
});

test('a .js file that does not parse as a script or a module reports its own line', async () => {
  const { findings } = await lintHtml('1.2', '<p></p>', { 'bad.js': 'var a = 1;\n\nfunction (\n' });
  assert.deepEqual(
    findings.filter((f) => f.rule === 'api.parse_error').map((f) => [f.file, f.line]),
    [['bad.js', 3]],
  );
  const { findings: esm } = await lintHtml('1.2', '<p></p>', {
    'm.js': 'import a from "./a.js";\nexport default a;\n',
  });
  assert.deepEqual(esm, []);
});

test('CRLF line endings keep line numbers right', async () => {
  const html =
    '<html>\r\n<script>\r\n\r\nAPI.LMSSetValue("cmi.core.lesson_status", "x");\r\n</script>\r\n</html>';
  const { findings } = await lintHtml('1.2', html);
  assert.deepEqual(at(findings, 'api.invalid_value'), [[4, 43]]);
});
