/**
 * The static checks keep the package's words apart: launch-chain, dependency, XSD, IDRef and version
 * findings of a package whose identifiers, titles, hrefs, schema locations, values and script URLs speak
 * to an AI agent. Through the real CLI (json, text, SARIF, JUnit) and MCP server, no sentence of ours
 * quotes them; `course_text` holds them, cut, and the human formats show them on labelled lines.
 */
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { COURSE_TEXT_MAX } from '../../src/core/course-text.js';
import { cli } from '../helpers/cli.js';
import { courseTextsIn, toolVoiceLeaks } from '../helpers/course-text.js';
import { callTool, startServer, type StartedServer } from '../helpers/mcp-client.js';
import { HOSTILE, writeValidateTextHostile } from '../fixtures/validate-text-hostile.js';

interface Finding {
  rule: string;
  file: string;
  message: string;
  fix: string;
  details?: Record<string, unknown>;
}
type Findings = Record<'errors' | 'warnings' | 'info', Finding[]>;

const { dir: PACKAGE, withSchemas } = writeValidateTextHostile();

/** The rules whose sentences used to quote the package; each must be found. */
const RULES = [
  'api.discovery_missing',
  'deps.external_script',
  'deps.external_stylesheet',
  'seq.idref_unresolved',
  'cp.identifierref_unresolved',
  ...(withSchemas ? ['xsd.invalid', 'cp.controlling_document_missing'] : []),
];

/** A line of ours that shows one course text value, labelled as course content. */
const MARKED = /^\s*course_text\.[\w[\]]+ \(course content, \d+ chars(, cut)?\): "/;

function assertKeptApart(result: unknown, where: string): void {
  assert.deepEqual(
    toolVoiceLeaks(result, HOSTILE),
    [],
    `${where}: the package's words in a sentence of ours`,
  );
  const texts = courseTextsIn(result);
  assert.ok(
    texts.some((t) => HOSTILE.test(t.text)),
    `${where}: the package's words are kept in course_text`,
  );
  for (const t of texts) {
    assert.ok(t.text.length <= COURSE_TEXT_MAX, `${t.path} is cut to ${COURSE_TEXT_MAX}`);
    assert.equal(t.truncated === true, t.length > COURSE_TEXT_MAX, `${t.path} says whether it was cut`);
  }
  assert.ok(
    texts.some((t) => t.truncated && t.length > 10_000),
    `${where}: a 10 kB value is kept, cut, with its length`,
  );
}

/** Every page of a validation tool's answer, following findings_next_cursor. */
async function allFindingPages<T>(tool: string, args: Record<string, unknown>): Promise<T[]> {
  const pages: T[] = [];
  let cursor: string | undefined;
  do {
    const page = await callTool<T & { findings_next_cursor?: string | null }>(server.client, tool, {
      ...args,
      ...(cursor !== undefined ? { cursor } : {}),
    });
    pages.push(page);
    cursor = page.findings_next_cursor ?? undefined;
  } while (cursor !== undefined);
  return pages;
}

function allFindings(json: Findings): Finding[] {
  return [...json.errors, ...json.warnings, ...json.info];
}

function assertRules(findings: Array<{ rule: string }>, where: string, rules = RULES): void {
  const found = new Set(findings.map((f) => f.rule));
  for (const rule of rules)
    assert.ok(found.has(rule), `${where}: ${rule} is found (${[...found].join(', ')})`);
}

test('CLI validate --format json: launch-chain, dependency, XSD and IDRef findings quote the package only in course_text', async () => {
  const r = await cli('validate', PACKAGE, '--format', 'json');
  assert.equal(r.status, 1, r.stderr);
  const json = JSON.parse(r.stdout) as Findings;
  assertKeptApart(json, 'validate --format json');
  assertRules(allFindings(json), 'validate --format json');
  // Structural fields stay as written and say so: a finding still points at the package's file, and
  // details name the keys that hold the package's text.
  const script = allFindings(json).find((f) => f.rule === 'deps.external_script' && HOSTILE.test(f.file));
  assert.ok(script);
  assert.match(String(script.details?.['url']), HOSTILE);
  assert.deepEqual(script.details?.['from_package'], ['url', 'origin']);
  const chain = allFindings(json).find((f) => f.rule === 'api.discovery_missing');
  assert.ok((chain?.details?.['from_package'] as string[] | undefined)?.includes('launch_file'));
});

