/**
 * `scorm-tester batch` through the real CLI on catalogues of small courses: a verdict per package (a
 * broken zip, a folder that is not a package and a course that hangs are errors, and the batch goes
 * on), exit 1, JUnit valid in structure, an HTML row per package; two shards joined by merge-reports
 * equal one unsharded run; a batch killed midway resumes without running or reporting a package twice.
 */
import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { execFile, spawn } from 'node:child_process';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { CLI } from '../helpers/cli.js';
import { REPO_ROOT } from '../helpers/paths.js';
import { tempDir } from '../helpers/temp.js';
import { until } from '../helpers/until.js';
import { catalogueWithHang, passingCatalogue, quickCatalogue } from '../helpers/batch-catalogue.js';
import { parseXmlTree } from '../../src/manifest/index.js';
import type { XmlElement } from '../../src/manifest/index.js';
import type { BatchReport, PackageResult } from '../../src/app/batch/report.js';
import { packagePageName } from '../../src/app/batch/html.js';

const RUN_FLAGS = ['--settle-ms', '300', '--timeout-ms', '5000'];

/** The CLI with a limit fit for a whole catalogue on a loaded machine. */
function batchCli(...args: string[]): Promise<{ status: number | null; stdout: string; stderr: string }> {
  return new Promise((resolve) => {
    const child = execFile(
      process.execPath,
      [CLI, ...args],
      { cwd: REPO_ROOT, maxBuffer: 64 * 1024 * 1024, timeout: 240_000 },
      (error, stdout, stderr) => resolve({ status: child.exitCode ?? (error ? -1 : 0), stdout, stderr }),
    );
  });
}

function reportOf(stdout: string, stderr: string): BatchReport {
  assert.ok(stdout.startsWith('{'), stderr);
  return JSON.parse(stdout) as BatchReport;
}

const byName = (r: BatchReport): Record<string, PackageResult> =>
  Object.fromEntries(r.packages.map((p) => [p.path.split('/').pop()!, p]));

const attr = (e: XmlElement, name: string): string | undefined =>
  e.attributes.find((a) => a.name === name)?.value;

