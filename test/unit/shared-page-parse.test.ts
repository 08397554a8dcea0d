import { test } from 'node:test';
import assert from 'node:assert/strict';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { htmlUnits } from '../../src/lint/api-usage/html-units.js';
import { lintApiUsage } from '../../src/lint/api-usage/lint-api-usage.js';
import { walkLaunchChain } from '../../src/lint/launch-chain/chain.js';
import { PackageScanner } from '../../src/lint/launch-chain/package-scanner.js';
import { scanHtml, scanHtmlPage } from '../../src/lint/launch-chain/page-refs.js';
import { tempDir } from '../helpers/temp.js';

/**
 * A page is parsed once per validation: the launch-chain scanner keeps the script units of the pages the
 * API lint will read, and the lint leaves the scan of the pages it parses first for the scanner. These
 * tests pin that each side gets what its own parse gave.
 */

const PAGE = [
  '<!DOCTYPE html><html><head>',
  '<script src="js/driver.js"></script>',
  '<style>body { background: url(img/bg.png); }</style>',
  '<script>var api = window.parent.API; api.LMSInitialize("");',
  'api.LMSSetValue("cmi.core.lesson_status", "done");</script>',
  '<script type="module">import "./mod.js";</script>',
  '<script type="text/template"><b>not code</b></script>',
  '</head><body onload="init()" onunload="API.LMSFinish(\'\')">',
  '<img src="img/a.png" style="background: url(img/b.png)"><a href="next.html" onclick="go(1)">next</a>',
  '<template><script>never()</script></template>',
  '</body></html>',
].join('\n');

function packageWith(page: string): string {
  const dir = tempDir('shared-page-parse-');
  writeFileSync(join(dir, 'index.html'), page);
  return dir;
}

test('one parse of a page gives the scan and the script units that separate parses give', () => {
  const { scan, units } = scanHtmlPage(PAGE);
  assert.deepEqual(scan, scanHtml(PAGE));
  assert.deepEqual(units, htmlUnits(PAGE));
  assert.ok(units.length >= 4);
});

test('the scanner keeps the units of a page the lint will read until the lint takes them', () => {
  const dir = packageWith(PAGE);
  const scanner = new PackageScanner(dir, ['index.html'], new Map(), ['index.html']);
  walkLaunchChain({ file: 'index.html', resource: 'r', items: ['i'] }, scanner);
  // Text of another length (the file changed in between) is not trusted to match.
  assert.equal(scanner.takeHtmlUnits('index.html', PAGE.length + 1), undefined);
  const again = new PackageScanner(dir, ['index.html'], new Map(), ['index.html']);
  again.scan('index.html');
  assert.deepEqual(again.takeHtmlUnits('index.html', PAGE.length), htmlUnits(PAGE));
  assert.equal(again.takeHtmlUnits('index.html', PAGE.length), undefined, 'taken once');
  // A page the lint is not going to read keeps nothing.
  const other = new PackageScanner(dir, ['index.html']);
  other.scan('index.html');
  assert.equal(other.takeHtmlUnits('index.html', PAGE.length), undefined);
});

test('a page the lint parses first is not parsed again by the scanner, and gets the same scan', async () => {
  const dir = packageWith(PAGE);
  const scanner = new PackageScanner(dir, ['index.html'], new Map(), ['index.html']);
  await lintApiUsage({ packageRoot: dir, scormVersion: '1.2', files: ['index.html'], pages: scanner });
  // Changed on disk afterwards: the scan is the one made from the text the lint read.
  writeFileSync(join(dir, 'index.html'), '<html><body><img src="other.png"></body></html>');
  assert.deepEqual(scanner.scan('index.html'), scanHtml(PAGE));
});

test('the lint finds the same with units the scanner parsed, its own parse, or no scanner', async () => {
  const dir = packageWith(PAGE);
  const launch = { file: 'index.html', resource: 'r', items: ['i'] };
  const plain = await lintApiUsage({ packageRoot: dir, scormVersion: '1.2', files: ['index.html'] });
  const scanner = new PackageScanner(dir, ['index.html'], new Map(), ['index.html']);
  const chains = [walkLaunchChain(launch, scanner)];
  const shared = await lintApiUsage({
    packageRoot: dir,
    scormVersion: '1.2',
    files: ['index.html'],
    chains,
    pages: scanner,
  });
  const unshared = await lintApiUsage({
    packageRoot: dir,
    scormVersion: '1.2',
    files: ['index.html'],
    chains: [walkLaunchChain(launch, new PackageScanner(dir, ['index.html']))],
  });
  assert.deepEqual(shared.findings, unshared.findings);
  assert.ok(plain.findings.length > 0);
  const lintFirst = new PackageScanner(dir, ['index.html'], new Map(), ['index.html']);
  const own = await lintApiUsage({
    packageRoot: dir,
    scormVersion: '1.2',
    files: ['index.html'],
    pages: lintFirst,
  });
  assert.deepEqual(own.findings, plain.findings);
});
