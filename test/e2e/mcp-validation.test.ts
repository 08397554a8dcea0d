import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { callTool, callToolError, startServer, type StartedServer } from '../helpers/mcp-client.js';
import { copySample, writePackage } from '../helpers/course-builder.js';
import { SAMPLES_DIR } from '../helpers/paths.js';
import { buildZip } from '../helpers/zip-writer.js';
import { tempDir } from '../helpers/temp.js';

const SAMPLE = join(SAMPLES_DIR, 'sample-course');
let server: StartedServer;

before(async () => {
  server = await startServer();
});
after(async () => {
  await server.close();
});

interface Issue {
  rule: string;
  file: string;
  line: number;
  issue: string;
  fix_suggestion: string;
}

test('scorm_validate_workspace: valid sample, then a broken copy with findings per category', async () => {
  const ok = await callTool<{
    success: boolean;
    compliance_score: number;
    validation_results: Record<string, { valid: boolean }>;
  }>(server.client, 'scorm_validate_workspace', { workspace_path: SAMPLE });
  assert.equal(ok.success, true);
  assert.ok(ok.compliance_score >= 90);
  assert.deepEqual(Object.keys(ok.validation_results).sort(), [
    'api_usage',
    'files',
    'manifest',
    'sequencing',
    'structure',
  ]);

  const broken = copySample(undefined, {
    'quiz/quiz.js': "var api = window.parent.API_1484_11;\napi.SetValue('cmi.completion_status', 'done');\n",
  });
  const bad = await callTool<{
    success: boolean;
    actionable_fixes: string[];
    validation_results: { api_usage: { valid: boolean; issues: Issue[] } };
  }>(server.client, 'scorm_validate_workspace', { workspace_path: broken, check_categories: ['api_usage'] });
  assert.equal(bad.success, false);
  assert.deepEqual(Object.keys(bad.validation_results), ['api_usage']);
  assert.ok(
    bad.validation_results.api_usage.issues.some(
      (i) => i.rule === 'api.invalid_value' && i.file === 'quiz/quiz.js' && i.line === 2,
    ),
  );
  assert.ok(bad.actionable_fixes.length > 0);
  // Each fix is said once: in its finding, which the fix list and the issue point at.
  const listed = await callTool<{
    actionable_fixes: string[];
    findings: Array<{ rule: string; fix: string }>;
    validation_results: { api_usage: { issues: Issue[] } };
  }>(server.client, 'scorm_validate_workspace', { workspace_path: broken, check_categories: ['api_usage'] });
  for (const pointer of listed.actionable_fixes) {
    const at = /^findings\[(\d+)\]\.fix$/.exec(pointer);
    assert.ok(at, `a pointer: ${pointer}`);
    assert.ok(listed.findings[Number(at[1])]?.fix);
  }
  for (const i of listed.validation_results.api_usage.issues)
    assert.match(i.fix_suggestion, /^see findings\[\d+\]$/);
});

test('scorm_lint_manifest: errors as located strings plus structured findings', async () => {
  const dir = copySample();
  const manifest = join(dir, 'imsmanifest.xml');
  writeFileSync(
    manifest,
    readFileSync(manifest, 'utf8').replace(
      '<organizations default="sample_org">',
      '<organizations default="nope">',
    ),
  );
  const r = await callTool<{
    valid: boolean;
    errors: string[];
    findings: Array<{ rule: string; line: number }>;
  }>(server.client, 'scorm_lint_manifest', {
    workspace_path: dir,
  });
  assert.equal(r.valid, false);
  assert.ok(r.findings.some((f) => f.rule === 'cp.default_org_unresolved' && f.line > 0));
  assert.match(r.errors.join('\n'), /imsmanifest\.xml:\d+:\d+ \[cp\.default_org_unresolved\]/);
  const mismatch = await callTool<{ findings: Array<{ rule: string }> }>(
    server.client,
    'scorm_lint_manifest',
    { workspace_path: SAMPLE, scorm_version: '1.2' },
  );
  assert.ok(mismatch.findings.some((f) => f.rule === 'cp.version_unexpected'));
});

test('scorm_lint_api_usage and scorm_lint_sequencing on the sample', async () => {
  const api = await callTool<{ scanned_files: string[]; issues: Issue[] }>(
    server.client,
    'scorm_lint_api_usage',
    { workspace_path: SAMPLE },
  );
  assert.ok(api.scanned_files.includes('quiz/quiz.js'));
  assert.ok(
    !api.issues.some((i) => (i as unknown as { severity: string }).severity === 'error'),
    JSON.stringify(api.issues),
  );
  const seq = await callTool<{ valid: boolean; issues: Issue[] }>(server.client, 'scorm_lint_sequencing', {
    workspace_path: SAMPLE,
  });
  assert.equal(seq.valid, true);
});

