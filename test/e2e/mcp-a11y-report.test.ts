/**
 * scorm_report's accessibility part over stdio: with a session whose runtime is open, the report (JSON and
 * HTML) carries the audit of the running SCO; otherwise it says why there is none. Course text in the HTML
 * is escaped.
 */
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { callTool, callToolError, startServer, type StartedServer } from '../helpers/mcp-client.js';
import { FIXTURES_DIR } from '../helpers/paths.js';

const COURSE = join(FIXTURES_DIR, 'courses', 'a11y-violations');

interface Accessibility {
  audited: boolean;
  not_applicable?: { code: string; message: string };
  session_id?: string;
  level?: string;
  frames_audited?: string[];
  violations?: Array<{ rule: string; node_count: number; nodes: Array<{ frame: string; selector: string }> }>;
  summarised?: true;
  frames_audited_count?: number;
  violations_by_impact?: Record<string, number>;
  violations_by_rule?: Record<string, number>;
  message?: string;
}
interface Report {
  valid: boolean;
  report_path: string | null;
  accessibility: Accessibility;
}

let server: StartedServer;

before(async () => {
  server = await startServer();
});
after(async () => {
  await server.close();
});

const openSession = async (): Promise<string> =>
  (await callTool<{ session_id: string }>(server.client, 'scorm_session_open', { package_path: COURSE }))
    .session_id;

test('with an open runtime the report holds the audit, in its JSON and as an escaped HTML section', async () => {
  const sessionId = await openSession();
  await callTool(server.client, 'scorm_runtime_open', { session_id: sessionId });
  const report = await callTool<Report>(server.client, 'scorm_report', {
    workspace_path: COURSE,
    session_id: sessionId,
  });
  // Without cursor, a first look: the audit as counts of failing elements by impact and rule id.
  const look = report.accessibility;
  assert.equal(look.audited, true);
  assert.equal(look.summarised, true);
  assert.equal(look.violations, undefined, 'no rule descriptions, help URLs or elements');
  assert.equal(look.frames_audited_count, 2);
  assert.match(look.message ?? '', /cursor "0" gives the first page with the audit/);
  const perRule = look.violations_by_rule ?? {};
  for (const rule of ['image-alt', 'label', 'button-name', 'color-contrast'])
    assert.ok((perRule[rule] ?? 0) > 0, `${rule} counted`);
  const sum = (counts: Record<string, number>): number => Object.values(counts).reduce((x, y) => x + y, 0);
  assert.equal(sum(look.violations_by_impact ?? {}), sum(perRule), 'both counts count every failing element');

  // cursor "0": the first page with the audit itself, counting as the first look did.
  const full = await callTool<Report>(server.client, 'scorm_report', {
    workspace_path: COURSE,
    session_id: sessionId,
    format: 'json',
    cursor: '0',
  });
  const a = full.accessibility;
  assert.equal(a.audited, true);
  assert.equal(a.summarised, undefined);
  for (const v of a.violations ?? []) assert.equal(v.node_count, perRule[v.rule], v.rule);
  assert.equal(a.session_id, sessionId);
  assert.equal(a.level, 'AA');
  assert.deepEqual(a.frames_audited, ['sco', 'sco > iframe#content']);
  const rules = (a.violations ?? []).map((v) => v.rule);
  for (const rule of ['image-alt', 'label', 'button-name', 'color-contrast'])
    assert.ok(rules.includes(rule), rule);

  assert.ok(report.report_path);
  const html = readFileSync(report.report_path, 'utf8');
  assert.match(html, /<section id="accessibility">\n<h2>Accessibility<\/h2>/);
  assert.match(html, /<code class="rule">image-alt<\/code>/);
  assert.match(html, /&lt;img id=&quot;map&quot;/, 'the element HTML is escaped');
  assert.doesNotMatch(html, /<img id="map"/);
  assert.match(html, /Give the &lt;img&gt; an alt attribute/);
  assert.match(html, /sco &gt; iframe#content/);
  await callTool(server.client, 'scorm_session_close', { session_id: sessionId });
});

test('without session_id, or with no runtime open, the report says why the audit was not run', async () => {
  const plain = await callTool<Report>(server.client, 'scorm_report', {
    workspace_path: COURSE,
    format: 'json',
  });
  assert.equal(plain.accessibility.audited, false);
  assert.equal(plain.accessibility.not_applicable?.code, 'NO_SESSION');
  assert.match(plain.accessibility.not_applicable?.message ?? '', /No session_id was given/);
  assert.equal(plain.report_path, null);

  const sessionId = await openSession();
  const noRuntime = await callTool<Report>(server.client, 'scorm_report', {
    workspace_path: COURSE,
    session_id: sessionId,
  });
  assert.equal(noRuntime.accessibility.audited, false);
  assert.equal(noRuntime.accessibility.not_applicable?.code, 'NO_RUNTIME');
  assert.match(
    noRuntime.accessibility.not_applicable?.message ?? '',
    /has no open runtime.*scorm_runtime_open/,
  );
  const html = readFileSync(noRuntime.report_path!, 'utf8');
  assert.match(html, /Accessibility audit not run: Session sess_\S+ has no open runtime/);
  await callTool(server.client, 'scorm_session_close', { session_id: sessionId });
});

test("session_id alone reports on the session's package, with the audit, as docs/acting-in-courses.md describes", async () => {
  const sessionId = await openSession();
  await callTool(server.client, 'scorm_runtime_open', { session_id: sessionId });
  const bySession = await callTool<Report & { errors: unknown[]; warnings: unknown[] }>(
    server.client,
    'scorm_report',
    { session_id: sessionId, format: 'json' },
  );
  assert.equal(bySession.accessibility.audited, true);
  assert.equal(bySession.accessibility.session_id, sessionId);
  const byPath = await callTool<Report & { errors: unknown[]; warnings: unknown[] }>(
    server.client,
    'scorm_report',
    { workspace_path: COURSE, format: 'json' },
  );
  assert.deepEqual(bySession.errors, byPath.errors);
  assert.deepEqual(bySession.warnings, byPath.warnings);
  await callTool(server.client, 'scorm_session_close', { session_id: sessionId });

  const neither = await callToolError(server.client, 'scorm_report', { format: 'json' });
  assert.equal(neither.error_code, 'MCP_INVALID_PARAMS');
  assert.match(neither.message, /workspace_path, or the session_id/);
});
