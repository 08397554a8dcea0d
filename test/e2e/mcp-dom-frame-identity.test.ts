/**
 * The tools that work in JavaScript worlds of their own (the page read, the page state, the
 * accessibility audit) find their frames by identity: a course whose frames set window.name, rewrite
 * their URL with history.replaceState, share one URL with a sibling, or are about:blank or srcdoc, is
 * read in every frame, over stdio against real Chromium.
 */
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { join } from 'node:path';
import { withCourseText } from '../helpers/course-text.js';
import { callTool, openSessionRuntime, startServer, type StartedServer } from '../helpers/mcp-client.js';
import { FIXTURES_DIR } from '../helpers/paths.js';
import { until } from '../helpers/until.js';

type Data = Record<string, unknown>;
interface Element {
  name: string;
  ref?: string;
  frame: string;
}

const FRAMES = [
  'sco',
  'sco > iframe#first',
  'sco > iframe#first > iframe#leaf',
  'sco > iframe#second',
  'sco > iframe#second > iframe#leaf',
  'sco > iframe#empty',
  'sco > iframe#inline',
];
/** True once every frame of the fixture has loaded and renamed itself. */
const LOADED = `(() => {
  const inner = (id) => document.getElementById(id).contentWindow;
  const ready = (w) => w && w.document.readyState === 'complete';
  return ['first', 'second'].every((id) => ready(inner(id)) && inner(id).name.startsWith('inner-') &&
    ready(inner(id).document.getElementById('leaf').contentWindow)) && ready(inner('inline'));
})()`;

let server: StartedServer;
let session: string;

before(async () => {
  server = await startServer();
  session = await openSessionRuntime(server.client, join(FIXTURES_DIR, 'courses', 'dom-frames-renamed'));
  await callTool(server.client, 'scorm_dom_wait_for', {
    session_id: session,
    condition: { expression: LOADED },
  });
});
after(async () => {
  await server.close();
});

const call = <T = Data>(name: string, args: Data = {}): Promise<T> =>
  callTool<T>(server.client, name, { session_id: session, ...args });

test('find_interactive_elements reads every renamed frame and gives refs there', async () => {
  const found = await call<{ interactive_elements: Element[]; frames: Array<{ label: string }> }>(
    'scorm_dom_find_interactive_elements',
  );
  assert.deepEqual(
    found.frames.map((f) => f.label),
    FRAMES,
  );
  const where = found.interactive_elements.map((e) => `${e.frame}: ${e.name}`).sort();
  assert.deepEqual(where, [
    'sco > iframe#first > iframe#leaf: Leaf button',
    'sco > iframe#first: Inner button',
    'sco > iframe#inline: Inline button',
    'sco > iframe#second > iframe#leaf: Leaf button',
    'sco > iframe#second: Inner button',
    'sco: Launch button',
  ]);
  for (const e of found.interactive_elements)
    assert.match(e.ref ?? '', /^f\d+e\d+$/, `${e.frame}: ${e.name}`);
  // A ref acts in its own frame, not in the sibling of the same URL.
  const second = found.interactive_elements.find(
    (e) => e.frame === 'sco > iframe#second' && e.name === 'Inner button',
  );
  await call('scorm_dom_click', { ref: second!.ref });
  const model = await call<{ data: Data }>('scorm_data_model_get', { elements: ['cmi.location'] });
  assert.equal(model.data['cmi.location'], 'second');
});

test('get_page_state reads the renamed SCO frame and its frames', async () => {
  // Our own read, without the snapshot (whose lines would carry the headings instead of the list).
  const state = await call<{ headings: Array<{ text: string }>; interactive_elements?: Element[] }>(
    'scorm_get_page_state',
    { include_snapshot: false },
  );
  assert.ok(
    state.headings.some((h) => h.text === 'Renamed frames'),
    JSON.stringify(state.headings),
  );
  const whole = await call<{ snapshot: string }>('scorm_get_page_state', { include_snapshot: true });
  assert.match(whole.snapshot, /heading "Renamed frames" \[level=\d\] \[ref=f\d+e\d+\]/);
});

test('the accessibility audit audits every renamed frame and skips none', async () => {
  const audit = await call<{ frames_audited: string[]; frames_skipped: unknown[] }>(
    'scorm_accessibility_audit',
  );
  assert.deepEqual(audit.frames_skipped, []);
  assert.deepEqual(audit.frames_audited, FRAMES);
});

test('a frame added later, before the others in the document, is read too', async () => {
  await call('scorm_dom_evaluate', {
    expression: `(() => { const f = document.createElement('iframe'); f.id = 'late'; f.name = 'first';
      f.srcdoc = '<button type=button>Late button</button>'; document.body.prepend(f); })()`,
  });
  const found = await until(async () => {
    const r = await call<{ interactive_elements: Element[] }>('scorm_dom_find_interactive_elements');
    return r.interactive_elements.some((e) => e.name === 'Late button') ? r : undefined;
  }, 'the late frame read');
  const late = found.interactive_elements.find((e) => e.name === 'Late button');
  assert.equal(late?.frame, 'sco > iframe#late');
  assert.equal(found.interactive_elements.length, 7);
});

test('a frame of another process among the siblings is skipped, and the frames after it are still read', async () => {
  // The same content on the server's other host name: another site, so Chromium gives it a process of its own.
  await call('scorm_dom_evaluate', {
    expression: `(() => { const f = document.createElement('iframe'); f.id = 'elsewhere';
      f.src = new URL('content/leaf.html', location.href).href.replace('//127.0.0.1:', '//localhost:');
      document.body.prepend(f);
      const g = document.createElement('iframe'); g.id = 'after';
      g.srcdoc = '<button type=button>After button</button>'; document.body.append(g); })()`,
  });
  const found = await until(async () => {
    const r = await call<{
      interactive_elements: Element[];
      frames: Array<{ label: string }>;
      notes: string[];
    }>('scorm_dom_find_interactive_elements');
    return r.interactive_elements.some((e) => e.name === 'After button') &&
      r.frames.some((f) => f.label === 'sco > iframe#elsewhere')
      ? r
      : undefined;
  }, 'the frame after the other-process one read');
  assert.equal(
    found.interactive_elements.find((e) => e.name === 'After button')?.frame,
    'sco > iframe#after',
  );
  assert.ok(
    !found.interactive_elements.some((e) => e.frame === 'sco > iframe#elsewhere'),
    'nothing is claimed from the frame of another process',
  );
  assert.ok(
    // The frame's label carries the id the course chose: the note names it through course_text. The
    // other host is this machine's, blocked in the session: the browser shows its error page there.
    found.notes.some((n) =>
      withCourseText(found, n).startsWith(
        'sco > iframe#elsewhere: the frame failed to load http://localhost:',
      ),
    ),
    found.notes.join(' | '),
  );
});
