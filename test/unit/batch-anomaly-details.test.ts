/**
 * What a batch report says of each anomaly (issue 25): type, severity, message and what it is about, the
 * worst first and at most 20 per SCO with a count of the rest; the HTML page escapes the course's words,
 * and a SCO's JUnit failure carries the worst in its message and all of them in its body.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { anomalyDetails, anomalyLine, MAX_ANOMALY_DETAILS } from '../../src/app/batch/anomaly-details.js';
import { packageHtml } from '../../src/app/batch/html.js';
import { formatBatchJunit } from '../../src/app/batch/junit.js';
import { emptyCounts, type BatchReport, type PackageResult } from '../../src/app/batch/report.js';
import type { Anomaly } from '../../src/runtime/anomalies/types.js';

const pageError: Anomaly = {
  type: 'page_error',
  severity: 'error',
  message: "The SCO's script failed with the error in `course_text.error` (at `course_text.error_at`).",
  fix: 'Fix it.',
  sco_id: 'sco-1',
  attempt: 1,
  course_text: {
    error: { text: 'TypeError: <b>x</b> is undefined', length: 33 },
    error_at: { text: 'js/app.js:12:5', length: 14 },
  },
};

const missingCommit: Anomaly = {
  type: 'missing_commit_before_terminate',
  severity: 'warning',
  message: 'Terminate was called without a Commit before it.',
  fix: 'Call Commit first.',
  call_index: 7,
};

test('details: the worst first, with call, element, attempt and the place of a page error', () => {
  const { listed, omitted } = anomalyDetails([missingCommit, pageError]);
  assert.equal(omitted, 0);
  assert.deepEqual(
    listed.map((d) => [d.type, d.severity]),
    [
      ['page_error', 'error'],
      ['missing_commit_before_terminate', 'warning'],
    ],
  );
  assert.equal(listed[0]!.at, 'js/app.js:12:5');
  assert.equal(listed[0]!.attempt, 1);
  assert.equal(listed[1]!.call_index, 7);
  assert.equal(
    anomalyLine(listed[0]!),
    'error page_error: The SCO\'s script failed with the error in "TypeError: <b>x</b> is undefined" (at "js/app.js:12:5"). [attempt 1]',
  );
});

test('a line names each value of a list the message refers to', () => {
  const blocked: Anomaly = {
    ...pageError,
    message: 'The script in `course_text.blocked_scripts` was blocked.',
    course_text: {
      blocked_scripts: [
        { text: 'https://a.example/x.js', length: 22 },
        { text: 'https://b.example/y.js', length: 22 },
      ],
    },
  };
  assert.equal(
    anomalyLine(anomalyDetails([blocked]).listed[0]!),
    'error page_error: The script in "https://a.example/x.js", "https://b.example/y.js" was blocked. [attempt 1]',
  );
});

test('details are bounded per SCO, with how many were left out', () => {
  const many = Array.from({ length: MAX_ANOMALY_DETAILS + 5 }, () => missingCommit);
  const { listed, omitted } = anomalyDetails([...many, pageError]);
  assert.equal(listed.length, MAX_ANOMALY_DETAILS);
  assert.equal(omitted, 6);
  assert.equal(listed[0]!.type, 'page_error', 'the error is kept ahead of the warnings');
});

function failedPackage(): PackageResult {
  const { listed } = anomalyDetails([pageError, missingCommit]);
  return {
    path: 'cat/course',
    content_hash: 'ab'.repeat(32),
    verdict: 'fail',
    scorm_version: '2004',
    findings: emptyCounts(),
    scos: [
      {
        sco_id: 'sco-1',
        launch_url: 'index.html',
        verdict: 'fail',
        initialized: true,
        completion_status: 'incomplete',
        success_status: 'unknown',
        anomalies: { error: 1, warning: 1, info: 0 },
        anomaly_types: { page_error: 1, missing_commit_before_terminate: 1 },
        anomaly_details: listed,
        anomalies_omitted: 3,
        duration_ms: 10,
      },
    ],
    duration_ms: 12,
  };
}

test('the HTML package page gives each anomaly, the course text escaped', () => {
  const html = packageHtml(failedPackage());
  assert.match(html, /TypeError: &lt;b&gt;x&lt;\/b&gt; is undefined/);
  assert.doesNotMatch(html, /<b>x<\/b>/);
  assert.match(html, /<code>js\/app\.js:12:5<\/code>/);
  assert.match(
    html,
    /missing_commit_before_terminate: Terminate was called without a Commit before it\. \[call #7\]/,
  );
  assert.match(html, /… 3 more/);
});

test("a SCO's JUnit failure names the worst anomaly and lists them all in its body", () => {
  const report: BatchReport = {
    kind: 'scorm-tester-batch',
    version: '0',
    shards: [],
    totals: { packages: 1, pass: 0, fail: 1, error: 0 },
    packages: [failedPackage()],
    duration_ms: 12,
  };
  const xml = formatBatchJunit(report);
  const failure = /<failure message="([^"]*)" type="fail">([^<]*)<\/failure>/.exec(xml);
  assert.ok(failure, xml);
  assert.match(
    failure[1]!,
    /error page_error: The SCO&#39;s script failed with the error in &quot;TypeError: &lt;b&gt;x/,
  );
  assert.match(failure[2]!, /\(at js\/app\.js:12:5\)\nwarning missing_commit_before_terminate/);
  assert.match(failure[2]!, /… 3 more$/);
});