describe('batch', { concurrency: 1 }, () => {
  test('a catalogue with a broken zip, a non-package and a hang: a verdict per package, the batch goes on, exit 1', async () => {
    const root = catalogueWithHang();
    const out = tempDir('scorm-tester-batch-out-');
    const junit = join(out, 'batch.xml');
    const html = join(out, 'html');
    const r = await batchCli(
      'batch',
      root,
      '--json',
      '--jobs',
      '2',
      '--package-timeout-ms',
      '30000',
      '--junit',
      junit,
      '--html',
      html,
      ...RUN_FLAGS,
    );
    assert.equal(r.status, 1, r.stderr);
    const report = reportOf(r.stdout, r.stderr);
    const p = byName(report);
    assert.deepEqual(Object.keys(p).sort(), [
      'a-sample',
      'b-passing.zip',
      'c-failing',
      'd-broken.zip',
      'e-not-a-package',
      'f-hanging',
    ]);
    // Each path as given: the catalogue folder joined to the entry's name.
    assert.equal(p['a-sample']!.path, join(root, 'a-sample'));
    assert.equal(p['a-sample']!.verdict, 'pass');
    assert.deepEqual(
      p['a-sample']!.scos.map((s) => s.sco_id),
      ['item_intro', 'item_quiz'],
    );
    assert.equal(p['b-passing.zip']!.verdict, 'pass');
    assert.equal(p['b-passing.zip']!.scos[0]!.completion_status, 'completed');
    assert.equal(p['c-failing']!.verdict, 'fail');
    assert.equal(p['c-failing']!.scos[0]!.anomaly_types.set_value_rejected, 1);
    // What the anomaly says, not only its type: message, severity and the call it is about.
    const rejected = p['c-failing']!.scos[0]!.anomaly_details?.find((d) => d.type === 'set_value_rejected');
    assert.ok(rejected, JSON.stringify(p['c-failing']!.scos[0]));
    assert.equal(rejected.severity, 'error');
    assert.match(rejected.message, /rejected with error 407/);
    assert.match(JSON.stringify(rejected.course_text), /cmi\.score\.scaled/);
    assert.equal(typeof rejected.call_index, 'number');
    assert.ok(!('anomalies_omitted' in p['c-failing']!.scos[0]!), 'nothing left out of one anomaly');
    assert.equal(p['d-broken.zip']!.verdict, 'error');
    assert.match(p['d-broken.zip']!.error!.code, /^ZIP_/);
    assert.equal(p['d-broken.zip']!.error!.kind, 'not_a_package');
    assert.equal(p['e-not-a-package']!.verdict, 'error');
    assert.equal(p['e-not-a-package']!.error!.code, 'MANIFEST_NOT_FOUND');
    assert.equal(p['f-hanging']!.verdict, 'error');
    assert.equal(p['f-hanging']!.error?.kind, 'timeout', 'the cause is named at the package level');
    // As docs/batch.md says: fields that do not apply are left out, not null.
    for (const key of ['error', 'retried', 'resumed']) assert.ok(!(key in p['a-sample']!), key);
    for (const key of ['error', 'nav_denied', 'a11y_failed'])
      assert.ok(!(key in p['a-sample']!.scos[0]!), `SCO ${key}`);
    assert.match(p['f-hanging']!.error?.code ?? '', /^(COURSE|PACKAGE)_TIMEOUT$/);
    assert.deepEqual(report.totals, { packages: 6, pass: 2, fail: 1, error: 3 });

    // JUnit: <testsuites> with the schema's attributes only; a suite per package, a case per package and SCO.
    const root_ = parseXmlTree(readFileSync(junit, 'utf8'), 'batch.xml');
    assert.equal(root_.name, 'testsuites');
    assert.deepEqual(root_.attributes.map((a) => a.name).sort(), [
      'errors',
      'failures',
      'name',
      'tests',
      'time',
    ]);
    assert.equal(root_.children.length, 6);
    let tests = 0;
    for (const suite of root_.children) {
      assert.equal(suite.name, 'testsuite');
      const result = report.packages.find((x) => x.path === attr(suite, 'name'))!;
      assert.ok(result, attr(suite, 'name'));
      assert.equal(suite.children.length, 1 + result.scos.length);
      assert.equal(Number(attr(suite, 'tests')), suite.children.length);
      for (const c of suite.children) {
        assert.equal(c.name, 'testcase');
        assert.ok(attr(c, 'classname') && attr(c, 'name') && attr(c, 'time'));
        assert.ok(c.children.every((f) => f.name === 'failure' || f.name === 'error'));
      }
      tests += suite.children.length;
    }
    assert.equal(Number(attr(root_, 'tests')), tests);

    // HTML: a row per package linking its page, which exists, and the sample's screenshots.
    const index = readFileSync(join(html, 'index.html'), 'utf8');
    assert.equal(index.match(/<tr><td class=/g)?.length, 6);
    for (const href of index.match(/href="packages\/[0-9a-f]+\.html"/g) ?? [])
      assert.ok(existsSync(join(html, href.slice(6, -1))), href);
    for (const sco of p['a-sample']!.scos) assert.ok(existsSync(join(html, sco.screenshot!)), sco.screenshot);
    // The failing package's page and its SCO's JUnit failure give the anomaly's text.
    const failingPage = readFileSync(join(html, packagePageName(p['c-failing']!)), 'utf8');
    assert.match(failingPage, /<li>error set_value_rejected: [^<]*SetValue/);
    assert.match(
      readFileSync(junit, 'utf8'),
      /<failure message="[^"]*error set_value_rejected: [^"]*SetValue/,
    );
  });

  test('two shards joined by merge-reports equal one unsharded run, package for package', async () => {
    const root = quickCatalogue();
    const out = tempDir('scorm-tester-shards-');
    const whole = await batchCli('batch', root, '--json', '--jobs', '2', ...RUN_FLAGS);
    const files: string[] = [];
    for (const shard of ['1/2', '2/2']) {
      const r = await batchCli('batch', root, '--json', '--shard', shard, ...RUN_FLAGS);
      const file = join(out, `shard-${shard[0]}.json`);
      writeFileSync(file, r.stdout);
      files.push(file);
      assert.deepEqual(reportOf(r.stdout, r.stderr).shards, [shard]);
    }
    const merged = await batchCli('merge-reports', ...files, '--json', '--junit', join(out, 'merged.xml'));
    assert.equal(merged.status, 1, merged.stderr);
    const essence = (r: BatchReport) =>
      r.packages
        .map((p) => ({
          path: p.path,
          hash: p.content_hash,
          verdict: p.verdict,
          findings: p.findings,
          error: p.error?.code ?? null,
          scos: p.scos.map((s) => [s.sco_id, s.verdict, s.anomaly_types, s.completion_status]),
        }))
        .sort((a, b) => a.path.localeCompare(b.path));
    const one = reportOf(whole.stdout, whole.stderr);
    const joined = reportOf(merged.stdout, merged.stderr);
    assert.equal(one.packages.length, 5);
    assert.deepEqual(essence(joined), essence(one));
    assert.deepEqual(
      joined.packages.map((p) => p.path),
      one.packages.map((p) => p.path),
      'the same order as the unsharded run',
    );
    assert.deepEqual(joined.totals, one.totals);
    assert.deepEqual(joined.shards, ['1/2', '2/2']);
    assert.ok(existsSync(join(out, 'merged.xml')));
  });

  test('a batch killed midway resumes from its state file: every package once, the finished ones not run again', async () => {
    const root = passingCatalogue(5);
    const state = join(tempDir('scorm-tester-resume-'), 'state.json');
    const child = spawn(process.execPath, [CLI, 'batch', root, '--resume', state, '--quiet', ...RUN_FLAGS], {
      cwd: REPO_ROOT,
      stdio: 'ignore',
    });
    const exited = new Promise((resolve) => child.once('exit', resolve));
    const entries = (): number => {
      if (!existsSync(state)) return 0;
      return Object.keys((JSON.parse(readFileSync(state, 'utf8')) as { results: object }).results).length;
    };
    const before = await until(
      async () => (entries() >= 2 ? entries() : undefined),
      'two results in the state file',
      120_000,
    );
    child.kill('SIGKILL');
    await exited;
    const killedAt = entries();
    assert.ok(killedAt >= before && killedAt < 5, `killed with ${killedAt} of 5 done`);

    const r = await batchCli('batch', root, '--resume', state, '--json', ...RUN_FLAGS);
    assert.equal(r.status, 0, r.stderr);
    const report = reportOf(r.stdout, r.stderr);
    const paths = report.packages.map((p) => p.path);
    assert.equal(new Set(paths).size, paths.length, 'no package reported twice');
    assert.deepEqual(paths.map((p) => p.split('/').pop()).sort(), [
      'course-00',
      'course-01',
      'course-02',
      'course-03',
      'course-04',
    ]);
    assert.equal(report.packages.filter((p) => p.resumed).length, killedAt);
    assert.ok(report.packages.every((p) => p.verdict === 'pass'));
    assert.equal(entries(), 5);
  });
  test('--resume runs again a package whose stored result is a lost or crashed browser; a course timeout stays', async () => {
    const root = passingCatalogue(3);
    const state = join(tempDir('scorm-tester-resume-'), 'state.json');
    const first = await batchCli('batch', root, '--resume', state, '--json', ...RUN_FLAGS);
    assert.equal(first.status, 0, first.stderr);
    const stored = JSON.parse(readFileSync(state, 'utf8')) as { results: Record<string, PackageResult> };
    const byCourse = Object.fromEntries(
      Object.entries(stored.results).map(([hash, p]) => [p.path.split('/').pop()!, hash]),
    );
    const unjudged = (hash: string, error: PackageResult['error'], onSco: boolean): void => {
      const p = stored.results[hash]!;
      p.verdict = 'error';
      if (onSco) p.scos = p.scos.map((s) => ({ ...s, verdict: 'error', error }));
      else p.error = error;
    };
    const lost = { code: 'BROWSER_UNREACHABLE', message: 'gone', kind: 'browser_lost' };
    unjudged(byCourse['course-00']!, lost, true);
    unjudged(byCourse['course-01']!, { code: 'BROWSER_CRASHED', message: 'gone', kind: 'crash' }, false);
    unjudged(byCourse['course-02']!, { code: 'COURSE_TIMEOUT', message: 'slow', kind: 'timeout' }, true);
    writeFileSync(state, JSON.stringify(stored));

    const r = await batchCli('batch', root, '--resume', state, '--json', ...RUN_FLAGS);
    const p = byName(reportOf(r.stdout, r.stderr));
    assert.equal(p['course-00']!.resumed, undefined, 'a lost browser is run again');
    assert.equal(p['course-00']!.verdict, 'pass');
    assert.equal(p['course-01']!.resumed, undefined, 'a crashed browser is run again');
    assert.equal(p['course-01']!.verdict, 'pass');
    assert.equal(p['course-02']!.resumed, true, "a course's own timeout is its result");
    assert.equal(p['course-02']!.verdict, 'error');
    assert.equal(r.status, 1);
  });
});
