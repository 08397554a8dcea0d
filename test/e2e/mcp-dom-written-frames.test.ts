/**
 * Frames a course writes itself are read like any other (issue 23, H5P): a srcdoc frame, an about:blank
 * frame made by script and written with document.write (H5P's standalone player), and a frame written
 * inside that one. The page read, the page state and the audit read each; a ref acts in its frame.
 */
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { join } from 'node:path';
import { callTool, openSessionRuntime, startServer, type StartedServer } from '../helpers/mcp-client.js';
import { FIXTURES_DIR } from '../helpers/paths.js';

type Data = Record<string, unknown>;
interface Element {
  name: string;
  ref?: string;
  frame: string;
}

const FRAMES = ['sco', 'sco > iframe#inline', 'sco > iframe#written', 'sco > iframe#written > iframe#nested'];

let server: StartedServer;
let session: string;

before(async () => {
  server = await startServer();
  session = await openSessionRuntime(server.client, join(FIXTURES_DIR, 'courses', 'dom-frames-written'));
});
after(async () => {
  await server.close();
});

const call = <T = Data>(name: string, args: Data = {}): Promise<T> =>
  callTool<T>(server.client, name, { session_id: session, ...args });

test('find_interactive_elements reads srcdoc and script-written frames, with refs that act there', async () => {
  const found = await call<{
    interactive_elements: Element[];
    frames: Array<{ label: string }>;
    notes: string[];
  }>('scorm_dom_find_interactive_elements');
  assert.deepEqual(
    found.frames.map((f) => f.label),
    FRAMES,
  );
  assert.deepEqual(found.notes, []);
  assert.deepEqual(found.interactive_elements.map((e) => `${e.frame}: ${e.name}`).sort(), [
    'sco > iframe#inline: Inline button',
    'sco > iframe#written > iframe#nested: Nested button',
    'sco > iframe#written: Written button',
  ]);
  const written = found.interactive_elements.find((e) => e.name === 'Written button');
  await call('scorm_dom_click', { ref: written?.ref });
  const model = await call<{ data: Data }>('scorm_data_model_get', {
    elements: ['cmi.core.lesson_location'],
  });
  assert.equal(model.data['cmi.core.lesson_location'], 'written');
});

test('get_page_state and the accessibility audit read every written frame', async () => {
  const state = await call<{
    frames: Array<{ label: string }>;
    interactive_elements?: Element[];
    snapshot?: string;
  }>('scorm_get_page_state');
  assert.deepEqual(
    state.frames.map((f) => f.label),
    FRAMES,
  );
  // A control on a snapshot line is named there, by its ref; one that is not is named in its entry.
  const nested = state.interactive_elements?.find((e) => e.frame === 'sco > iframe#written > iframe#nested');
  assert.ok(nested, JSON.stringify(state.interactive_elements));
  assert.ok(
    nested.name === 'Nested button' || String(state.snapshot).includes(`"Nested button" [ref=${nested.ref}]`),
    JSON.stringify(nested),
  );
  const audit = await call<{ frames_audited: string[]; frames_skipped: unknown[] }>(
    'scorm_accessibility_audit',
  );
  assert.deepEqual(audit.frames_skipped, []);
  assert.deepEqual(audit.frames_audited, FRAMES);
});
