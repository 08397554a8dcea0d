/**
 * Shared mode: an agent starts a session over MCP with scorm_interactive_develop (the SDK's client over
 * stdio) and a person watches it in the inspector (real Chromium): the agent's tool calls show in the
 * UI, and what the person clicks shows in the agent's scorm_session_events.
 */
import assert from 'node:assert/strict';
import { join } from 'node:path';
import { test } from 'node:test';
import { CHROMIUM_SKIP, filePool } from '../helpers/chromium.js';
import { ensureRuntimeOpen, openInspectorPage } from '../helpers/inspector-browser.js';
import { callTool, startServer } from '../helpers/mcp-client.js';
import { FIXTURES_DIR } from '../helpers/paths.js';

const pool = filePool();

interface Develop {
  session_id: string;
  inspector_active: boolean;
  live_validation: boolean;
  development_url: string;
  available_tools: string[];
}

interface Events {
  events: Array<{ id: number; type: string; payload?: Record<string, unknown> }>;
  latest_event_id: number;
}

test('an agent and a person watch and drive the same run', { skip: CHROMIUM_SKIP }, async () => {
  const server = await startServer();
  try {
    const develop = await callTool<Develop>(server.client, 'scorm_interactive_develop', {
      workspace_path: join(FIXTURES_DIR, 'courses', 'scorm2004-multi'),
      development_mode: 'sequence_test',
      enable_inspector: true,
    });
    assert.equal(develop.inspector_active, true);
    const sessionId = develop.session_id;
    const { page, errors, close } = await openInspectorPage(pool(), develop.development_url);
    try {
      await page.getByRole('heading', { level: 1, name: 'Fire Safety' }).waitFor();
      await page.getByTestId('session-state').filter({ hasText: 'shared with an agent' }).waitFor();
      // sequence_test: the outline and the sequencing panel lead.
      const leading = await page.locator('.lead > section h2').allTextContents();
      assert.deepEqual(leading.slice(0, 2).sort(), ['Outline', 'Sequencing']);
      await ensureRuntimeOpen(page);

      // What the agent does shows in the UI.
      const call = await callTool<{ error_code: string }>(server.client, 'scorm_api_call', {
        session_id: sessionId,
        method: 'SetValue',
        args: ['cmi.location', 'set-by-the-agent'],
      });
      assert.equal(call.error_code, '0');
      await page.getByRole('tab', { name: 'API calls' }).click();
      await page.locator('.api-log .vrow', { hasText: 'set-by-the-agent' }).waitFor();
      await callTool(server.client, 'scorm_nav_request', { session_id: sessionId, request: 'continue' });
      await page.locator('.sequencing strong', { hasText: 'lesson' }).waitFor();

      // What the person clicks shows in the agent's events.
      const { latest_event_id } = await callTool<Events>(server.client, 'scorm_session_events', {
        session_id: sessionId,
      });
      await page.locator('.sequencing').getByRole('button', { name: 'Quiz', exact: true }).click();
      await page.locator('.sequencing strong', { hasText: 'quiz' }).waitFor();
      const { events } = await callTool<Events>(server.client, 'scorm_session_events', {
        session_id: sessionId,
        since_event_id: latest_event_id,
      });
      const text = JSON.stringify(events);
      assert.match(text, /choice/, text);
      assert.match(text, /quiz/, text);
      assert.deepEqual(errors, []);
    } finally {
      await close();
    }
  } finally {
    await server.close();
  }
});
