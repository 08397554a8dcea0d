import { test } from 'node:test';
import assert from 'node:assert/strict';
import { SaxesParser } from 'saxes';
import type { Finding, RuleInfo } from '../../src/core/findings.js';
import { formatJunit, formatOutcome, type ValidationOutcome } from '../../src/report/index.js';

interface Node {
  name: string;
  attributes: Record<string, string>;
  children: Node[];
  text: string;
}

/** Parses with saxes (throws on any well-formedness error) into a small tree. */
function parse(xml: string): Node {
  const parser = new SaxesParser();
  const root: Node = { name: '#document', attributes: {}, children: [], text: '' };
  const stack: Node[] = [root];
  parser.on('opentag', (tag) => {
    const node: Node = {
      name: tag.name,
      attributes: tag.attributes as Record<string, string>,
      children: [],
      text: '',
    };
    stack.at(-1)!.children.push(node);
    stack.push(node);
  });
  parser.on('text', (t) => (stack.at(-1)!.text += t));
  parser.on('closetag', () => void stack.pop());
  parser.write(xml).close();
  return root.children[0]!;
}

const rules: RuleInfo[] = [
  {
    id: 'manifest-href-missing',
    severity: 'error',
    category: 'manifest',
    level: 'basic',
    title: 'Resources have an href',
  },
  {
    id: 'manifest-default-org',
    severity: 'error',
    category: 'manifest',
    level: 'basic',
    title: 'Default organization exists',
  },
  {
    id: 'api-no-terminate',
    severity: 'warning',
    category: 'api_usage',
    level: 'basic',
    title: 'SCOs terminate',
  },
];

const hostile = 'Bad <script>alert("x")</script> & \'quotes\' \u0001 ]]> \uD800';
const findings: Finding[] = [
  {
    rule: 'manifest-href-missing',
    severity: 'error',
    category: 'manifest',
    message: hostile,
    fix: 'Add <href>',
    file: 'imsmanifest.xml',
    line: 3,
    column: 2,
  },
  {
    rule: 'manifest-href-missing',
    severity: 'error',
    category: 'manifest',
    message: 'second',
    fix: '',
    file: 'imsmanifest.xml',
    line: 9,
    column: 2,
  },
  {
    rule: 'api-no-terminate',
    severity: 'warning',
    category: 'api_usage',
    message: 'No Terminate',
    fix: 'Call Terminate("")',
    file: 'a.js',
    line: 1,
    column: 0,
  },
];

const o: ValidationOutcome = {
  packagePath: 'course & co',
  packageRoot: '/nonexistent',
  scormVersion: null,
  level: 'basic',
  findings,
  rules,
  durationMs: 2345,
};

test('JUnit is well-formed XML with one suite per category and one case per rule', () => {
  const xml = formatJunit(o);
  assert.ok(xml.startsWith('<?xml version="1.0" encoding="UTF-8"?>\n'));
  const root = parse(xml);
  assert.equal(root.name, 'testsuites');
  assert.equal(root.attributes.tests, '3');
  assert.equal(root.attributes.failures, '1');
  assert.equal(root.attributes.time, '2.345');
  assert.equal(root.attributes.name, 'scorm-tester course & co');
  const suites = root.children;
  assert.deepEqual(
    suites.map((s) => [s.name, s.attributes.name, s.attributes.tests, s.attributes.failures]),
    [
      ['testsuite', 'Manifest', '2', '1'],
      ['testsuite', 'API usage', '1', '0'],
    ],
  );
  const cases = suites.flatMap((s) => s.children.filter((c) => c.name === 'testcase'));
  assert.deepEqual(
    cases.map((c) => c.attributes.name),
    ['manifest-href-missing', 'manifest-default-org', 'api-no-terminate'],
  );
  assert.equal(cases[0]!.attributes.classname, 'scorm-tester.manifest.imsmanifest.xml');
  assert.equal(cases[1]!.attributes.classname, 'scorm-tester.manifest', 'a rule that found nothing');
  // The common JUnit schema has no skipped attribute on <testsuites>.
  assert.equal(root.attributes.skipped, undefined);
});

test('errors become one failure per rule and file; warnings pass with system-out; text round-trips escaped', () => {
  const root = parse(formatOutcome(o, 'junit'));
  const [href, org, api] = root.children.flatMap((s) => s.children.filter((c) => c.name === 'testcase'));
  const failures = href!.children.filter((c) => c.name === 'failure');
  assert.equal(failures.length, 1);
  const failure = failures[0]!;
  assert.ok(
    failure.attributes.message!.startsWith(
      '2 errors; the first: imsmanifest.xml:3:2: Bad <script>alert("x")</script> & \'quotes\'',
    ),
  );
  assert.ok(failure.text.includes('fix: Add <href>'));
  assert.ok(failure.text.includes('error imsmanifest.xml:9:2 second'));
  assert.equal(org!.children.length, 0);
  assert.deepEqual(
    api!.children.map((c) => c.name),
    ['system-out'],
  );
  assert.ok(api!.children[0]!.text.includes('warning a.js:1 No Terminate\n  fix: Call Terminate("")'));
  const props = root.children[0]!.children.find((c) => c.name === 'properties')!;
  assert.deepEqual(
    props.children.map((p) => [p.attributes.name, p.attributes.value]),
    [
      ['package', 'course & co'],
      ['scorm_version', 'unknown'],
      ['validation_level', 'basic'],
      ['compliance_score', '80'],
    ],
  );
});

test('raw markup never leaks into the XML', () => {
  const xml = formatJunit(o);
  assert.ok(!xml.includes('<script'));
  assert.ok(!xml.includes('\u0001'));
});

test('a finding whose rule is not in the catalogue still appears', () => {
  const extra: Finding = {
    rule: 'files-orphan',
    severity: 'error',
    category: 'files',
    message: 'orphan',
    fix: '',
    file: 'x.png',
    line: 0,
    column: 0,
  };
  const root = parse(formatJunit({ ...o, findings: [...findings, extra] }));
  const files = root.children.find((s) => s.attributes.name === 'Files')!;
  assert.equal(files.children.find((c) => c.name === 'testcase')!.attributes.name, 'files-orphan');
  assert.equal(root.attributes.failures, '2');
});

test('findings of one rule in two files are two test cases, each failing on its own errors', () => {
  const other: Finding = { ...findings[0]!, message: 'third', file: 'other.xml', line: 1, column: 1 };
  const root = parse(formatJunit({ ...o, findings: [...findings, other] }));
  const manifest = root.children.find((s) => s.attributes.name === 'Manifest')!;
  const cases = manifest.children.filter((c) => c.name === 'testcase');
  assert.deepEqual(
    cases.map((c) => [c.attributes.name, c.attributes.classname, c.children.map((x) => x.name).join()]),
    [
      ['manifest-href-missing', 'scorm-tester.manifest.imsmanifest.xml', 'failure'],
      ['manifest-href-missing', 'scorm-tester.manifest.other.xml', 'failure'],
      ['manifest-default-org', 'scorm-tester.manifest', ''],
    ],
  );
  assert.equal(root.attributes.tests, '4');
  assert.equal(root.attributes.failures, '2');
  assert.match(cases[1]!.children[0]!.attributes.message!, /^other\.xml:1:1: third$/);
});
