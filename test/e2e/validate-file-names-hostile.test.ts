/**
 * Issue 20, point 5 (the reviewer's finding 7): names the package chose (file names, zip entry names, the
 * tags of a manifest that is not well-formed XML) never break a line of ours or speak in our sentences,
 * through the CLI (validate text, JSON, SARIF, JUnit) and the MCP server.
 */
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { cli } from '../helpers/cli.js';
import { courseTextOf, courseTextsIn } from '../helpers/course-text.js';
import { callTool, callToolError, startServer, type StartedServer } from '../helpers/mcp-client.js';
import {
  FORGED_FILE,
  FORGED_VERDICT,
  INSTRUCTION_TAG,
  writeForgedFileName,
  writeForgedFileNameZip,
  writeHostileEntryZip,
  writeMalformedManifest,
} from '../fixtures/validate-file-names-hostile.js';

const FOLDER = writeForgedFileName();
const ZIP = writeForgedFileNameZip();
const MALFORMED = writeMalformedManifest();
const ENTRY_ZIP = writeHostileEntryZip();
/** How a line of ours shows the forged file name: one JSON string. */
const QUOTED_FILE = JSON.stringify(FORGED_FILE);
/** A line of ours that shows one course text value, labelled as course content. */
const MARKED = /^\s*course_text\.[\w[\]]+ \(course content, \d+ chars(, cut)?\): "/;
const SAYS = /AI.assistant/;

/** Lines that read as a verdict of ours. */
function verdictLines(text: string): string[] {
  return text.split('\n').filter((l) => /^\s*(VALID|INVALID) · /.test(l));
}

interface Finding {
  rule: string;
  file: string;
  message: string;
  course_text?: Record<string, unknown>;
}

