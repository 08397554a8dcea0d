/**
 * Verdicts of `scorm-tester run` a course author can trust: refused SetValues reported (checked or not),
 * a refused session time not called "never set", anomalies naming SCO and attempt once each under
 * --nav (not the launch sequencing discarded), and an asset-only package passing.
 */
import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { cpSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { cli } from '../helpers/cli.js';
import { FIXTURES_DIR } from '../helpers/paths.js';
import { singleScoPackage } from '../helpers/single-sco.js';
import { tempDir } from '../helpers/temp.js';
import type { CourseTexts } from '../../src/core/course-text.js';
import { courseTextOf } from '../helpers/course-text.js';

interface RunAnomaly {
  type: string;
  severity: string;
  message: string;
  fix: string;
  call_index?: number;
  element?: string;
  sco_id?: string;
  attempt?: number;
  course_text?: CourseTexts;
}
interface RunJson {
  anomalies: RunAnomaly[];
  api_calls: Array<{ index: number; method: string; args: unknown[]; error_code: string }>;
}

async function runJson(dir: string, ...flags: string[]): Promise<{ status: number | null; json: RunJson }> {
  const r = await cli('run', dir, '--json', '--settle-ms', '300', ...flags);
  assert.ok(r.stdout.startsWith('{'), r.stderr);
  return { status: r.status, json: JSON.parse(r.stdout) as RunJson };
}

const brief = (a: RunAnomaly): unknown[] => [a.type, a.severity, a.call_index ?? null, a.element ?? null];

describe('run: verdicts', { concurrency: 2 }, () => {
  test('2004: SetValues refused after which the SCO called GetLastError are errors naming call, value and code', async () => {
    const dir = singleScoPackage({
      version: '2004',
      script:
        "api.Initialize('');api.SetValue('cmi.score.scaled','50');api.GetLastError();" +
        "api.SetValue('adl.nav.request','next');api.GetLastError();" +
        "api.SetValue('cmi.completion_status','completed');api.SetValue('cmi.session_time','PT5S');" +
        "api.SetValue('cmi.exit','normal');api.Commit('');api.Terminate('');",
    });
    const { status, json } = await runJson(dir);
    assert.equal(status, 1);
    assert.deepEqual(json.anomalies.map(brief), [
      ['set_value_rejected', 'error', 1, 'cmi.score.scaled'],
      ['set_value_rejected', 'error', 3, 'adl.nav.request'],
    ]);
    const [scaled, nav] = json.anomalies;
    assert.match(
      scaled!.message,
      /Call #1 \(`course_text.call`\) \(attempt 1 of the SCO in sco_id\) was rejected with error 407/,
    );
    assert.equal(courseTextOf(scaled!, 'call'), 'SetValue("cmi.score.scaled", "50")');
    assert.match(nav!.message, /error 406/);
    assert.equal(courseTextOf(nav!, 'call'), 'SetValue("adl.nav.request", "next")');
    assert.equal(scaled!.sco_id, 'lesson');
    assert.equal(scaled!.attempt, 1);
  });

  test('1.2: a 2004 element name is refused (201) and reported; a refused session time names its call', async () => {
    const dir = singleScoPackage({
      version: '1.2',
      script:
        "api.LMSInitialize('');api.LMSSetValue('cmi.completion_status','completed');api.LMSGetLastError();" +
        "api.LMSSetValue('cmi.core.lesson_status','completed');api.LMSSetValue('cmi.core.session_time','PT5S');" +
        "api.LMSGetLastError();api.LMSSetValue('cmi.core.exit','');api.LMSCommit('');api.LMSFinish('');",
    });
    const { status, json } = await runJson(dir);
    assert.equal(status, 1);
    assert.deepEqual(json.anomalies.map(brief), [
      ['set_value_rejected', 'error', 1, 'cmi.completion_status'],
      ['set_value_rejected', 'error', 4, 'cmi.core.session_time'],
      ['session_time_not_set', 'warning', 4, 'cmi.core.session_time'],
    ]);
    assert.match(json.anomalies[0]!.fix, /cmi\.core\.lesson_status, not cmi\.completion_status/);
    assert.match(
      json.anomalies[2]!.message,
      /^cmi\.core\.session_time was set but never stored: call #4 \(`course_text.call`\) was rejected with error 405/,
    );
    assert.equal(courseTextOf(json.anomalies[2]!, 'call'), 'LMSSetValue("cmi.core.session_time", "PT5S")');
  });

  test('--nav: each SCO`s anomaly once, with its SCO id; nothing about the launch sequencing discarded', async () => {
    const dir = tempDir('scorm-tester-nav-nostatus-');
    cpSync(join(FIXTURES_DIR, 'courses/nav-flow'), dir, { recursive: true });
    const page = join(dir, 'sco.html');
    writeFileSync(
      page,
      readFileSync(page, 'utf8').replace("api.SetValue('cmi.completion_status', 'completed');", ''),
    );
    const { json } = await runJson(dir, '--nav', 'continue,previous');
    const statuses = json.anomalies.filter((a) => a.type === 'status_never_reported');
    // The first launch is replaced by the sequencing start (nothing said about it); each SCO counts its own
    // SCORM attempts: intro 1, auto 1, lesson 1, then auto's second attempt (previous).
    assert.deepEqual(
      statuses.map((a) => [a.sco_id, a.attempt]),
      [
        ['intro', 1],
        ['auto', 1],
        ['lesson', 1],
      ],
    );
    assert.match(statuses[1]!.message, /Also in attempt 2 of this SCO/);
    assert.ok(
      json.anomalies.every((a) => a.attempt !== undefined && a.sco_id !== undefined),
      JSON.stringify(json.anomalies),
    );
    const text = await cli('run', dir, '--nav', 'continue', '--settle-ms', '300');
    const out = text.stdout.split('\n');
    assert.deepEqual(
      // The SCO's identifier is the course's: on a labelled line of its own, below the anomaly and its fix.
      out.flatMap((l, i) =>
        l.includes('status_never_reported')
          ? [
              [
                /^\s+course_text\.sco_id \(course content, \d+ chars\): "(\w+)"$/.exec(out[i + 2] ?? '')?.[1],
                /\(attempt (\d+)\)/.exec(l)?.[1],
              ],
            ]
          : [],
      ),
      [
        ['intro', '1'],
        ['auto', '1'],
        ['lesson', '1'],
      ],
    );
  });

  test('--nav: a page error names each SCO and attempt it happened in, not the launch sequencing replaced', async () => {
    const dir = tempDir('scorm-tester-nav-page-error-');
    cpSync(join(FIXTURES_DIR, 'courses/nav-flow'), dir, { recursive: true });
    const page = join(dir, 'sco.html');
    // The same error, at the same place, in every SCO's page as it loads.
    writeFileSync(
      page,
      readFileSync(page, 'utf8').replace('</head>', "<script>throw new Error('boom');</script></head>"),
    );
    // previous goes back to auto (its attempt 2), which continues to lesson (its attempt 2).
    const { json } = await runJson(dir, '--nav', 'continue,previous');
    const errors = json.anomalies.filter((a) => a.type === 'page_error');
    assert.deepEqual(
      errors.map((a) => [a.sco_id, a.attempt, (a as { also_in_attempts?: number[] }).also_in_attempts ?? []]),
      [
        ['intro', 1, []],
        ['auto', 1, [2]],
        ['lesson', 1, [2]],
      ],
      JSON.stringify(errors),
    );
  });

  test('1.2: "passed" under the mastery score, turned "failed" at LMSFinish, is explained with both scores', async () => {
    const dir = singleScoPackage({
      version: '1.2',
      masteryScore: '80',
      script:
        "api.LMSInitialize('');api.LMSSetValue('cmi.core.score.raw','60');api.LMSSetValue('cmi.core.score.min','0');" +
        "api.LMSSetValue('cmi.core.score.max','100');api.LMSSetValue('cmi.core.lesson_status','passed');" +
        "api.LMSSetValue('cmi.core.session_time','00:00:05');api.LMSSetValue('cmi.core.exit','');api.LMSCommit('');api.LMSFinish('');",
    });
    const { status, json } = await runJson(dir);
    assert.deepEqual(json.anomalies.map(brief), [
      ['status_overridden_by_lms', 'warning', 4, 'cmi.core.lesson_status'],
    ]);
    assert.match(
      json.anomalies[0]!.message,
      /LMSFinish\(""\) \(call #8\), the LMS changed cmi\.core\.lesson_status from "passed" \(set by call #4\) to "failed": cmi\.core\.score\.raw is "60" \(call #1\) and the mastery score is "80"/,
    );
    assert.equal(
      (json as unknown as { data_model: Record<string, string> }).data_model['cmi.core.lesson_status'],
      'failed',
    );
    assert.equal(status, 0);
  });

  for (const version of ['1.2', '2004'] as const) {
    test(`SCORM ${version} asset-only package: no lifecycle anomaly, an info naming the asset, exit 0`, async () => {
      const dir = singleScoPackage({
        version,
        scormType: 'asset',
        script: "document.body.append('plain page');",
      });
      const { status, json } = await runJson(dir);
      assert.deepEqual(
        json.anomalies.map((a) => [a.type, a.severity, a.sco_id]),
        [['asset_not_tracked', 'info', 'lesson']],
      );
      assert.match(json.anomalies[0]!.message, /The launched resource \(`course_text.href`\) is an asset/);
      assert.equal(courseTextOf(json.anomalies[0]!, 'href'), 'index.html');
      assert.equal(status, 0);
    });
  }
});
