/**
 * scorm_accessibility_audit over stdio against real courses in Chromium: known violations in the SCO
 * frame and in a nested iframe, levels, a clean sample course, a course that tampers with the globals an
 * auditor would use, a page too large for the time budget and a course stuck in a loop. The audit never
 * adds to the record.
 */
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { join } from 'node:path';
import {
  callTool,
  callToolError,
  startServer,
  type StartedServer,
  openSessionRuntime,
} from '../helpers/mcp-client.js';
import { allSessionEvents } from '../helpers/session-events.js';
import { FIXTURES_DIR, SAMPLES_DIR } from '../helpers/paths.js';

interface Node {
  frame: string;
  selector: string;
  ref?: string;
  html: string;
  failure_summary: string;
}
interface Finding {
  rule: string;
  impact: string | null;
  wcag: string[];
  description: string;
  help_url: string;
  fix_hint: string;
  node_count: number;
  nodes: Node[];
}
interface Audit {
  level: string;
  tags: string[];
  frames_audited: string[];
  frames_skipped: Array<{ frame: string; message: string }>;
  violations: Finding[];
  incomplete: Finding[];
  incomplete_count: number;
  passes: number;
  summary: { by_impact: Record<string, number>; total_violations: number; total_nodes: number };
  duration_ms: number;
}

let server: StartedServer;

before(async () => {
  server = await startServer();
});
after(async () => {
  await server.close();
});

const course = (name: string): string => join(FIXTURES_DIR, 'courses', name);

const openRuntime = (path: string): Promise<string> => openSessionRuntime(server.client, path);

const audit = (sessionId: string, extra: Record<string, unknown> = {}): Promise<Audit> =>
  callTool<Audit>(server.client, 'scorm_accessibility_audit', { session_id: sessionId, ...extra });

const rules = (a: Audit): string[] => a.violations.map((v) => v.rule).sort();
const find = (a: Audit, rule: string): Finding => {
  const found = a.violations.find((v) => v.rule === rule);
  assert.ok(found, `expected a ${rule} violation, got ${rules(a).join(', ')}`);
  return found;
};

/** What the runtime has recorded: the audit must leave all of it as it was. */
async function record(sessionId: string): Promise<unknown> {
  const status = await callTool(server.client, 'scorm_runtime_status', { session_id: sessionId });
  const consoleErrors = await callTool(server.client, 'scorm_get_console_errors', { session_id: sessionId });
  const network = await callTool<{ requests: unknown[] }>(server.client, 'scorm_get_network_requests', {
    session_id: sessionId,
  });
  const model = await callTool(server.client, 'scorm_data_model_get', { session_id: sessionId });
  return {
    calls: status.call_count,
    last: status.last_api_method,
    console: consoleErrors.error_count,
    network: network.requests.length,
    model,
  };
}

/** The operations whose stuck script was stopped, from the session's events. */
async function scriptStops(sessionId: string): Promise<string[]> {
  const events = await allSessionEvents(server.client, sessionId);
  return events
    .filter((e) => e.payload?.kind === 'script_terminated')
    .map((e) => String(e.payload?.operation));
}

async function close(sessionId: string): Promise<void> {
  await callTool(server.client, 'scorm_session_close', { session_id: sessionId });
}

