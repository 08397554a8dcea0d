import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { join } from 'node:path';
import { FIXTURES_DIR, SAMPLES_DIR } from '../helpers/paths.js';
import { cli } from '../helpers/cli.js';

const VIOLATIONS = join(FIXTURES_DIR, 'courses', 'a11y-violations');
const SAMPLE = join(SAMPLES_DIR, 'sample-course');

interface RunJson {
  initialized: boolean;
  api_calls: Array<{ method: string }>;
  accessibility?: {
    audited: boolean;
    level: string;
    frames_audited: string[];
    violations: Array<{ rule: string; impact: string; nodes: Array<{ frame: string; selector: string }> }>;
    summary: { total_violations: number };
  };
}

describe('scorm-tester run --a11y', { concurrency: 3 }, () => {
  test('text: the violations with their fix and elements, and serious/critical ones make the run exit 1', async () => {
    const r = await cli('run', VIOLATIONS, '--a11y', '--settle-ms', '300');
    assert.equal(r.status, 1, r.stdout + r.stderr);
    assert.match(
      r.stdout,
      /^Accessibility \(WCAG AA, axe-core [\d.]+, 2 frame\(s\) audited\): 4 rule\(s\) violated/m,
    );
    // Frame labels and selectors carry the course's ids: on labelled lines of their own.
    assert.match(
      r.stdout,
      /frames audited:\n\s+frame: sco\n\s+course_text\.frame \(course content, \d+ chars\): "sco > iframe#content"/,
    );
    assert.match(r.stdout, /critical image-alt \[WCAG 1\.1\.1\]/);
    assert.match(r.stdout, /fix: Give the <img> an alt attribute/);
    assert.match(
      r.stdout,
      /element \d+( \(ref \w+\))?:\n\s+course_text\.frame \(course content, \d+ chars\): "sco > iframe#content"\n\s+course_text\.selector \(course content, \d+ chars\): "#inner-chart"/,
    );
    assert.match(r.stdout, /serious {2}color-contrast/);
  });

  test('--json at level A: the audit under "accessibility", no contrast rule; the same calls as without --a11y', async () => {
    const [withAudit, without] = await Promise.all([
      cli('run', VIOLATIONS, '--a11y', '--a11y-level', 'A', '--json', '--settle-ms', '300'),
      cli('run', VIOLATIONS, '--json', '--settle-ms', '300'),
    ]);
    assert.equal(withAudit.status, 1, withAudit.stderr);
    const a = (JSON.parse(withAudit.stdout) as RunJson).accessibility!;
    assert.equal(a.audited, true);
    assert.equal(a.level, 'A');
    const rules = a.violations.map((v) => v.rule).sort();
    assert.deepEqual(rules, ['button-name', 'image-alt', 'label']);
    assert.equal(without.status, 0, 'without --a11y the violations do not change the exit code');
    const plain = JSON.parse(without.stdout) as RunJson;
    assert.equal(plain.accessibility, undefined);
    const methods = (j: RunJson): string[] => j.api_calls.map((c) => c.method);
    assert.deepEqual(methods(JSON.parse(withAudit.stdout) as RunJson), methods(plain));
  });

  test('the sample course is clean at AA: exit 0', async () => {
    const r = await cli('run', SAMPLE, '--a11y', '--json', '--settle-ms', '300');
    assert.equal(r.status, 0, r.stdout + r.stderr);
    const a = (JSON.parse(r.stdout) as RunJson).accessibility!;
    assert.equal(a.summary.total_violations, 0, JSON.stringify(a.violations));
  });

  test('bad flags: --a11y-level without --a11y, an unknown level (exit 2)', async () => {
    const alone = await cli('run', SAMPLE, '--a11y-level', 'AA');
    assert.equal(alone.status, 2);
    assert.match(alone.stderr, /--a11y-level needs --a11y/);
    const bad = await cli('run', SAMPLE, '--a11y', '--a11y-level', 'AAAA');
    assert.equal(bad.status, 2);
    assert.match(bad.stderr, /--a11y-level must be A, AA or AAA \(got "AAAA"\)/);
  });
});