test('scorm_validate_compliance: score, report file, and fix_issues refused', async () => {
  const r = await callTool<{ compliance_score: number; validation_report: string; fixed_issues: unknown[] }>(
    server.client,
    'scorm_validate_compliance',
    {
      workspace_path: SAMPLE,
    },
  );
  assert.ok(r.compliance_score >= 90);
  assert.ok(existsSync(r.validation_report));
  const refused = await callToolError(server.client, 'scorm_validate_compliance', {
    workspace_path: SAMPLE,
    fix_issues: true,
  });
  assert.equal(refused.error_code, 'MCP_INVALID_PARAMS');
});

test('scorm_report writes HTML where asked and returns the JSON report', async () => {
  const out = join(server.outputDir, 'r.html');
  const r = await callTool<{ valid: boolean; report_path: string }>(server.client, 'scorm_report', {
    workspace_path: SAMPLE,
    output_path: out,
  });
  assert.equal(r.valid, true);
  assert.equal(r.report_path, out);
  assert.match(readFileSync(out, 'utf8'), /Reading a Weather Map|sample/i);
});

test('zip packages validate too; hostile zips get their own error codes', async () => {
  const files = [
    'imsmanifest.xml',
    'intro/index.html',
    'quiz/index.html',
    'quiz/quiz.js',
    'shared/scorm-api.js',
    'shared/style.css',
  ];
  const zip = buildZip(files.map((name) => ({ name, data: readFileSync(join(SAMPLE, name)) })));
  const zipPath = join(tempDir('scorm-tester-zip-'), 'course.zip');
  writeFileSync(zipPath, zip);
  const ok = await callTool<{ success: boolean }>(server.client, 'scorm_validate_workspace', {
    workspace_path: zipPath,
  });
  assert.equal(ok.success, true);

  const slipPath = join(tempDir('scorm-tester-zip-'), 'slip.zip');
  writeFileSync(
    slipPath,
    buildZip([
      { name: 'imsmanifest.xml', data: Buffer.from('<manifest/>') },
      { name: '../../evil.txt', data: Buffer.from('x') },
    ]),
  );
  const slip = await callToolError(server.client, 'scorm_lint_manifest', { workspace_path: slipPath });
  assert.equal(slip.error_code, 'ZIP_SLIP');

  const notZip = join(tempDir('scorm-tester-zip-'), 'fake.zip');
  writeFileSync(notZip, 'hello');
  assert.equal(
    (await callToolError(server.client, 'scorm_lint_manifest', { workspace_path: notZip })).error_code,
    'ZIP_INVALID',
  );
});

test('error codes: missing path, empty folder, no manifest, manifest in a subfolder', async () => {
  const missing = await callToolError(server.client, 'scorm_validate_workspace', {
    workspace_path: '/no/such/course',
  });
  assert.equal(missing.error_code, 'PATH_RESOLUTION_ERROR');
  const empty = tempDir('scorm-tester-empty-');
  assert.equal(
    (await callToolError(server.client, 'scorm_validate_workspace', { workspace_path: empty })).error_code,
    'PACKAGE_EMPTY',
  );
  const noManifest = writePackage({ 'index.html': '<p>hi</p>' });
  assert.equal(
    (await callToolError(server.client, 'scorm_lint_manifest', { workspace_path: noManifest })).error_code,
    'MANIFEST_NOT_FOUND',
  );
  const nested = writePackage({
    'course/imsmanifest.xml': readFileSync(join(SAMPLE, 'imsmanifest.xml'), 'utf8'),
  });
  const sub = await callToolError(server.client, 'scorm_lint_manifest', { workspace_path: nested });
  assert.equal(sub.error_code, 'MANIFEST_NOT_AT_ROOT');
  assert.match(sub.message, /course/);
  const invalid = await callToolError(server.client, 'scorm_lint_manifest', {});
  assert.equal(invalid.error_code, 'MCP_INVALID_PARAMS');
});

test('hostile manifests give findings, not crashes: entity bomb, malformed, BOM', async () => {
  const bomb = writePackage({
    'imsmanifest.xml':
      '<?xml version="1.0"?>\n<!DOCTYPE lolz [<!ENTITY lol "lol"><!ENTITY lol2 "&lol;&lol;&lol;&lol;&lol;&lol;&lol;&lol;">]>\n<manifest>&lol2;</manifest>\n',
  });
  const r = await callTool<{ valid: boolean; findings: Array<{ rule: string }> }>(
    server.client,
    'scorm_lint_manifest',
    { workspace_path: bomb },
  );
  assert.equal(r.valid, false);
  assert.equal(r.findings[0]?.rule, 'xml.doctype_entities');
  const bom = copySample();
  const text = readFileSync(join(bom, 'imsmanifest.xml'));
  writeFileSync(join(bom, 'imsmanifest.xml'), Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), text]));
  const withBom = await callTool<{ valid: boolean }>(server.client, 'scorm_lint_manifest', {
    workspace_path: bom,
  });
  assert.equal(withBom.valid, true);
});
