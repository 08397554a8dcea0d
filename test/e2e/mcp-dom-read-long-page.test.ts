/**
 * scorm_get_page_state on a page whose text fills the snapshot before its controls (issue 22): every
 * control is reachable from one answer, by its ref on a kept snapshot line or by a compact entry after
 * the clip; without the snapshot every control is listed; when they truly do not fit, a note counts
 * those named and points to scorm_dom_find_interactive_elements. Every answer stays within the budget.
 */
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { join } from 'node:path';
import { callTool, startServer, type StartedServer, openSessionRuntime } from '../helpers/mcp-client.js';
import { FIXTURES_DIR } from '../helpers/paths.js';
import { ANSWER_BUDGET_BYTES, jsonBytes } from '../../src/output/answer-budget.js';

type Data = Record<string, unknown>;
interface Listed {
  ref: string | null;
  selector?: string | null;
  role?: string;
  name?: string;
  purpose?: string;
}
interface PageState {
  snapshot?: string;
  snapshot_truncated?: boolean;
  interactive_elements?: Listed[];
  controls_by_purpose?: Record<string, string[]>;
  interactive_count: number;
  notes?: string[];
}

const COURSE = join(FIXTURES_DIR, 'courses', 'dom-read-long-page');
let server: StartedServer;

before(async () => {
  server = await startServer();
});
after(async () => {
  await server.close();
});

async function open(item: string): Promise<string> {
  const session_id = await openSessionRuntime(server.client, COURSE, {}, { item_id: item });
  await callTool(server.client, 'scorm_dom_wait_for', {
    session_id,
    condition: { expression: 'document.title.includes("ready")' },
  });
  return session_id;
}

async function pageState(session_id: string, args: Data = {}): Promise<PageState> {
  const state = await callTool<PageState>(server.client, 'scorm_get_page_state', { session_id, ...args });
  assert.ok(jsonBytes(state) <= ANSWER_BUDGET_BYTES, `${jsonBytes(state)} bytes`);
  return state;
}

/** Every control's ref, from scorm_dom_find_interactive_elements followed page by page. */
async function everyRef(session_id: string): Promise<string[]> {
  const refs: string[] = [];
  let cursor: string | undefined;
  do {
    const page = await callTool<{ interactive_elements: Listed[]; next_cursor?: string | null }>(
      server.client,
      'scorm_dom_find_interactive_elements',
      { session_id, ...(cursor ? { cursor } : {}) },
    );
    for (const e of page.interactive_elements) if (e.ref) refs.push(e.ref);
    cursor = page.next_cursor ?? undefined;
  } while (cursor);
  return refs;
}

/** The refs an agent can act on from this answer alone: on a snapshot line, or listed. */
function reachable(state: PageState): Set<string> {
  const onLines = [...String(state.snapshot ?? '').matchAll(/\[ref=([^\]]+)\]/g)].map((m) => m[1]!);
  const listed = (state.interactive_elements ?? []).map((e) => e.ref).filter((r): r is string => !!r);
  return new Set([...onLines, ...listed]);
}

function missing(state: PageState, refs: string[]): string[] {
  const have = reachable(state);
  return refs.filter((r) => !have.has(r));
}

test('a snapshot clipped before the controls: every control after the clip is listed compactly', async () => {
  const session_id = await open('long');
  const refs = await everyRef(session_id);
  assert.equal(refs.length, 60);
  for (const args of [{}, { max_chars: 500_000 }, { max_chars: 300 }]) {
    const state = await pageState(session_id, { ...args, include_snapshot: true });
    const what = JSON.stringify(args);
    assert.equal(state.snapshot_truncated, true, what);
    assert.equal(state.interactive_count, 60, what);
    assert.deepEqual(missing(state, refs), [], `${what}: every control reachable`);
    const snapshot = String(state.snapshot);
    const after = (state.interactive_elements ?? []).filter((e) => !snapshot.includes(`[ref=${e.ref}]`));
    assert.ok(after.length > 0, `${what}: controls after the clip`);
    for (const e of after) {
      // Compact: the ref acts on it; its selector is find_interactive_elements' to give.
      assert.ok(e.ref && e.role && e.name, `${what}: ${JSON.stringify(e)}`);
      assert.equal(e.selector, undefined, `${what}: ${JSON.stringify(e)}`);
    }
    assert.ok(
      after.some((e) => e.name === 'Next' && e.purpose === 'next'),
      `${what}: the last control, Next, with its purpose`,
    );
    assert.match(
      (state.notes ?? []).join(' '),
      /interactive_elements lists every control after the clip/,
      what,
    );
    assert.doesNotMatch((state.notes ?? []).join(' '), /controls read are named here/, what);
  }
  // The default keeps as much snapshot as leaves room for the controls after it.
  const byDefault = await pageState(session_id, { include_snapshot: true });
  assert.ok(String(byDefault.snapshot).length > 4_000, `${String(byDefault.snapshot).length} characters`);
});

test('without the snapshot, every control is listed with its ref, role and name', async () => {
  const session_id = await open('long');
  const refs = await everyRef(session_id);
  const state = await pageState(session_id, { include_snapshot: false });
  assert.equal(state.snapshot, undefined);
  const listed = state.interactive_elements ?? [];
  assert.deepEqual(
    listed.map((e) => e.ref),
    refs,
  );
  for (const e of listed) assert.ok(e.role && e.name && e.selector === undefined, JSON.stringify(e));
  assert.equal(state.notes, undefined, 'nothing left out: no note');
});

test('controls that truly do not fit: as many as fit are named, and a note counts them and says where the rest are', async () => {
  const session_id = await open('crowded');
  const refs = await everyRef(session_id);
  assert.equal(refs.length, 200);
  for (const include_snapshot of [true, false]) {
    const state = await pageState(session_id, { include_snapshot });
    const named = refs.length - missing(state, refs).length;
    assert.ok(named > 20 && named < 200, `${include_snapshot}: ${named} named`);
    const note = (state.notes ?? []).find((n) => n.includes('controls read are named here'));
    assert.ok(note, JSON.stringify(state.notes));
    assert.match(note, new RegExp(`^${named} of the 200 controls read are named here`));
    assert.match(note, /scorm_dom_find_interactive_elements lists every one/);
  }
});
