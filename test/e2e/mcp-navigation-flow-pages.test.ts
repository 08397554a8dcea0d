/**
 * scorm_test_navigation_flow pages its steps (issue 22): a walk of a 101-SCO flow course (the launch and
 * 100 continues) comes back in pages within the answer budget, each with the same summary, and the pages
 * read with next_cursor hold every step exactly once. A session keeps its latest flow; a cursor of
 * another run, or a made-up one, is refused with a message saying what to do.
 */
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { join } from 'node:path';
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { callTool, callToolError, startServer, type StartedServer } from '../helpers/mcp-client.js';
import { writePackage } from '../helpers/course-builder.js';
import { FIXTURES_DIR } from '../helpers/paths.js';
import { ANSWER_BUDGET_BYTES } from '../../src/output/answer-budget.js';
import { ANSWER_CUT_META } from '../../src/mcp/answer-guard.js';

const NAV_FLOW = join(FIXTURES_DIR, 'courses/nav-flow');
const SCO_COUNT = 101;

interface Step {
  index: number;
  step: string;
  outcome: string;
  delivered: { activity_id: string } | null;
  screenshot: unknown;
}
interface FlowPage {
  steps_executed: number;
  steps_denied: number;
  delivered_activities: string[];
  final_state: { current_activity: string | null; session_ended: boolean };
  steps: Step[];
  next_cursor?: string | null;
  steps_remaining?: number;
  session_id?: string;
  temporary?: true;
}

/** A SCORM 2004 course of `n` SCOs in flow order; each SCO initializes, completes and ends when unloaded. */
function flowCourse(n: number): string {
  const ids = Array.from({ length: n }, (_, i) => `sco-${i + 1}`);
  const items = ids.map(
    (id) => `<item identifier="${id}" identifierref="r-${id}"><title>${id}</title></item>`,
  );
  const resources = ids.map(
    (id) =>
      `<resource identifier="r-${id}" type="webcontent" adlcp:scormType="sco" href="sco.html?name=${id}"><file href="sco.html"/></resource>`,
  );
  const manifest = `<?xml version="1.0" encoding="UTF-8"?>
<manifest identifier="com.example.long-flow" version="1" xmlns="http://www.imsglobal.org/xsd/imscp_v1p1"
  xmlns:adlcp="http://www.adlnet.org/xsd/adlcp_v1p3" xmlns:imsss="http://www.imsglobal.org/xsd/imsss">
  <metadata><schema>ADL SCORM</schema><schemaversion>2004 4th Edition</schemaversion></metadata>
  <organizations default="org"><organization identifier="org"><title>Long flow</title>
    ${items.join('\n    ')}
    <imsss:sequencing><imsss:controlMode choice="false" flow="true"/></imsss:sequencing>
  </organization></organizations>
  <resources>
    ${resources.join('\n    ')}
  </resources>
</manifest>`;
  const sco = `<!DOCTYPE html><html lang="en"><head><meta charset="utf-8"><title>SCO</title></head><body><h1 id="n"></h1><script>
var w = window, tries = 0;
while (!w.API_1484_11 && w.parent && w.parent !== w && tries++ < 50) w = w.parent;
var api = w.API_1484_11, name = new URLSearchParams(location.search).get('name') || '?', done = false;
document.getElementById('n').textContent = name;
api.Initialize('');
api.SetValue('cmi.location', name);
api.SetValue('cmi.completion_status', 'completed');
api.Commit('');
window.addEventListener('pagehide', function () {
  if (done) return;
  done = true;
  api.SetValue('cmi.exit', 'normal');
  api.Terminate('');
});
</script></body></html>`;
  return writePackage({ 'imsmanifest.xml': manifest, 'sco.html': sco });
}

let server: StartedServer;
before(async () => {
  server = await startServer();
});
after(async () => {
  await server.close();
});