describe('scorm_accessibility_audit', () => {
  test('known violations in the SCO frame and in its nested iframe, each with frame, selector, WCAG and a fix; nothing recorded', async () => {
    const sessionId = await openRuntime(course('a11y-violations'));
    const before = await record(sessionId);
    const a = await audit(sessionId);
    assert.equal(a.level, 'AA');
    assert.deepEqual(a.frames_audited, ['sco', 'sco > iframe#content']);
    assert.deepEqual(a.frames_skipped, []);
    assert.ok(a.tags.includes('wcag2a') && a.tags.includes('wcag2aa') && a.tags.includes('wcag21aa'));
    assert.ok(!a.tags.includes('wcag2aaa') && !a.tags.includes('best-practice'));
    for (const rule of ['image-alt', 'label', 'button-name', 'color-contrast']) find(a, rule);

    const alt = find(a, 'image-alt');
    assert.equal(alt.impact, 'critical');
    assert.ok(alt.wcag.includes('1.1.1'), alt.wcag.join());
    assert.match(alt.fix_hint, /alt attribute/);
    assert.match(alt.help_url, /^https:\/\/dequeuniversity\.com\/rules\/axe\//);
    assert.deepEqual(
      alt.nodes.map((n) => [n.frame, n.selector]),
      [
        ['sco', '#map'],
        ['sco > iframe#content', '#inner-chart'],
      ],
    );
    assert.equal(alt.node_count, 2);
    assert.match(alt.nodes[0]!.html, /^<img id="map"/);
    assert.match(alt.nodes[0]!.failure_summary, /alt/);

    const label = find(a, 'label');
    assert.deepEqual(label.nodes.map((n) => `${n.frame} ${n.selector}`).sort(), [
      'sco #answer',
      'sco > iframe#content #inner-field',
    ]);
    assert.deepEqual(
      find(a, 'button-name').nodes.map((n) => n.selector),
      ['#next'],
    );
    // Each failing control carries the ref the DOM tools act on, in its own frame.
    for (const node of [...find(a, 'button-name').nodes, ...label.nodes]) {
      assert.match(node.ref ?? '', /^f\d+e\d+$/, `${node.frame} ${node.selector} has no ref`);
      const q = await callTool<{ found: boolean; frame: string; attributes: Record<string, string> }>(
        server.client,
        'scorm_dom_query',
        { session_id: sessionId, ref: node.ref, query_type: 'attributes' },
      );
      assert.equal(q.frame, node.frame);
      assert.equal(`#${q.attributes.id}`, node.selector);
    }
    const contrast = find(a, 'color-contrast');
    assert.equal(contrast.impact, 'serious');
    assert.ok(contrast.wcag.includes('1.4.3'));
    assert.deepEqual(
      contrast.nodes.map((n) => n.selector),
      ['#faint'],
    );

    assert.equal(a.summary.total_violations, a.violations.length);
    assert.equal(
      a.summary.total_nodes,
      a.violations.reduce((s, v) => s + v.node_count, 0),
    );
    assert.ok(a.summary.by_impact.critical! >= 3, JSON.stringify(a.summary));
    assert.ok(a.passes > 0);
    assert.equal(a.incomplete_count, a.incomplete.length);
    assert.ok(a.duration_ms >= 0);
    assert.deepEqual(await record(sessionId), before, 'the audit added nothing to the record');
    await close(sessionId);
  });

  test('levels select the WCAG tags (A leaves out contrast, AAA adds enhanced contrast), best practices and the node cap', async () => {
    const sessionId = await openRuntime(course('a11y-violations'));
    const a = await audit(sessionId, { level: 'A' });
    assert.ok(!rules(a).includes('color-contrast'), rules(a).join());
    assert.ok(rules(a).includes('image-alt'));
    assert.ok(!a.tags.includes('wcag2aa'));

    const aaa = await audit(sessionId, { level: 'AAA' });
    assert.deepEqual(
      find(aaa, 'color-contrast-enhanced').nodes.map((n) => n.selector),
      ['#mid-grey'],
    );
    assert.ok(aaa.tags.includes('wcag2aaa'));

    const best = await audit(sessionId, { include_best_practices: true, max_nodes_per_rule: 1 });
    assert.ok(best.tags.includes('best-practice'));
    const alt = find(best, 'image-alt');
    assert.equal(alt.node_count, 2);
    assert.equal(alt.nodes.length, 1);
    await close(sessionId);
  });

  test('the sample course audits clean at AA', async () => {
    const sessionId = await openRuntime(join(SAMPLES_DIR, 'sample-course'));
    const a = await audit(sessionId);
    assert.deepEqual(
      a.violations.map((v) => `${v.rule}: ${v.nodes.map((n) => n.selector).join(', ')}`),
      [],
    );
    assert.equal(a.summary.total_violations, 0);
    assert.deepEqual(a.frames_audited, ['sco']);
    await close(sessionId);
  });

  test('the automation sample course audits clean at AA on every slide', async () => {
    const sessionId = await openRuntime(join(SAMPLES_DIR, 'automation-course'));
    for (const slideId of ['intro', 'cycle', 'check-1', 'check-2', 'check-3', 'summary']) {
      await callTool(server.client, 'scorm_automation_go_to_slide', { session_id: sessionId, slideId });
      const a = await audit(sessionId);
      assert.deepEqual(
        a.violations.map((v) => `${v.rule}: ${v.nodes.map((n) => n.selector).join(', ')}`),
        [],
        `slide ${slideId}`,
      );
    }
    await close(sessionId);
  });

  test('a course that fakes window.axe and replaces built-ins still gets its real findings', async () => {
    const sessionId = await openRuntime(course('a11y-tampered'));
    const before = await record(sessionId);
    const a = await audit(sessionId);
    assert.deepEqual(a.frames_audited, ['sco', 'sco > iframe#content']);
    assert.deepEqual(
      find(a, 'image-alt').nodes.map((n) => n.selector),
      ['#hidden-truth'],
    );
    assert.deepEqual(
      find(a, 'label').nodes.map((n) => n.selector),
      ['#unnamed'],
    );
    assert.deepEqual(
      find(a, 'button-name').nodes.map((n) => [n.frame, n.selector]),
      [['sco > iframe#content', '#inner-icon']],
    );
    assert.notEqual((a as unknown as { axe_version: string }).axe_version, '9.9.9');
    assert.deepEqual(await record(sessionId), before);
    await close(sessionId);
  });

  test('a page too large for the budget: A11Y_AUDIT_ERROR names the budget, axe is stopped, the runtime stays usable', async () => {
    const sessionId = await openRuntime(course('a11y-slow'));
    const err = await callToolError(server.client, 'scorm_accessibility_audit', {
      session_id: sessionId,
      timeout_ms: 1_500,
    });
    assert.equal(err.error_code, 'A11Y_AUDIT_ERROR');
    // The SCO frame's label is ours; a frame the course named would be in course_text.frame.
    assert.match(err.message, /did not finish within 1500 ms \((loading axe-core|running axe), frame sco\)/);
    assert.match(err.message, /timeout_ms/);
    assert.match(err.message, /The running script was stopped; the runtime is still usable/);
    const status = await callTool(server.client, 'scorm_runtime_status', { session_id: sessionId });
    assert.equal(status.open, true);
    const got = await callTool<{ result: string }>(server.client, 'scorm_api_call', {
      session_id: sessionId,
      method: 'GetValue',
      args: ['cmi.mode'],
    });
    assert.equal(got.result, 'normal');
    assert.ok(
      (await scriptStops(sessionId)).includes('the accessibility audit'),
      'the stopped audit is a session event',
    );
    await close(sessionId);
  });

  test('a course stuck in an endless loop: the audit fails clearly, the loop is stopped, the next audit runs', async () => {
    const sessionId = await openRuntime(course('endless-loop'));
    // The fixture's GetValue is recorded as its loop begins.
    await callTool(server.client, 'scorm_wait_for_api_call', {
      session_id: sessionId,
      method: 'GetValue',
      include_past: true,
      timeout_ms: 20_000,
    });
    const err = await callToolError(server.client, 'scorm_accessibility_audit', {
      session_id: sessionId,
      timeout_ms: 1_000,
    });
    assert.equal(err.error_code, 'A11Y_AUDIT_ERROR');
    assert.match(err.message, /did not finish within 1000 ms/);
    assert.match(err.message, /The running script was stopped; the runtime is still usable/);
    assert.ok((await scriptStops(sessionId)).includes('the accessibility audit'));
    const a = await audit(sessionId);
    assert.deepEqual(a.frames_audited, ['sco']);
    await close(sessionId);
  });

  test('bad input: no runtime, unknown session, unknown level, out-of-range numbers', async () => {
    const { session_id } = await callTool<{ session_id: string }>(server.client, 'scorm_session_open', {
      package_path: course('a11y-violations'),
    });
    const noRuntime = await callToolError(server.client, 'scorm_accessibility_audit', { session_id });
    assert.equal(noRuntime.error_code, 'RUNTIME_NOT_OPEN');
    const unknown = await callToolError(server.client, 'scorm_accessibility_audit', {
      session_id: 'sess_nope',
    });
    assert.equal(unknown.error_code, 'MCP_UNKNOWN_SESSION');
    for (const bad of [{ level: 'AAAA' }, { max_nodes_per_rule: 0 }, { timeout_ms: 5 }]) {
      const e = await callToolError(server.client, 'scorm_accessibility_audit', { session_id, ...bad });
      assert.equal(e.error_code, 'MCP_INVALID_PARAMS', JSON.stringify(bad));
    }
    await close(session_id);
  });
});
