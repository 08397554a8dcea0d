/**
 * A package missing many files (issue 24, point 8): people and agents see one group of
 * cp.file_missing with a count and three examples; the JSON format keeps every instance.
 */
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { cli } from '../helpers/cli.js';
import { writePackage } from '../helpers/course-builder.js';
import { callTool, startServer, type StartedServer } from '../helpers/mcp-client.js';

const MISSING = 40;

function packageMissingFiles(): string {
  const files = Array.from({ length: MISSING }, (_, i) => `<file href="images/slide${i}.png"/>`).join(
    '\n      ',
  );
  return writePackage({
    'index.html': '<!doctype html><title>Course</title><p>Course</p>',
    'imsmanifest.xml': `<?xml version="1.0" encoding="UTF-8"?>
<manifest identifier="M" version="1" xmlns="http://www.imsproject.org/xsd/imscp_rootv1p1p2"
  xmlns:adlcp="http://www.adlnet.org/xsd/adlcp_rootv1p2">
  <metadata><schema>ADL SCORM</schema><schemaversion>1.2</schemaversion></metadata>
  <organizations default="O"><organization identifier="O"><title>Course</title>
    <item identifier="I" identifierref="R"><title>One</title></item>
  </organization></organizations>
  <resources>
    <resource identifier="R" type="webcontent" adlcp:scormtype="asset" href="index.html">
      <file href="index.html"/>
      ${files}
    </resource>
  </resources>
</manifest>
`,
  });
}

let server: StartedServer;
before(async () => {
  server = await startServer();
});
after(async () => {
  await server.close();
});

test('CLI text lists three cp.file_missing findings and counts the rest; --format json keeps each', async () => {
  const dir = packageMissingFiles();
  const text = await cli('validate', dir, '--quiet');
  assert.equal(text.status, 1, text.stderr);
  assert.equal(text.stdout.match(/ error cp\.file_missing /g)?.length, 3, text.stdout);
  assert.ok(
    text.stdout.includes(
      `… ${MISSING - 3} more cp.file_missing findings not listed (${MISSING} in all; --format json lists every one)`,
    ),
    text.stdout,
  );
  const json = await cli('validate', dir, '--format', 'json', '--quiet');
  const report = JSON.parse(json.stdout) as { errors: Array<{ rule: string }> };
  assert.equal(report.errors.filter((e) => e.rule === 'cp.file_missing').length, MISSING);
});

interface Grouped {
  findings: Array<{ rule: string; file: string; line: number }>;
  findings_next_cursor?: string | null;
  findings_total?: number;
  finding_groups?: Array<{
    rule: string;
    severity: string;
    count: number;
    examples_shown: number;
    rest_cursor: string;
  }>;
}

for (const tool of ['scorm_validate_workspace', 'scorm_lint_manifest']) {
  test(`${tool}: one cp.file_missing group with a count, three examples and a cursor for the rest`, async () => {
    const dir = packageMissingFiles();
    const first = await callTool<Grouped>(server.client, tool, { workspace_path: dir });
    assert.equal(first.findings.filter((f) => f.rule === 'cp.file_missing').length, 3);
    const group = first.finding_groups?.find((g) => g.rule === 'cp.file_missing');
    assert.deepEqual(
      { ...group, rest_cursor: typeof group?.rest_cursor },
      {
        rule: 'cp.file_missing',
        severity: 'error',
        count: MISSING,
        examples_shown: 3,
        rest_cursor: 'string',
      },
    );
    const seen = new Set(first.findings.filter((f) => f.rule === 'cp.file_missing').map((f) => f.line));
    let cursor: string | null | undefined = group?.rest_cursor;
    while (cursor) {
      const page: Grouped = await callTool<Grouped>(server.client, tool, { workspace_path: dir, cursor });
      for (const f of page.findings.filter((x) => x.rule === 'cp.file_missing')) seen.add(f.line);
      cursor = page.findings_next_cursor;
    }
    assert.equal(seen.size, MISSING, 'paging from the group cursor reaches every instance');
  });
}

test('scorm_validate_workspace: a summary first (counts by severity, groups, the top findings); its cursor and detail "full" page on to every finding once', async () => {
  const dir = packageMissingFiles();
  const summary = await callTool<Grouped & { findings_by_severity?: Record<string, number> }>(
    server.client,
    'scorm_validate_workspace',
    { workspace_path: dir },
  );
  assert.ok(summary.findings.length > 0 && summary.findings.length <= 4, `${summary.findings.length} listed`);
  assert.ok(summary.finding_groups?.some((g) => g.rule === 'cp.file_missing' && g.count === MISSING));
  const total = summary.findings_total!;
  const bySeverity = summary.findings_by_severity!;
  assert.equal(bySeverity.error! + bySeverity.warning! + bySeverity.info!, total);
  assert.ok(bySeverity.error! >= MISSING);

  const key = (f: Grouped['findings'][number]): string => JSON.stringify(f);
  const seen = summary.findings.map(key);
  let cursor = summary.findings_next_cursor;
  while (cursor) {
    const page: Grouped = await callTool<Grouped>(server.client, 'scorm_validate_workspace', {
      workspace_path: dir,
      cursor,
    });
    seen.push(...page.findings.map(key));
    cursor = page.findings_next_cursor;
  }
  assert.equal(seen.length, total, 'every finding listed');
  assert.equal(new Set(seen).size, total, 'each once');

  // detail "full" starts with a whole page (here the grouped listing: the examples and every other finding).
  const full = await callTool<Grouped>(server.client, 'scorm_validate_workspace', {
    workspace_path: dir,
    detail: 'full',
  });
  assert.ok(full.findings.length >= summary.findings.length);
  assert.deepEqual(full.findings.slice(0, summary.findings.length).map(key), summary.findings.map(key));
});
