/**
 * Reading a page to its end with scorm_scroll completes what completes when seen (issue 23, Adapt: 28 of
 * 58 components stayed incomplete after every page was opened). Here the document itself scrolls in the
 * SCO frame, as Adapt's does, and one component is taller than the view: like Adapt's, it completes once
 * its top and its bottom have each been in view; and a page that holds the wheel while it loads more. Real MCP
 * server, real Chromium.
 */
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { join } from 'node:path';
import { callTool, openSessionRuntime, startServer, type StartedServer } from '../helpers/mcp-client.js';
import { FIXTURES_DIR } from '../helpers/paths.js';

interface ScrollData {
  container: { frame: string; tagName: string } | null;
  at_end: boolean;
  wheel_steps: number;
  after: { top: number; max_top: number };
  changes: { data_model_changes: Array<{ element: string; to: string }> };
}

let server: StartedServer;
before(async () => {
  server = await startServer();
});
after(async () => {
  await server.close();
});

test('scroll to the end of a page whose document scrolls: every component, the tall one too, is seen', async () => {
  const session = await openSessionRuntime(server.client, join(FIXTURES_DIR, 'courses/scroll-inview-tall'));
  const before = await callTool<{ data: Record<string, string> }>(server.client, 'scorm_data_model_get', {
    session_id: session,
    elements: ['cmi.completion_status', 'cmi.progress_measure'],
  });
  assert.notEqual(before.data['cmi.completion_status'], 'completed', 'opening the page completes nothing');
  const res = await callTool<ScrollData>(server.client, 'scorm_scroll', { session_id: session, to: 'end' });
  assert.equal(res.container?.frame, 'sco');
  assert.equal(res.container?.tagName, 'html');
  assert.equal(res.at_end, true);
  assert.equal(res.after.top, res.after.max_top);
  const set = (element: string): string[] =>
    res.changes.data_model_changes.filter((c) => c.element === element).map((c) => c.to);
  assert.equal(set('cmi.progress_measure').pop(), '1');
  assert.deepEqual(set('cmi.completion_status'), ['completed']);
});

test('scroll to the end of a page that holds the wheel while it loads more (acceptance review P3): one call reaches the end it grew to', async () => {
  const session = await openSessionRuntime(server.client, join(FIXTURES_DIR, 'courses/scroll-lazy-grow'));
  const res = await callTool<ScrollData & { note?: string }>(server.client, 'scorm_scroll', {
    session_id: session,
    to: 'end',
  });
  assert.equal(res.at_end, true, JSON.stringify(res));
  assert.equal(res.after.top, res.after.max_top);
  assert.ok(res.after.max_top > 0);
  const set = res.changes.data_model_changes
    .filter((c) => c.element === 'cmi.completion_status')
    .map((c) => c.to);
  assert.deepEqual(set, ['completed']);
});