/** One page as the model is shown it: its text blocks' bytes, and its data. */
async function page(args: Record<string, unknown>): Promise<{ data: FlowPage; textBytes: number }> {
  const result = (await server.client.callTool(
    { name: 'scorm_test_navigation_flow', arguments: args },
    undefined,
    {
      timeout: 600_000,
    },
  )) as CallToolResult;
  assert.ok(!result.isError, JSON.stringify(result.structuredContent));
  assert.equal(result._meta?.[ANSWER_CUT_META], undefined, 'the tool pages itself: the guard cuts nothing');
  const textBytes = result.content
    .filter((c) => c.type === 'text')
    .reduce((n, c) => n + Buffer.byteLength((c as { text: string }).text), 0);
  return { data: result.structuredContent as unknown as FlowPage, textBytes };
}

/** Every page from the first answer on, following next_cursor. */
async function allPages(first: FlowPage, more: Record<string, unknown>): Promise<FlowPage[]> {
  const pages = [first];
  while (pages.at(-1)!.next_cursor) {
    const next = await page({ ...more, cursor: pages.at(-1)!.next_cursor });
    assert.ok(next.textBytes <= ANSWER_BUDGET_BYTES, `page ${pages.length + 1}: ${next.textBytes} bytes`);
    pages.push(next.data);
  }
  return pages;
}

const summaryOf = ({ steps: _s, next_cursor: _n, steps_remaining: _r, ...rest }: FlowPage): object => rest;

test('a walk of 101 SCOs comes in pages within the budget that hold every step exactly once', async () => {
  const course = flowCourse(SCO_COUNT);
  const first = await page({ workspace_path: course, capture_each_step: false, settle_ms: 50 });
  assert.ok(first.textBytes <= ANSWER_BUDGET_BYTES, `first page: ${first.textBytes} bytes`);
  assert.equal(first.data.temporary, true);
  assert.ok(first.data.next_cursor, 'more steps than one page');
  assert.ok(first.data.steps.length < SCO_COUNT);
  const pages = await allPages(first.data, {});
  assert.ok(pages.length >= 3, `${pages.length} pages`);

  // Every page says the same summary: 100 continues, nothing denied, the last SCO delivered last.
  for (const p of pages) assert.deepEqual(summaryOf(p), summaryOf(first.data));
  assert.equal(first.data.steps_executed, SCO_COUNT - 1);
  assert.equal(first.data.steps_denied, 0);
  const ids = Array.from({ length: SCO_COUNT }, (_, i) => `sco-${i + 1}`);
  assert.deepEqual(first.data.delivered_activities, ids);
  assert.equal(first.data.final_state.current_activity, `sco-${SCO_COUNT}`);

  const steps = pages.flatMap((p) => p.steps);
  assert.deepEqual(
    steps.map((s) => s.index),
    ids.map((_, i) => i),
    'each step once, in order',
  );
  assert.deepEqual(
    steps.map((s) => s.delivered?.activity_id),
    ids,
  );
  assert.equal(pages.at(-1)!.next_cursor, null);
  assert.equal(pages.at(-1)!.steps_remaining, 0);
  assert.equal(first.data.steps_remaining, SCO_COUNT - first.data.steps.length);

  // Reading a page again gives the same steps (nothing runs again).
  const again = await page({ cursor: first.data.next_cursor });
  assert.deepEqual(again.data, pages[1]);
  // limit asks for fewer steps per page.
  const few = await page({ cursor: first.data.next_cursor, limit: 3 });
  assert.deepEqual(few.data.steps, pages[1]!.steps.slice(0, 3));
});

