import { test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Finding, RuleInfo } from '../../src/core/findings.js';
import { formatOutcome, SARIF_SCHEMA, toSarif, type ValidationOutcome } from '../../src/report/index.js';
import { tempDir } from '../helpers/temp.js';

const tmp = tempDir('report-sarif-');
test.after(() => rmSync(tmp, { recursive: true, force: true }));
mkdirSync(join(tmp, 'my course'));
writeFileSync(join(tmp, 'pkg.zip'), 'PK');

const rules: RuleInfo[] = [
  {
    id: 'manifest-href-missing',
    severity: 'error',
    category: 'manifest',
    level: 'basic',
    title: 'Resources have an href',
    adl: ['CAM-3-7'],
  },
  {
    id: 'api-no-terminate',
    severity: 'warning',
    category: 'api_usage',
    level: 'basic',
    title: 'SCOs terminate',
  },
  {
    id: 'bp-title-length',
    severity: 'info',
    category: 'best_practice',
    level: 'pedantic',
    title: 'Short titles',
  },
  { id: 'xsd-valid', severity: 'error', category: 'xsd', level: 'basic', title: 'Manifest is schema-valid' },
];

const base: Finding = {
  rule: 'manifest-href-missing',
  severity: 'error',
  category: 'manifest',
  message: 'Resource "r1" has no href',
  fix: 'Add an href',
  file: 'imsmanifest.xml',
  line: 12,
  column: 5,
  adl: ['CAM-3-7'],
};

const findings: Finding[] = [
  base,
  { ...base, line: 20 },
  {
    ...base,
    rule: 'api-no-terminate',
    severity: 'warning',
    category: 'api_usage',
    file: 'sco one/a#b.js',
    line: 4,
    column: 0,
    message: 'No Terminate',
  },
  {
    ...base,
    rule: 'bp-title-length',
    severity: 'info',
    category: 'best_practice',
    file: 'imsmanifest.xml',
    line: 0,
    column: 0,
    message: 'Long title',
  },
  {
    ...base,
    rule: 'not-in-catalogue',
    severity: 'warning',
    category: 'files',
    file: 'été.html',
    line: 1,
    column: 1,
    message: 'x',
  },
];

function outcome(packagePath: string): ValidationOutcome {
  return {
    packagePath,
    packageRoot: tmp,
    scormVersion: '2004 3rd Edition',
    level: 'strict',
    findings,
    rules,
    durationMs: 5,
  };
}