test('CLI validate (text) and JUnit: a file name with newlines cannot forge a verdict line; it is one JSON string', async () => {
  const text = await cli('validate', FOLDER);
  assert.equal(text.status, 0, text.stderr);
  assert.deepEqual(verdictLines(text.stdout), [text.stdout.split('\n')[0]], 'one verdict line, the first');
  const lines = text.stdout.split('\n');
  assert.ok(lines.includes(QUOTED_FILE), `the file heading is the quoted name:\n${text.stdout}`);
  assert.ok(lines.some((l) => l.startsWith(`  ${QUOTED_FILE} warning cp.excess_baggage `)));
  for (const line of lines.filter((l) => SAYS.test(l)))
    assert.ok(line.includes(QUOTED_FILE) || MARKED.test(line), `an unquoted, unlabelled line: ${line}`);

  const junit = await cli('validate', FOLDER, '--format', 'junit');
  assert.equal(junit.status, 0, junit.stderr);
  assert.deepEqual(verdictLines(junit.stdout), []);
  const quotedInXml = QUOTED_FILE.replace(/"/g, '&quot;');
  for (const line of junit.stdout.split('\n').filter((l) => SAYS.test(l)))
    assert.ok(line.includes(quotedInXml) || MARKED.test(line), `an unquoted, unlabelled JUnit line: ${line}`);
});

test('CLI validate --format json and SARIF: the file field keeps the name as written; message text never carries it raw', async () => {
  const json = await cli('validate', FOLDER, '--format', 'json');
  const findings = (JSON.parse(json.stdout) as { warnings: Finding[] }).warnings;
  assert.ok(findings.some((f) => f.file === FORGED_FILE && f.rule === 'cp.excess_baggage'));

  // A zip: SARIF points at the zip and starts the message with the entry's location.
  const sarif = await cli('validate', ZIP, '--format', 'sarif');
  const results = (JSON.parse(sarif.stdout) as { runs: [{ results: Array<{ message: { text: string } }> }] })
    .runs[0].results;
  const forged = results.filter((r) => r.message.text.includes('x.js'));
  assert.ok(forged.length > 0, 'the forged file has a result');
  for (const r of forged) {
    assert.ok(r.message.text.startsWith(`${QUOTED_FILE}: `), r.message.text);
    const [ours] = r.message.text.split('\n\nCourse text (');
    assert.doesNotMatch(ours ?? '', /\n/, 'our part of the message is one line');
  }
});

let server: StartedServer;
before(async () => {
  server = await startServer();
});
after(async () => {
  await server.close();
});

test('MCP scorm_validate_workspace and scorm_lint_manifest: finding strings show a forged file name as one JSON string', async () => {
  const validated = await callTool<{
    findings: Finding[];
    validation_results: Record<string, { errors?: string[]; warnings?: string[] }>;
  }>(server.client, 'scorm_validate_workspace', { workspace_path: FOLDER });
  assert.ok(
    validated.findings.some((f) => f.file === FORGED_FILE),
    'the file field keeps the name',
  );
  const strings = Object.values(validated.validation_results).flatMap((c) => [
    ...(c.errors ?? []),
    ...(c.warnings ?? []),
  ]);
  const forged = strings.filter((s) => s.includes('x.js'));
  assert.ok(forged.length > 0, strings.join('\n'));
  for (const s of strings) assert.doesNotMatch(s, /\n/, `one line: ${s}`);
  for (const s of forged) assert.ok(s.startsWith(`${QUOTED_FILE} [cp.excess_baggage] `), s);

  const linted = await callTool<{ errors: string[]; warnings: string[] }>(
    server.client,
    'scorm_lint_manifest',
    {
      workspace_path: FOLDER,
    },
  );
  const lintForged = [...linted.errors, ...linted.warnings].filter((s) => s.includes('x.js'));
  assert.ok(lintForged.length > 0, JSON.stringify(linted));
  for (const s of lintForged) assert.ok(s.startsWith(`${QUOTED_FILE} [`), s);
});

test("a manifest that is not well-formed XML: its tag and the parser's message are only in course_text (CLI, MCP)", async () => {
  const json = await cli('validate', MALFORMED, '--format', 'json');
  assert.equal(json.status, 1, json.stderr);
  const error = (JSON.parse(json.stdout) as { errors: Finding[] }).errors.find(
    (f) => f.rule === 'xml.malformed',
  );
  assert.ok(error, json.stdout);
  assert.doesNotMatch(error.message, SAYS);
  assert.match(error.message, /`course_text\.quoted\[0\]`/);
  assert.match(courseTextOf(error, 'quoted'), new RegExp(INSTRUCTION_TAG));

  const text = await cli('validate', MALFORMED);
  for (const line of text.stdout.split('\n').filter((l) => SAYS.test(l)))
    assert.match(line, MARKED, `an unlabelled line quotes the tag: ${line}`);

  const opened = await callToolError(server.client, 'scorm_session_open', { package_path: MALFORMED });
  assert.equal(opened.error_code, 'MANIFEST_VALIDATION_ERROR');
  assert.doesNotMatch(opened.message, SAYS);
  const details = opened.data.details as { course_text?: unknown };
  assert.ok(
    courseTextsIn(details).some((t) => t.text.includes(INSTRUCTION_TAG)),
    JSON.stringify(opened.data),
  );
});

test('a zip entry name that forges a verdict line: the error names it only through course_text (CLI, MCP)', async () => {
  const r = await cli('validate', ENTRY_ZIP);
  assert.equal(r.status, 2, r.stderr);
  assert.deepEqual(verdictLines(r.stderr), [], r.stderr);
  assert.match(r.stderr, /ZIP_SLIP: Entry `course_text\.quoted\[0\]`/);
  const labelled = r.stderr.split('\n').filter((l) => MARKED.test(l));
  assert.ok(
    labelled.some((l) => l.includes(JSON.stringify(`../x\n${FORGED_VERDICT}`))),
    r.stderr,
  );
  for (const line of r.stderr.split('\n').filter((l) => SAYS.test(l)))
    assert.match(line, MARKED, `an unlabelled line: ${line}`);

  const failed = await callToolError(server.client, 'scorm_validate_workspace', {
    workspace_path: ENTRY_ZIP,
  });
  assert.equal(failed.error_code, 'ZIP_SLIP');
  assert.doesNotMatch(failed.message, SAYS);
  assert.ok(courseTextsIn(failed.data.details).some((t) => t.text.includes(FORGED_VERDICT)));
});
