/**
 * A launch page that opens the course in a window of its own (Storyline's launcher.html, storyline-2),
 * through the real MCP server and Chromium (issue 23): the click that opens it says so; from then on the
 * page tools (find, fill, pointer, page state, screenshot) act in that window and name it in `window`;
 * its API calls, found through window.opener, are recorded as the SCO's; when it closes, the tools are
 * back on the launch page. A click that changes nothing answers as such, without a window to wait for.
 */
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { join } from 'node:path';
import { callTool, openSessionRuntime, startServer, type StartedServer } from '../helpers/mcp-client.js';
import { withRepeats } from '../helpers/listed-calls.js';
import { FIXTURES_DIR } from '../helpers/paths.js';
import { until } from '../helpers/until.js';

interface Acted {
  changed?: boolean;
  windows_opened?: number;
  window?: string;
  note?: string;
  hit?: { id: string } | null;
}
interface Found {
  window?: string;
  interactive_elements: Array<{ ref: string; name: string }>;
}
interface PageState {
  window?: string;
  snapshot?: string;
}

let server: StartedServer;
let session_id: string;

before(async () => {
  server = await startServer();
  session_id = await openSessionRuntime(server.client, join(FIXTURES_DIR, 'courses/launcher-window'));
});
after(async () => {
  await server.close();
});

const call = <T>(tool: string, args: Record<string, unknown> = {}): Promise<T> =>
  callTool<T>(server.client, tool, { session_id, ...args });
const refOf = (found: Found, name: RegExp): string => {
  const el = found.interactive_elements.find((e) => name.test(e.name));
  assert.ok(el, `${String(name)} in ${JSON.stringify(found.interactive_elements)}`);
  return el.ref;
};

test('a click that changes nothing says so (no window was asked for)', async () => {
  const found = await call<Found>('scorm_dom_find_interactive_elements');
  assert.equal(found.window, undefined);
  const clicked = await call<Acted>('scorm_dom_click', { ref: refOf(found, /^Help$/) });
  assert.equal(clicked.changed, false);
  assert.equal(clicked.windows_opened, undefined);
  assert.equal(clicked.window, undefined);
});

test('the course window: opened by the launch button, then found, filled, clicked by coordinates and closed', async () => {
  const launcher = await call<Found>('scorm_dom_find_interactive_elements');
  const opened = await call<Acted>('scorm_dom_click', {
    ref: refOf(launcher, /^Launch course$/),
    options: { wait_timeout_ms: 20_000 },
  });
  assert.equal(opened.windows_opened, 1);
  assert.equal(opened.changed, undefined, 'a new window is a change');
  assert.match(opened.note ?? '', /opened a new window/);
  assert.match(opened.window ?? '', /course\.html$/);

  // The page tools now read the course's window, not the launch page.
  const found = await until(async () => {
    const f = await call<Found>('scorm_dom_find_interactive_elements');
    return f.interactive_elements.some((e) => e.name === 'Next') ? f : undefined;
  }, 'the Next button of the course window');
  assert.match(found.window ?? '', /course\.html$/);
  assert.ok(
    !found.interactive_elements.some((e) => e.name === 'Launch course'),
    'the launch page is not listed',
  );

  const filled = await call<Acted>('scorm_dom_fill', { ref: refOf(found, /Your name/), value: 'Ada' });
  assert.match(filled.window ?? '', /course\.html$/);

  // Coordinates are the course window's: the Next band spans the viewport's width from y 300 to 420.
  const next = await call<Acted>('scorm_pointer_click', { x: 100, y: 360 });
  assert.equal(next.hit?.id, 'next');
  assert.match(next.window ?? '', /course\.html$/);
  const state = await until(async () => {
    const s = await call<PageState>('scorm_get_page_state', { include_snapshot: true });
    return /heading "Lesson 2"/.test(s.snapshot ?? '') ? s : undefined;
  }, 'Lesson 2 in the course window');
  assert.match(state.window ?? '', /course\.html$/);

  const shot = await server.client.callTool({ name: 'scorm_take_screenshot', arguments: { session_id } });
  assert.notEqual(shot.isError, true, JSON.stringify(shot.content).slice(0, 400));
  assert.match(String((shot.structuredContent as { window?: string }).window), /course\.html$/);

  // The calls the window made through window.opener are the SCO's.
  const model = await call<{ data: Record<string, unknown> }>('scorm_data_model_get', {
    elements: ['cmi.core.lesson_status', 'cmi.core.lesson_location'],
  });
  assert.equal(model.data['cmi.core.lesson_status'], 'completed');
  assert.equal(model.data['cmi.core.lesson_location'], 'lesson-2');
  const debug = await call<{ calls: Array<{ method: string; sco_id?: string }>; sco_id?: string | null }>(
    'scorm_debug_api_calls',
  );
  const setStatus = withRepeats(debug).find((c) => c.method === 'LMSSetValue');
  assert.equal(setStatus?.sco_id, 'item');

  // Closing the course window brings the tools back to the launch page.
  const close = await until(async () => {
    const f = await call<Found>('scorm_dom_find_interactive_elements');
    return f.interactive_elements.find((e) => e.name === 'Close course');
  }, 'the Close button');
  // The window closes itself on this click: the click is not a crash, whenever the close lands.
  const closed = await call<Acted>('scorm_dom_click', { ref: close.ref });
  assert.equal(closed.changed, undefined);
  const back = await until(async () => {
    const f = await call<Found>('scorm_dom_find_interactive_elements');
    return f.window === undefined ? f : undefined;
  }, 'the launch page again');
  refOf(back, /^Launch course$/);
  const launcherShot = await call<{ window?: string }>('scorm_take_screenshot');
  assert.equal(launcherShot.window, undefined, 'the launch page is not named');
});
