/**
 * A SCO launched as a frameset (fixture lectora-frameset-popup, our own, as Lectora publishes): the launch
 * document has no body. scorm_get_page_state snapshots its frames through the frameset, with the page's
 * pop-up close control in it, and never passes Playwright's own error on to the agent (lectora-1, review N5).
 */
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { join } from 'node:path';
import { callTool, openSessionRuntime, startServer, type StartedServer } from '../helpers/mcp-client.js';
import { FIXTURES_DIR } from '../helpers/paths.js';
import { eventually } from '../helpers/until.js';

interface Dialog {
  name: string;
  ref: string | null;
  text: string;
  close?: string;
}
interface State {
  dialogs?: Dialog[];
  snapshot: string;
  snapshot_truncated?: boolean;
  notes?: string[];
  interactive_elements: { ref: string; name?: string }[];
}

let server: StartedServer;
before(async () => {
  server = await startServer();
});
after(async () => {
  await server.close();
});

test('a frameset SCO with a pop-up open has a snapshot of its frames and no internal error', async () => {
  const session_id = await openSessionRuntime(
    server.client,
    join(FIXTURES_DIR, 'courses', 'lectora-frameset-popup'),
  );
  let picture: string | undefined;
  await eventually(async () => {
    const state = await callTool<State>(server.client, 'scorm_get_page_state', {
      session_id,
      include_snapshot: false,
    });
    picture = state.interactive_elements.find((e) => e.name === 'Prison')?.ref;
    assert.ok(picture, JSON.stringify(state.interactive_elements));
  });
  await callTool(server.client, 'scorm_dom_click', { session_id, ref: picture });
  const state = await callTool<State>(server.client, 'scorm_get_page_state', {
    session_id,
    include_snapshot: true,
  });
  const notes = JSON.stringify(state.notes ?? []);
  assert.doesNotMatch(notes, /ariaSnapshot|does not match|failed/, notes);
  assert.notEqual(state.snapshot_truncated, true, notes);
  assert.match(state.snapshot, /Consequences of disclosure/);
  assert.match(state.snapshot, /button "Close"/);
});

test('a pop-up drawn as Lectora draws it (panel, text and Close as siblings over the page) is listed among dialogs with its close control', async () => {
  const session_id = await openSessionRuntime(
    server.client,
    join(FIXTURES_DIR, 'courses', 'lectora-frameset-popup'),
  );
  let picture: string | undefined;
  await eventually(async () => {
    const state = await callTool<State>(server.client, 'scorm_get_page_state', {
      session_id,
      include_snapshot: false,
    });
    assert.equal(state.dialogs, undefined, 'no pop-up before the click');
    picture = state.interactive_elements.find((e) => e.name === 'Prison')?.ref;
    assert.ok(picture, JSON.stringify(state.interactive_elements));
  });
  await callTool(server.client, 'scorm_dom_click', { session_id, ref: picture });
  const open = await callTool<State>(server.client, 'scorm_get_page_state', {
    session_id,
    include_snapshot: false,
  });
  const popup = open.dialogs?.[0];
  assert.ok(popup, JSON.stringify(open));
  assert.equal(open.dialogs?.length, 1);
  assert.equal(popup.text, 'Even an accidental disclosure can be prosecuted.');
  const close = open.interactive_elements.find((e) => e.name === 'Close');
  assert.equal(popup.close, close?.ref);
  await callTool(server.client, 'scorm_dom_click', { session_id, ref: popup.close });
  const shut = await callTool<State>(server.client, 'scorm_get_page_state', {
    session_id,
    include_snapshot: false,
  });
  assert.equal(shut.dialogs, undefined, 'closed: no dialog left');
});
