/**
 * Slides reached as a learner reaches them, through the players' own menus (issue 23, "Know the common
 * players"): a Storyline-like menu in a collapsed sidebar with navigation restricted to slides viewed, an
 * Adapt-like menu without a reachable Adapt object, and a Rise-like cover page, which is the course's first
 * page and not an overlay. Our own fixtures; one server.
 */
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { join } from 'node:path';
import { callTool, startServer, type StartedServer } from '../helpers/mcp-client.js';
import { FIXTURES_DIR } from '../helpers/paths.js';

type Data = Record<string, unknown>;
interface SlideMap extends Data {
  slides: Array<{ index: number; id?: string; title?: string; current: boolean }>;
  total: number;
  notes: string[];
  source: string | null;
  current_index: number | null;
}
interface Navigated extends Data {
  navigated: boolean;
  method: string;
  message?: string;
  changes: { api_calls: Array<{ method: string; args: unknown[] }> };
}

let server: StartedServer;
before(async () => {
  server = await startServer();
});
after(async () => {
  await server.close();
});

async function withCourse(name: string, body: (sessionId: string) => Promise<void>): Promise<void> {
  const { session_id } = await callTool<{ session_id: string }>(server.client, 'scorm_session_open', {
    package_path: join(FIXTURES_DIR, 'courses', name),
  });
  try {
    await callTool(server.client, 'scorm_runtime_open', { session_id });
    await body(session_id);
  } finally {
    await callTool(server.client, 'scorm_session_close', { session_id });
  }
}

const context = (session_id: string) =>
  callTool<Data>(server.client, 'scorm_get_current_page_context', { session_id });
const slideMap = (session_id: string) =>
  callTool<SlideMap>(server.client, 'scorm_get_slide_map', { session_id });
const navigate = (session_id: string, slide: number | string) =>
  callTool<Navigated>(server.client, 'scorm_navigate_to_slide', { session_id, slide });

test('Storyline menu: a jump opens the collapsed sidebar and folded scene, presses the entry, and reports the slide reached; an entry the restricted menu forbids is refused with the reason', async () => {
  await withCourse('page-context-storyline-menu', async (sid) => {
    const map = await slideMap(sid);
    assert.deepEqual(
      [map.source, map.total, map.current_index, map.slides.map((s) => s.title)],
      ['storyline', 4, 1, ['Welcome', 'Hazards', 'Protective gear', 'Final check']],
    );
    const jump = await navigate(sid, 3);
    assert.equal(jump.navigated, true, JSON.stringify(jump));
    assert.equal(jump.method, 'a press on the Storyline menu entry');
    assert.deepEqual(
      jump.changes.api_calls.map((c) => c.args),
      [['cmi.location', '3']],
    );
    const ctx = await context(sid);
    assert.deepEqual([ctx.slide_number, ctx.page_title], [3, 'Protective gear']);

    const locked = await navigate(sid, 4);
    assert.equal(locked.navigated, false);
    assert.match(
      locked.message ?? '',
      /restricts its menu to slides already viewed .* slide 4 has not been viewed/,
    );
    assert.deepEqual(locked.changes.api_calls, []);
    assert.equal((await context(sid)).slide_number, 3);
  });
});

test('Adapt menu without an Adapt object: the menu entries are the slides, a locked page is refused, a jump presses the entry and lands on the page', async () => {
  await withCourse('page-context-adapt-menu', async (sid) => {
    const map = await slideMap(sid);
    assert.deepEqual([map.source, map.total, map.current_index], ['adapt', 3, null]);
    assert.deepEqual(
      map.slides.map((s) => [s.id, s.title]),
      [
        ['co-05', 'Getting started'],
        ['co-10', 'Hazards at work'],
        ['co-15', 'Final quiz'],
      ],
    );
    const locked = await navigate(sid, 'co-15');
    assert.equal(locked.navigated, false);
    assert.match(locked.message ?? '', /locks page 3 on its menu/);

    const jump = await navigate(sid, 2);
    assert.equal(jump.navigated, true, JSON.stringify(jump));
    assert.equal(jump.method, 'a press on the Adapt menu entry');
    assert.deepEqual(
      jump.changes.api_calls.map((c) => c.args),
      [['cmi.location', 'co-10']],
    );
    const ctx = await context(sid);
    assert.deepEqual([ctx.slide_id, ctx.page_title], ['co-10', 'Hazards at work']);
  });
});

test('Adapt menu of a course titled "… Test": the menu is the course\'s start (intro), not an assessment; its title stays the page title (adapt-2, review P10)', async () => {
  await withCourse('page-context-adapt-menu-test-title', async (sid) => {
    const ctx = await context(sid);
    assert.equal((ctx.player as Data).name, 'adapt');
    assert.equal(ctx.page_title, 'Forklift Safety Test');
    assert.equal(ctx.page_type, 'intro', JSON.stringify(ctx.sources));
    assert.match(String((ctx.sources as Data).page_type), /menu of the course's pages/);
  });
});

test("Rise cover page: not reported as an overlay; the lessons keep their own titles, not the Start button's", async () => {
  await withCourse('page-context-rise-cover', async (sid) => {
    const ctx = await context(sid);
    assert.equal((ctx.player as Data).name, 'rise');
    assert.equal(ctx.blocked_by_overlay, undefined, JSON.stringify(ctx.blocked_by_overlay));
    const map = await slideMap(sid);
    assert.deepEqual(
      map.slides.map((s) => s.title),
      ['Why it matters', 'Using an extinguisher'],
    );
    const jump = await navigate(sid, 2);
    assert.equal(jump.navigated, true, JSON.stringify(jump));
  });
});

test('iSpring 9 published page (no player object, outline only in its popup): the slides its page declares (a quiz titled by its quiz data), the one shown, and a jump through the outline popup, a quiz slide included', async () => {
  await withCourse('page-context-ispring-9', async (sid) => {
    const ctx = await context(sid);
    assert.equal((ctx.player as Data).name, 'ispring');
    assert.deepEqual([ctx.slide_number, ctx.total_slides, ctx.page_title], [1, 4, 'Welcome to site safety']);
    const map = await slideMap(sid);
    const titles = ['Welcome to site safety', 'Site safety check', 'Wrap-up', null];
    assert.deepEqual(
      [map.source, map.total, map.current_index, map.slides.map((s) => s.title ?? null)],
      ['ispring', 4, 1, titles],
    );
    // A slide titled nowhere is said to be so (review P2: ispring-2's slide 3 had no title and no word why).
    assert.deepEqual(map.notes, [
      'Slide 4 has no title: the presentation gives it none (iSpring\'s outline shows such a slide as "---"), and it holds no text at all.',
    ]);
    const toQuiz = await navigate(sid, 2);
    assert.equal(toQuiz.navigated, true, JSON.stringify(toQuiz));
    assert.match(toQuiz.method, /outline entry/);
    assert.deepEqual(
      toQuiz.changes.api_calls.map((c) => c.args),
      [['cmi.location', '2']],
    );
    const last = await navigate(sid, 3);
    assert.equal(last.navigated, true, JSON.stringify(last));
    const after = await context(sid);
    assert.deepEqual([after.slide_number, after.page_title], [3, 'Wrap-up']);
    // With its outline open, the player's "---" is no title: the page's own titles stay.
    await callTool(server.client, 'scorm_dom_click', {
      session_id: sid,
      selector: '.universal-control-panel__button_std-outline',
    });
    const open = await slideMap(sid);
    assert.deepEqual(
      [open.current_index, open.slides.map((s) => s.title ?? null), open.notes],
      [3, titles, map.notes],
    );
  });
});
