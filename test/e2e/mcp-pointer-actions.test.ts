/**
 * Acting on what the screenshot shows, through MCP over stdio in real Chromium: a click, double click and
 * hover at screenshot pixels, drag and drop by coordinates and by element (HTML5 and pointer events), and
 * scrolling a course whose page scrolls inside its frame until components that complete when seen are
 * all seen. Fixture positions are CSS px of the SCO frame, which fills the desktop viewport (1366×768 at
 * scale 1, so screenshot pixels are CSS px).
 */
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { join } from 'node:path';
import {
  callTool,
  callToolError,
  openSessionRuntime,
  startServer,
  type StartedServer,
} from '../helpers/mcp-client.js';
import { courseTextOf } from '../helpers/course-text.js';
import { FIXTURES_DIR } from '../helpers/paths.js';

type Data = Record<string, unknown>;
interface Changes {
  api_calls: Array<{ method: string; args: unknown[] }>;
  data_model_changes: Array<{ element: string; from: string | null; to: string }>;
}
interface Hit extends Data {
  frame: string;
  ref: string | null;
  id: string;
  control: boolean;
}
interface PointerData extends Data {
  success: boolean;
  hit: Hit | null;
  changes: Changes;
  nothing_recorded: boolean;
  changed?: boolean;
}

const POINTER = join(FIXTURES_DIR, 'courses/pointer-actions');
const SCROLL = join(FIXTURES_DIR, 'courses/scroll-inview');

let server: StartedServer;
let session: string;

before(async () => {
  server = await startServer();
  session = await openSessionRuntime(server.client, POINTER);
});
after(async () => {
  await server.close();
});

const call = <T = PointerData>(tool: string, args: Data, id = session): Promise<T> =>
  callTool<T>(server.client, tool, { session_id: id, ...args });
const valueSet = (changes: Changes, element: string): string | undefined =>
  changes.data_model_changes.filter((c) => c.element === element).pop()?.to;

test('pointer click at a drawn button without a role: the hit names it, with a ref, and its handler runs', async () => {
  const res = await call('scorm_pointer_click', { x: 100, y: 510 });
  assert.equal(res.success, true);
  assert.equal(res.hit?.id, 'drawn-button');
  assert.equal(res.hit?.frame, 'sco');
  assert.match(String(res.hit?.ref), /^f\d+e\d+$/);
  assert.equal(courseTextOf(res.hit!, 'text'), 'Submit');
  assert.equal(valueSet(res.changes, 'cmi.score.raw'), '1');
  assert.equal(res.nothing_recorded, false);
  assert.equal(res.changed, undefined);
});

test('pointer click with double: true reaches a dblclick handler', async () => {
  const res = await call('scorm_pointer_click', { x: 100, y: 510, double: true });
  assert.equal(valueSet(res.changes, 'cmi.score.raw'), '2');
});

test('pointer click on empty page: changed:false says plainly that nothing changed, as scorm_dom_click does', async () => {
  const res = await call('scorm_pointer_click', { x: 1200, y: 700 });
  assert.equal(res.nothing_recorded, true);
  assert.equal(res.changed, false);
  assert.deepEqual(res.changes.api_calls, []);
});

test('pointer click that only reveals markup: nothing recorded, yet not said unchanged', async () => {
  const res = await call('scorm_pointer_click', { x: 100, y: 630 });
  assert.equal(res.hit?.id, 'reveal-button');
  assert.equal(res.nothing_recorded, true);
  assert.equal(res.changed, undefined);
});

test('pointer hover over a plain spot with no hover style: changed:false', async () => {
  const res = await call('scorm_pointer_hover', { x: 1000, y: 100 });
  assert.equal(res.changed, false);
});

test('pointer click outside the screenshot is refused before any input, naming the screenshot size', async () => {
  const err = await callToolError(server.client, 'scorm_pointer_click', {
    session_id: session,
    x: 5000,
    y: 10,
  });
  assert.match(err.message, /outside the viewport screenshot \(1366×768 px/);
});

test('pointer hover over a spot whose prompt shows only on hover: mouseenter fires and the hit is the spot', async () => {
  const res = await call('scorm_pointer_hover', { x: 100, y: 390 });
  assert.equal(res.hit?.id, 'hover-spot');
  assert.equal(valueSet(res.changes, 'cmi.interactions.0.id'), 'hover-prompt-seen');
});

test('pointer drag by coordinates: an HTML5 drag-and-drop question receives the drop with its data', async () => {
  const res = await call<PointerData & { from: { hit: Hit }; to: { hit: Hit } }>('scorm_pointer_drag', {
    from: { x: 100, y: 70 },
    to: { x: 500, y: 90 },
  });
  assert.equal(res.from.hit.id, 'html5-item');
  assert.equal(res.to.hit.id, 'html5-zone');
  assert.equal(valueSet(res.changes, 'cmi.location'), 'html5-drop:apple');
});

test('pointer drag from an element to an element: a pointer-events drag library sees the drag and the drop', async () => {
  // Refs as an agent gets them: from what the pointer met.
  const item = await call('scorm_pointer_hover', { x: 100, y: 230 });
  const zone = await call('scorm_pointer_hover', { x: 500, y: 250 });
  assert.equal(item.hit?.id, 'pointer-item');
  assert.equal(zone.hit?.id, 'pointer-zone');
  const res = await call('scorm_pointer_drag', { from: { ref: item.hit?.ref }, to: { ref: zone.hit?.ref } });
  assert.equal(valueSet(res.changes, 'cmi.suspend_data'), 'pointer-drop:carrot');
  assert.equal(res.changed, undefined);
});

test('pointer drag across empty page: changed:false', async () => {
  const res = await call('scorm_pointer_drag', { from: { x: 900, y: 600 }, to: { x: 1100, y: 650 } });
  assert.equal(res.nothing_recorded, true);
  assert.equal(res.changed, false);
});

test('scroll to the end of a page that scrolls inside its frame: every component is seen and the page completes', async () => {
  const id = await openSessionRuntime(server.client, SCROLL);
  interface ScrollData extends PointerData {
    container: { frame: string; id: string } | null;
    moved: boolean;
    at_end: boolean;
    wheel_steps: number;
    before: { top: number; max_top: number };
    after: { top: number; max_top: number };
  }
  const res = await call<ScrollData>('scorm_scroll', { to: 'end' }, id);
  assert.equal(res.container?.frame, 'sco > iframe#content');
  assert.equal(res.container?.id, 'scroller');
  assert.equal(res.moved, true);
  assert.equal(res.at_end, true);
  assert.ok(res.wheel_steps >= 2, `${res.wheel_steps} wheel steps`);
  assert.equal(res.after.top, res.after.max_top);
  assert.equal(valueSet(res.changes, 'cmi.completion_status'), 'completed');

  const back = await call<ScrollData>('scorm_scroll', { delta: { y: -300 } }, id);
  assert.equal(back.after.top, back.before.top - 300);
  const target = await call<ScrollData & { element: { in_viewport: boolean } }>(
    'scorm_scroll',
    { selector: '#c1' },
    id,
  );
  assert.equal(target.element.in_viewport, true);
  assert.equal(target.container?.id, 'scroller', 'the container that scrolled it is named');
  assert.equal(target.moved, true);
  assert.ok(target.after.top < target.before.top, `${target.before.top} -> ${target.after.top}`);
});