test("a session keeps its latest flow: its pages joined equal one unpaged run; other runs' cursors are refused", async () => {
  const whole = await page({ workspace_path: NAV_FLOW, capture_each_step: false, settle_ms: 200 });
  assert.equal(whole.data.next_cursor, null, 'the small course fits one page');

  const { session_id } = await callTool<{ session_id: string }>(server.client, 'scorm_open_course', {
    package_path: NAV_FLOW,
    new_attempt: true,
  });
  await callTool(server.client, 'scorm_sn_init', { session_id });
  const first = await page({ session_id, capture_each_step: false, settle_ms: 200, limit: 1 });
  assert.equal(first.data.session_id, session_id);
  const pages = await allPages(first.data, { session_id, limit: 1 });
  assert.ok(pages.length >= 2);
  const joined = pages.flatMap((p) => p.steps);
  // The session's flow starts where sn_init left it (no launch step): the same walk from the first SCO.
  assert.deepEqual(
    joined.map((s) => [s.step, s.outcome, s.delivered?.activity_id]),
    whole.data.steps.slice(1).map((s) => [s.step, s.outcome, s.delivered?.activity_id]),
  );
  assert.deepEqual(
    joined.map((s) => s.index),
    joined.map((_, i) => i + 1),
  );
  assert.deepEqual(first.data.final_state, whole.data.final_state);

  // A throwaway run's cursor is not this session's flow, and a made-up cursor is no flow's.
  const other = await page({ workspace_path: NAV_FLOW, capture_each_step: false, settle_ms: 200, limit: 1 });
  const foreign = await callToolError(server.client, 'scorm_test_navigation_flow', {
    session_id,
    cursor: other.data.next_cursor,
  });
  assert.equal(foreign.error_code, 'MCP_INVALID_PARAMS');
  assert.match(foreign.message, /not from session .*latest navigation flow.*without cursor/);
  const madeUp = await callToolError(server.client, 'scorm_test_navigation_flow', { cursor: '3' });
  assert.equal(madeUp.error_code, 'MCP_INVALID_PARAMS');
  assert.match(madeUp.message, /not a navigation flow cursor: pass the next_cursor/);
  // The session's own cursor still reads after the session closed (its records are kept).
  await callTool(server.client, 'scorm_session_close', { session_id });
  const late = await page({ session_id, cursor: first.data.next_cursor, limit: 1 });
  assert.deepEqual(late.data.steps, pages[1]!.steps);
});

test("a walk with screenshots sends the images of its first page's steps beside them, and pages every step and screenshot once", async () => {
  const result = (await server.client.callTool(
    {
      name: 'scorm_test_navigation_flow',
      arguments: { workspace_path: flowCourse(30), settle_ms: 50 },
    },
    undefined,
    { timeout: 600_000 },
  )) as CallToolResult;
  assert.ok(!result.isError, JSON.stringify(result.structuredContent));
  assert.equal(
    result._meta?.[ANSWER_CUT_META],
    undefined,
    'the links of the screenshots fit beside the page',
  );
  const data = result.structuredContent as unknown as FlowPage & {
    artifacts: string[];
    images_omitted?: number;
    images_note?: string;
  };
  const images = result.content.filter((c) => c.type === 'image').length;
  const captioned = result.content.flatMap((c) =>
    c.type === 'text' && /^Step \d+ /.test(c.text) ? [Number(/^Step (\d+)/.exec(c.text)![1])] : [],
  );
  const firstPage = data.steps.filter((s) => s.screenshot !== null).map((s) => s.index);
  assert.ok(data.steps.length > 1, 'the first page holds more than one step');
  assert.deepEqual(captioned, firstPage.slice(0, 10), "each image is one of this page's steps");
  assert.equal(images, captioned.length);
  assert.equal(data.images_omitted, 30 - images, 'the launch and 29 continues: thirty screenshots');
  assert.match(String(data.images_note), /first page only/);
  const pages = await allPages(data, { session_id: data.session_id });
  const indexes = pages.flatMap((p) => p.steps.map((step) => step.index));
  // The launch, 29 continues between SCOs and the last continue, which ends the session (no screenshot).
  assert.deepEqual(
    indexes,
    Array.from({ length: 31 }, (_, i) => i),
    'every step once, in order',
  );
  const artifacts = pages.flatMap((p) => (p as unknown as { artifacts: string[] }).artifacts);
  assert.equal(new Set(artifacts).size, 30, 'every screenshot once');
  assert.equal(artifacts.length, 30);
  // Later pages are filled evenly: no page holds less than half of the fullest one.
  const sizes = pages.slice(1).map((p) => p.steps.length);
  assert.ok(Math.min(...sizes) * 2 >= Math.max(...sizes), `page sizes ${sizes.join(', ')}`);
});
