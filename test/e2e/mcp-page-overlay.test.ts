/**
 * An element that covers the whole SCO frame (an expiry notice over the slides) is reported by
 * scorm_get_current_page_context and scorm_navigate_to_slide as blocked_by_overlay, with its text in
 * course_text, instead of "next available" and navigated:true with nothing of the slide visible.
 */
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { join } from 'node:path';
import { courseTextOf } from '../helpers/course-text.js';
import { callTool, startServer, type StartedServer } from '../helpers/mcp-client.js';
import { FIXTURES_DIR } from '../helpers/paths.js';

interface Overlay {
  tag: string;
  points_covered: number;
  hidden_elements: number;
  message: string;
  course_text: Record<string, { text: string }>;
}
interface Context {
  slide_number: number | null;
  navigation_available: Record<string, boolean | null>;
  sources: Record<string, string>;
  blocked_by_overlay?: Overlay;
}
interface Navigated {
  navigated: boolean;
  message?: string;
  blocked_by_overlay?: Overlay;
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

function assertCover(overlay: Overlay | undefined): void {
  assert.ok(overlay, 'blocked_by_overlay is set');
  assert.equal(overlay.tag, 'div');
  assert.equal(overlay.points_covered, 9);
  assert.ok(overlay.hidden_elements > 0);
  assert.equal(courseTextOf(overlay, 'overlay_text'), 'This course has expired.');
  assert.equal(courseTextOf(overlay, 'element'), 'div#expired');
  assert.doesNotMatch(overlay.message, /expired/, 'the course text stays in course_text');
}

test('page context and a slide jump under a full-frame overlay say the course is hidden', async () => {
  await withCourse('page-context-overlay', async (session_id) => {
    const ctx = await callTool<Context>(server.client, 'scorm_get_current_page_context', { session_id });
    assert.equal(ctx.slide_number, 1, 'the player still reports its slide');
    assertCover(ctx.blocked_by_overlay);
    assert.equal(ctx.navigation_available['next'], false);
    assert.equal(ctx.sources['navigation_available.next'], 'blocked_by_overlay');

    const jump = await callTool<Navigated>(server.client, 'scorm_navigate_to_slide', {
      session_id,
      slide: 2,
    });
    assert.equal(jump.navigated, false);
    assert.match(jump.message ?? '', /covers the whole frame/);
    assertCover(jump.blocked_by_overlay);
  });
});

test('the same player without the overlay has no blocked_by_overlay', async () => {
  await withCourse('page-context-automation', async (session_id) => {
    const ctx = await callTool<Context>(server.client, 'scorm_get_current_page_context', { session_id });
    assert.equal(ctx.blocked_by_overlay, undefined);
    assert.equal(ctx.navigation_available['next'], true);
    const jump = await callTool<Navigated>(server.client, 'scorm_navigate_to_slide', {
      session_id,
      slide: 2,
    });
    assert.equal(jump.navigated, true);
    assert.equal(jump.blocked_by_overlay, undefined);
  });
});

test('a Captivate stage the course hid, with its notice drawn in its place, is reported', async () => {
  await withCourse('page-context-captivate-expired', async (session_id) => {
    const ctx = await callTool<Context>(server.client, 'scorm_get_current_page_context', { session_id });
    assert.equal(ctx.slide_number, 1, 'the player still reports its slide');
    const overlay = ctx.blocked_by_overlay as
      (Overlay & { stage?: { selector: string; why: string } }) | undefined;
    assert.ok(overlay, 'blocked_by_overlay is set');
    assert.deepEqual(overlay.stage, { selector: '#project', why: 'visibility:hidden' });
    assert.ok(overlay.hidden_elements > 0);
    assert.equal(courseTextOf(overlay, 'element'), 'div#exdv');
    assert.equal(courseTextOf(overlay, 'overlay_text'), 'This course has expired.');
    assert.doesNotMatch(overlay.message, /expired/, 'the course text stays in course_text');
    assert.equal(ctx.navigation_available['next'], false);

    const jump = await callTool<Navigated>(server.client, 'scorm_navigate_to_slide', {
      session_id,
      slide: 2,
    });
    assert.equal(jump.navigated, false);
    assert.match(jump.message ?? '', /stage is not drawn/);
  });
});

test('a Captivate deck with its stage drawn and a dialog over part of it is not reported', async () => {
  await withCourse('page-context-captivate-deck', async (session_id) => {
    const ctx = await callTool<Context>(server.client, 'scorm_get_current_page_context', { session_id });
    assert.equal(ctx.slide_number, 1);
    assert.equal(ctx.blocked_by_overlay, undefined);
    const jump = await callTool<Navigated>(server.client, 'scorm_navigate_to_slide', {
      session_id,
      slide: 2,
    });
    assert.equal(jump.navigated, true);
    assert.equal(jump.blocked_by_overlay, undefined);
  });
});

test('a pop-up drawn over a backdrop without a dialog role is listed among dialogs, with its close control', async () => {
  interface Dialog {
    role: string;
    name: string;
    ref: string | null;
    text: string;
    close?: string;
  }
  await withCourse('unmarked-modal', async (session_id) => {
    const state = await callTool<{ dialogs?: Dialog[] }>(server.client, 'scorm_get_page_state', {
      session_id,
      include_snapshot: false,
    });
    const popup = state.dialogs?.find((d) => d.name === 'Keep your place');
    assert.ok(popup, `the pop-up is a dialog: ${JSON.stringify(state.dialogs)}`);
    assert.equal(popup.role, 'dialog');
    assert.match(popup.text, /Type your address/);
    assert.ok(popup.close, 'its close control has a ref');
    await callTool(server.client, 'scorm_dom_click', { session_id, ref: popup.close });
    const after = await callTool<{ dialogs?: Dialog[] }>(server.client, 'scorm_get_page_state', {
      session_id,
      include_snapshot: false,
    });
    assert.equal(after.dialogs, undefined, 'closed: no dialog left');
  });
});

test('a fixed header over a page with no backdrop is no dialog', async () => {
  await withCourse('pointer-actions', async (session_id) => {
    const state = await callTool<{ dialogs?: unknown[] }>(server.client, 'scorm_get_page_state', {
      session_id,
      include_snapshot: false,
    });
    assert.equal(state.dialogs, undefined);
  });
});
