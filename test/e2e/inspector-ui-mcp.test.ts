/**
 * Shared mode: an agent starts a session over MCP with scorm_interactive_develop (the SDK's client over
 * stdio) and a person watches it in the inspector (real Chromium): the agent's tool calls show in the
 * UI, and what the person clicks shows in the agent's scorm_session_events. When the agent reloads the
 * course, the page follows the new session.
 */
import assert from 'node:assert/strict';
import { join } from 'node:path';
import { after, before, describe, test } from 'node:test';
import type { Page } from 'playwright-core';
import { CHROMIUM_SKIP, filePool } from '../helpers/chromium.js';
import { ensureRuntimeOpen, openInspectorPage } from '../helpers/inspector-browser.js';
import { callTool, startServer, type StartedServer } from '../helpers/mcp-client.js';
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

interface Reloaded {
  session_id: string;
  previous_session_id: string;
}

type InspectorPage = Awaited<ReturnType<typeof openInspectorPage>>;

/** The session the page shows, from its address. */
function shownSession(page: Page): string | null {
  return new URL(page.url()).searchParams.get('session');
}

async function leadingPanels(page: Page): Promise<string[]> {
  return (await page.locator('.lead > section h2').allTextContents()).slice(0, 2).sort();
}

describe('shared mode', { skip: CHROMIUM_SKIP, concurrency: false }, () => {
  let server: StartedServer;
  let develop: Develop;
  let person: InspectorPage;

  before(async () => {
    server = await startServer();
    develop = await callTool<Develop>(server.client, 'scorm_interactive_develop', {
      workspace_path: join(FIXTURES_DIR, 'courses', 'scorm2004-multi'),
      development_mode: 'sequence_test',
      enable_inspector: true,
    });
    person = await openInspectorPage(pool(), develop.development_url);
  });
  after(async () => {
    await person?.close();
    await server?.close();
  });

  test('an agent and a person watch and drive the same run', async () => {
    assert.equal(develop.inspector_active, true);
    const sessionId = develop.session_id;
    const { page, errors } = person;
    await page.getByRole('heading', { level: 1, name: 'Fire Safety' }).waitFor();
    await page.getByTestId('session-state').filter({ hasText: 'shared with an agent' }).waitFor();
    // sequence_test: the outline and the sequencing panel lead.
    assert.deepEqual(await leadingPanels(page), ['Outline', 'Sequencing']);
    await ensureRuntimeOpen(page);
    // The course opened through sequencing: the person sees its first activity before the agent goes on.
    await page.locator('.sequencing strong', { hasText: 'intro' }).waitFor();

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
  });

  test('the agent reloads the course: the page follows each new session, and a page on the old address too', async () => {
    const { page, errors } = person;
    const a = develop.session_id;
    const historyLength = await page.evaluate(() => history.length);
    const b = await callTool<Reloaded>(server.client, 'scorm_reload_course', { session_id: a });
    await page.waitForURL((url) => url.searchParams.get('session') === b.session_id);
    await page.locator('.notice', { hasText: `Reloaded: now showing session ${b.session_id}` }).waitFor();
    await page.getByTestId('runtime-state').filter({ hasText: /^open/ }).waitFor();
    assert.doesNotMatch((await page.getByTestId('session-state').textContent()) ?? '', /closed/);
    assert.equal(await page.locator('.banner').count(), 0, 'no "session is closed" banner');
    assert.equal(
      await page.evaluate(() => history.length),
      historyLength,
      'the address was replaced, not pushed',
    );
    // Shown in the same development mode; what the agent does on the new session shows up.
    assert.deepEqual(await leadingPanels(page), ['Outline', 'Sequencing']);
    await callTool(server.client, 'scorm_api_call', {
      session_id: b.session_id,
      method: 'SetValue',
      args: ['cmi.location', 'after-the-reload'],
    });
    await page.getByRole('tab', { name: 'API calls' }).click();
    await page.locator('.api-log .vrow', { hasText: 'after-the-reload' }).waitFor();

    // The person's own layout choice stays through the next reload (B → C).
    await page.getByLabel('Layout').selectOption('debug_api');
    const leadsWithApi = await leadingPanels(page);
    assert.ok(leadsWithApi.includes('API calls'), leadsWithApi.join());
    const c = await callTool<Reloaded>(server.client, 'scorm_reload_course', { session_id: b.session_id });
    await page.waitForURL((url) => url.searchParams.get('session') === c.session_id);
    await page.locator('.notice', { hasText: `now showing session ${c.session_id}` }).waitFor();
    assert.deepEqual(await leadingPanels(page), leadsWithApi);

    // A page opened later on A's address follows the chain to the latest session.
    const late = await openInspectorPage(pool(), develop.development_url);
    try {
      await late.page.waitForURL((url) => url.searchParams.get('session') === c.session_id);
      await late.page.getByTestId('runtime-state').filter({ hasText: /^open/ }).waitFor();

      // Closed without a replacement: both pages stay on C and show it closed.
      await callTool(server.client, 'scorm_close_course', { session_id: c.session_id });
      for (const p of [page, late.page]) {
        await p.getByTestId('session-state').filter({ hasText: 'closed' }).waitFor();
        await p.locator('.banner', { hasText: 'This session is closed' }).waitFor();
        assert.equal(shownSession(p), c.session_id);
      }
      assert.deepEqual(late.errors, []);
    } finally {
      await late.close();
    }
    assert.deepEqual(errors, []);
  });
});