test('CLI validate (text), SARIF and JUnit: the package words are only on lines labelled as course content', async () => {
  const json = JSON.parse((await cli('validate', PACKAGE, '--format', 'json')).stdout) as Findings;
  // A file name the package chose is shown as one JSON string unless it is a plain path.
  const files = new Set(
    allFindings(json).map((f) => (/^[\w./-]+$/.test(f.file) ? f.file : JSON.stringify(f.file))),
  );
  const withoutLocation = (line: string): string => {
    const trimmed = line.trim();
    const file = [...files].find(
      (f) => trimmed === f || trimmed.startsWith(`${f} `) || trimmed.startsWith(`${f}:`),
    );
    return file === undefined ? trimmed : trimmed.slice(file.length);
  };

  const text = await cli('validate', PACKAGE);
  assert.equal(text.status, 1, text.stderr);
  const lines = text.stdout.split('\n').filter((l) => HOSTILE.test(l));
  assert.ok(
    lines.some((l) => MARKED.test(l)),
    'the values are shown, labelled',
  );
  for (const line of lines)
    assert.ok(
      MARKED.test(line) || !HOSTILE.test(withoutLocation(line)),
      `an unlabelled line quotes the package: ${line.slice(0, 300)}`,
    );

  const sarif = await cli('validate', PACKAGE, '--format', 'sarif');
  const log = JSON.parse(sarif.stdout) as {
    runs: [{ results: Array<{ ruleId: string; message: { text: string }; properties: { fix?: string } }> }];
  };
  const results = log.runs[0].results;
  assertRules(
    results.map((x) => ({ rule: x.ruleId })),
    'SARIF',
  );
  for (const result of results) {
    const [ours, values] = result.message.text.split('\n\nCourse text (');
    assert.doesNotMatch(ours ?? '', HOSTILE, `SARIF ${result.ruleId}: message.text before its course text`);
    assert.doesNotMatch(result.properties.fix ?? '', HOSTILE, `SARIF ${result.ruleId}: fix`);
    for (const line of (values ?? '').split('\n').slice(1))
      assert.ok(
        MARKED.test(line),
        `SARIF ${result.ruleId}: an unlabelled line in the course text part: ${line}`,
      );
  }
  assert.ok(
    results.some((x) => HOSTILE.test(x.message.text)),
    'SARIF shows the values in its course text part',
  );

  const junit = await cli('validate', PACKAGE, '--format', 'junit');
  assert.match(junit.stdout, /^ {2}course_text\.quoted\[0\] \(course content, \d+ chars/m);
  for (const line of junit.stdout.split('\n').filter((l) => /^\s+fix: /.test(l)))
    assert.doesNotMatch(line, HOSTILE, `JUnit fix: ${line}`);
});

let server: StartedServer;
before(async () => {
  server = await startServer();
});
after(async () => {
  await server.close();
});

test('MCP scorm_validate_workspace, scorm_lint_manifest and scorm_lint_sequencing: findings quote the package only in course_text', async () => {
  // The findings take several pages (the answer budget): every page is checked, and the rules looked for
  // are found across them.
  const validatedPages = await allFindingPages<{
    findings: Finding[];
    actionable_fixes: string[];
    validation_results: Record<string, { errors?: string[]; warnings?: string[] }>;
  }>('scorm_validate_workspace', { workspace_path: PACKAGE });
  assertKeptApart(validatedPages, 'scorm_validate_workspace');
  assertRules(
    validatedPages.flatMap((p) => p.findings),
    'scorm_validate_workspace',
  );
  for (const validated of validatedPages) {
    for (const fix of validated.actionable_fixes)
      assert.doesNotMatch(fix, HOSTILE, `actionable_fixes: ${fix}`);
    // "file:line:column [rule] message": after the location, only our words.
    for (const line of Object.values(validated.validation_results).flatMap((c) => [
      ...(c.errors ?? []),
      ...(c.warnings ?? []),
    ]))
      assert.doesNotMatch(line.slice(line.indexOf(' [')), HOSTILE, `scorm_validate_workspace: ${line}`);
  }

  const manifestPages = await allFindingPages<{ errors: string[]; findings: Array<{ rule: string }> }>(
    'scorm_lint_manifest',
    { workspace_path: PACKAGE, scorm_version: '1.2' },
  );
  assertKeptApart(manifestPages, 'scorm_lint_manifest');
  assertRules(
    manifestPages.flatMap((p) => p.findings),
    'scorm_lint_manifest',
    ['cp.identifierref_unresolved', 'cp.version_unexpected'],
  );
  for (const line of manifestPages.flatMap((p) => p.errors))
    assert.doesNotMatch(line.slice(line.indexOf(' [')), HOSTILE, `scorm_lint_manifest errors: ${line}`);

  const sequencing = await callTool<{ issues: Array<{ rule?: string }> }>(
    server.client,
    'scorm_lint_sequencing',
    {
      workspace_path: PACKAGE,
    },
  );
  assert.deepEqual(toolVoiceLeaks(sequencing, HOSTILE), [], 'scorm_lint_sequencing');
  assert.ok(
    courseTextsIn(sequencing).some((t) => /missing-shared-sequencing/.test(t.text)),
    'the broken IDRef is in course_text',
  );
});