test('log, run and driver carry every field code scanning needs', () => {
  const log = toSarif(outcome(join(tmp, 'my course')), { srcRoot: tmp });
  assert.equal(log.$schema, SARIF_SCHEMA);
  assert.equal(log.version, '2.1.0');
  assert.equal(log.runs.length, 1);
  const driver = log.runs[0].tool.driver;
  assert.equal(driver.name, 'scorm-tester');
  assert.match(driver.informationUri, /^https:\/\//);
  assert.match(driver.semanticVersion, /^\d+\.\d+\.\d+/);
  assert.deepEqual(
    driver.rules.map((r) => r.id),
    ['manifest-href-missing', 'api-no-terminate', 'bp-title-length', 'not-in-catalogue'],
    'only the rules a result refers to; xsd-valid ran without a finding',
  );
  assert.equal(log.runs[0].properties.rulesRun, 5);
  for (const r of driver.rules) {
    assert.ok(r.name && r.shortDescription.text && r.fullDescription.text && r.help.text);
    assert.ok(['error', 'warning', 'note'].includes(r.defaultConfiguration.level));
    assert.ok(r.properties.tags.includes('scorm'));
  }
  const href = driver.rules[0]!;
  assert.equal(href.name, 'ManifestHrefMissing');
  // The rule's help is the rule's own: GitHub shows it beside every alert of the rule.
  assert.equal(
    href.help.text,
    "Resources have an href. Each alert's message ends with the fix for that finding. ADL requirements: CAM-3-7.",
  );
  assert.ok(href.properties.tags.includes('CAM-3-7'));
  assert.equal(driver.rules[2]!.defaultConfiguration.level, 'note');
});

test('results: rule index, levels, 1-based regions, encoded relative URIs', () => {
  const log = toSarif(outcome(join(tmp, 'my course')), { srcRoot: tmp });
  const { results, tool } = log.runs[0];
  assert.equal(results.length, findings.length);
  for (const r of results) {
    assert.equal(tool.driver.rules[r.ruleIndex]!.id, r.ruleId);
    assert.ok(r.message.text.length > 0);
    const loc = r.locations[0]!.physicalLocation;
    assert.equal(loc.artifactLocation.uriBaseId, '%SRCROOT%');
    assert.ok(!loc.artifactLocation.uri.startsWith('/'));
    if (loc.region) {
      assert.ok(loc.region.startLine >= 1);
      if (loc.region.startColumn !== undefined) assert.ok(loc.region.startColumn >= 1);
    }
  }
  const byRule = (id: string) => results.find((r) => r.ruleId === id)!;
  assert.equal(byRule('manifest-href-missing').level, 'error');
  assert.deepEqual(byRule('manifest-href-missing').locations[0]!.physicalLocation, {
    artifactLocation: { uri: 'my%20course/imsmanifest.xml', uriBaseId: '%SRCROOT%' },
    region: { startLine: 12, startColumn: 5 },
  });
  const warn = byRule('api-no-terminate');
  assert.equal(warn.level, 'warning');
  assert.equal(warn.locations[0]!.physicalLocation.artifactLocation.uri, 'my%20course/sco%20one/a%23b.js');
  assert.deepEqual(warn.locations[0]!.physicalLocation.region, { startLine: 4 });
  const note = byRule('bp-title-length');
  assert.equal(note.level, 'note');
  assert.equal(note.locations[0]!.physicalLocation.region, undefined);
  assert.equal(
    byRule('not-in-catalogue').locations[0]!.physicalLocation.artifactLocation.uri,
    'my%20course/%C3%A9t%C3%A9.html',
  );
  assert.equal(log.runs[0].originalUriBaseIds?.['%SRCROOT%']?.uri.endsWith('/'), true);
});

test('fingerprints are stable, ignore line moves and distinguish repeats', () => {
  const a = toSarif(outcome(join(tmp, 'my course')), { srcRoot: tmp }).runs[0].results;
  const moved = toSarif(
    {
      ...outcome(join(tmp, 'my course')),
      findings: findings.map((f) => ({ ...f, line: f.line === 0 ? 0 : f.line + 3 })),
    },
    { srcRoot: tmp },
  ).runs[0].results;
  const prints = (rs: typeof a) => rs.map((r) => Object.values(r.partialFingerprints)[0]);
  assert.deepEqual(prints(a), prints(moved));
  assert.equal(new Set(prints(a)).size, a.length);
  const [first, second] = a.filter((r) => r.ruleId === 'manifest-href-missing');
  assert.equal(
    first!.partialFingerprints['scormTesterFinding/v1']!.split(':')[0],
    second!.partialFingerprints['scormTesterFinding/v1']!.split(':')[0],
  );
});

test('relative package paths stay relative to %SRCROOT%', () => {
  const log = toSarif(outcome('./courses/intro'));
  const uri = log.runs[0].results[0]!.locations[0]!.physicalLocation.artifactLocation.uri;
  assert.equal(uri, 'courses/intro/imsmanifest.xml');
});

test('zip packages point at the zip, with the entry location in the message', () => {
  const log = toSarif(outcome(join(tmp, 'pkg.zip')), { srcRoot: tmp });
  const r = log.runs[0].results[0]!;
  assert.deepEqual(r.locations[0]!.physicalLocation, {
    artifactLocation: { uri: 'pkg.zip', uriBaseId: '%SRCROOT%' },
  });
  assert.equal(r.message.text, 'imsmanifest.xml:12:5: Resource "r1" has no href. Fix: Add an href.');
});

test('packages outside %SRCROOT% get absolute file URIs', () => {
  const log = toSarif(outcome(join(tmp, 'my course')), { srcRoot: join(tmp, 'elsewhere') });
  const loc = log.runs[0].results[0]!.locations[0]!.physicalLocation.artifactLocation;
  assert.match(loc.uri, /^file:\/\/\/.*\/my%20course\/imsmanifest\.xml$/);
  assert.equal(loc.uriBaseId, undefined);
});

test('formatOutcome sarif is JSON of toSarif', () => {
  const o = outcome(join(tmp, 'my course'));
  assert.deepEqual(JSON.parse(formatOutcome(o, 'sarif', { srcRoot: tmp })), toSarif(o, { srcRoot: tmp }));
});

test("each result's message carries its own finding's fix, never another finding's", () => {
  const own: Finding[] = [
    { ...base, message: 'session_time is not a duration', fix: 'Write session_time as PT1M30S' },
    { ...base, line: 30, message: 'result is not a vocabulary value', fix: 'Use correct or incorrect' },
    { ...base, line: 40, message: 'no fix known', fix: '' },
  ];
  const log = toSarif({ ...outcome(join(tmp, 'my course')), findings: own }, { srcRoot: tmp });
  assert.deepEqual(
    log.runs[0].results.map((r) => r.message.text),
    [
      'session_time is not a duration. Fix: Write session_time as PT1M30S.',
      'result is not a vocabulary value. Fix: Use correct or incorrect.',
      'no fix known.',
    ],
  );
  const help = log.runs[0].tool.driver.rules.find((r) => r.id === 'manifest-href-missing')!.help.text;
  assert.doesNotMatch(help, /PT1M30S|correct/);
});
