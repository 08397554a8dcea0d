/**
 * Player recognition over MCP against real Chromium: each player fixture (our own minimal imitations of
 * their published signatures), a nested launch frame, hostile globals (throwing getters, a getter that
 * never returns), unsupported jumps and bad slide numbers. One server; one session per fixture.
 */
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { join } from 'node:path';
import { courseTextOf, withCourseText } from '../helpers/course-text.js';
import { callTool, callToolError, startServer, type StartedServer } from '../helpers/mcp-client.js';
import { FIXTURES_DIR, SAMPLES_DIR } from '../helpers/paths.js';
import { eventually } from '../helpers/until.js';

type Data = Record<string, unknown>;

/** A jump the player cannot make: an answer with not_applicable, the Next control to click beside it. */
async function refusedJump(args: Data): Promise<{ code: string; message: string; next_control?: Data }> {
  const answer = await callTool<Data>(server.client, 'scorm_navigate_to_slide', args);
  assert.equal(answer.navigated, false, JSON.stringify(answer));
  const notHere = answer.not_applicable as { code: string; message: string };
  assert.ok(notHere, JSON.stringify(answer));
  return { ...notHere, next_control: answer.next_control as Data | undefined };
}
interface Context extends Data {
  page_type: string;
  slide_number: number | null;
  total_slides: number | null;
  section_title: string | null;
  progress_percent: number | null;
  navigation_available: { next: boolean | null; previous: boolean | null; menu: boolean | null };
  page_title: string | null;
  url: string;
  slide_id: string | null;
  player: { name: string; confidence: number; evidence: string[]; message?: string };
  frame: string;
  sources: Record<string, string>;
  navigation_controls: Record<string, { selector: string; label: string; enabled: boolean } | null>;
  unknown_fields: string[];
  notes: string[];
}
interface SlideMap extends Data {
  slides: Array<{ index: number; id?: string; title?: string; current: boolean }>;
  total: number;
  source: string | null;
  current_index: number | null;
  not_applicable?: { code: string; message: string };
}
interface Navigated extends Data {
  navigated: boolean;
  from: { index: number; id?: string; title?: string } | null;
  to: { index: number; id?: string; title?: string };
  method: string;
  changes: { api_calls: Array<{ method: string; args: unknown[] }> };
}

let server: StartedServer;

before(async () => {
  server = await startServer();
});
after(async () => {
  await server.close();
});

/** Opens the fixture (or a path) in a fresh session with its runtime, runs `body`, closes the session. */
async function withCourse(name: string, body: (sessionId: string) => Promise<void>): Promise<void> {
  const { session_id } = await callTool<{ session_id: string }>(server.client, 'scorm_session_open', {
    package_path: name.startsWith('/') ? name : join(FIXTURES_DIR, 'courses', name),
  });
  try {
    await callTool(server.client, 'scorm_runtime_open', { session_id });
    await body(session_id);
  } finally {
    await callTool(server.client, 'scorm_session_close', { session_id });
  }
}

const context = (session_id: string) =>
  callTool<Context>(server.client, 'scorm_get_current_page_context', { session_id });
const slideMap = (session_id: string) =>
  callTool<SlideMap>(server.client, 'scorm_get_slide_map', { session_id });
const navigate = (session_id: string, slide: number | string) =>
  callTool<Navigated>(server.client, 'scorm_navigate_to_slide', { session_id, slide });

test('the three tools are listed in the dom group with short descriptions; bad sessions and closed runtimes fail clearly', async () => {
  const { tools } = await server.client.listTools();
  for (const name of ['scorm_get_current_page_context', 'scorm_get_slide_map', 'scorm_navigate_to_slide']) {
    const tool = tools.find((t) => t.name === name);
    assert.ok(tool, name);
    assert.ok((tool.description ?? '').length < 600, name);
    const args = name === 'scorm_navigate_to_slide' ? { slide: 1 } : {};
    const unknown = await callToolError(server.client, name, { session_id: 'sess_nope', ...args });
    assert.equal(unknown.error_code, 'MCP_UNKNOWN_SESSION', name);
  }
  const { session_id } = await callTool<{ session_id: string }>(server.client, 'scorm_session_open', {
    package_path: join(FIXTURES_DIR, 'courses/page-context-automation'),
  });
  const closed = await callToolError(server.client, 'scorm_get_current_page_context', { session_id });
  assert.equal(closed.error_code, 'RUNTIME_NOT_OPEN');
  const badSlide = await callToolError(server.client, 'scorm_navigate_to_slide', { session_id, slide: true });
  assert.equal(badSlide.error_code, 'MCP_INVALID_PARAMS');
  await callTool(server.client, 'scorm_session_close', { session_id });
});

test('our template (SCORMAutomation): context, slide map, jump by id and by number with the API calls it caused', async () => {
  await withCourse('page-context-automation', async (sid) => {
    const ctx = await context(sid);
    assert.equal(ctx.player.name, 'automation_api');
    assert.ok(ctx.player.confidence >= 0.9);
    assert.deepEqual(ctx.player.evidence, ['window.SCORMAutomation (object)']);
    assert.equal(ctx.frame, 'sco');
    assert.deepEqual([ctx.slide_number, ctx.total_slides, ctx.slide_id], [1, 4, 's1']);
    assert.equal(ctx.page_title, 'Welcome');
    assert.equal(ctx.section_title, 'Getting started');
    assert.equal(ctx.page_type, 'intro');
    assert.deepEqual(ctx.navigation_available, { next: true, previous: false, menu: null });
    assert.equal(ctx.navigation_controls.next?.selector, '#next');
    assert.equal(ctx.sources.slide_number, 'automation_api');
    assert.equal(ctx.progress_percent, null);
    assert.ok(ctx.unknown_fields.includes('progress_percent'));
    assert.match(ctx.notes.join(' '), /progress_percent/);
    assert.match(ctx.url, /\/index\.html$/);

    const map = await slideMap(sid);
    assert.equal(map.not_applicable, undefined);
    assert.equal(map.source, 'automation_api');
    assert.equal(map.total, 4);
    assert.equal(map.current_index, 1);
    assert.deepEqual(map.slides[2], { index: 3, id: 's3', title: 'Try it', current: false });

    const jump = await navigate(sid, 's3');
    assert.equal(jump.navigated, true);
    assert.deepEqual(jump.from, { index: 1, id: 's1', title: 'Welcome' });
    assert.deepEqual(jump.to, { index: 3, id: 's3', title: 'Try it' });
    assert.equal(jump.method, 'SCORMAutomation.goToSlide');
    assert.equal('notes' in jump, false, 'no notes: the list is left out, not sent empty');
    assert.deepEqual(
      jump.changes.api_calls.map((c) => [c.method, c.args]),
      [['SetValue', ['cmi.location', 's3']]],
    );
    const after = await context(sid);
    assert.deepEqual([after.slide_number, after.page_title, after.section_title], [3, 'Try it', 'Practice']);

    const byNumber = await navigate(sid, 4);
    assert.equal(byNumber.navigated, true);
    assert.equal(byNumber.to.id, 's4');
    assert.equal((await context(sid)).navigation_available.next, false);

    const outOfRange = await callToolError(server.client, 'scorm_navigate_to_slide', {
      session_id: sid,
      slide: 9,
    });
    assert.equal(outOfRange.error_code, 'MCP_INVALID_PARAMS');
    assert.match(outOfRange.message, /slides 1 to 4/);
    const unknownId = await callToolError(server.client, 'scorm_navigate_to_slide', {
      session_id: sid,
      slide: 'zz',
    });
    assert.equal(unknownId.error_code, 'MCP_INVALID_PARAMS');
    assert.match(unknownId.message, /one of the 4 ids in details\.ids/);
    assert.deepEqual((unknownId.data.details as Data).ids, ['s1', 's2', 's3', 's4']);
  });
});

test('the bundled sample course (SCORMAutomation): its six slides, a jump to a question slide', async () => {
  await withCourse(join(SAMPLES_DIR, 'automation-course'), async (sid) => {
    const ctx = await context(sid);
    assert.equal(ctx.player.name, 'automation_api');
    assert.deepEqual([ctx.slide_number, ctx.total_slides, ctx.slide_id], [1, 6, 'intro']);
    const map = await slideMap(sid);
    assert.deepEqual(
      map.slides.map((s) => s.id),
      ['intro', 'cycle', 'check-1', 'check-2', 'check-3', 'summary'],
    );
    const jump = await navigate(sid, 'check-1');
    assert.equal(jump.navigated, true);
    assert.ok(
      jump.changes.api_calls.some(
        (c) => c.method === 'SetValue' && c.args[0] === 'cmi.location' && c.args[1] === 'check-1',
      ),
    );
    const after = await context(sid);
    assert.deepEqual([after.slide_number, after.page_type], [3, 'assessment']);
  });
});

test('a Captivate-like stage inside an inner iframe of the launch page: found in that frame, jump by number', async () => {
  await withCourse('page-context-nested', async (sid) => {
    const ctx = await context(sid);
    assert.equal(ctx.player.name, 'captivate');
    assert.equal(ctx.frame, 'sco > iframe#content');
    assert.match(ctx.url, /content\/stage\.html$/);
    assert.deepEqual([ctx.slide_number, ctx.total_slides, ctx.page_title], [1, 3, 'Introduction']);
    assert.ok(ctx.player.evidence.includes('window.cpAPIInterface (object)'));
    const map = await slideMap(sid);
    assert.deepEqual(
      [map.source, map.total, map.slides[0]],
      ['captivate', 3, { index: 1, title: 'Introduction', current: true }],
    );
    const jump = await navigate(sid, 3);
    assert.equal(jump.navigated, true);
    assert.match(jump.method, /cpCmndGotoSlide/);
    assert.deepEqual(
      jump.changes.api_calls.map((c) => c.args),
      [['cmi.location', '3']],
    );
    const after = await context(sid);
    assert.deepEqual([after.slide_number, after.page_title, after.page_type], [3, 'Summary', 'summary']);
  });
});

test('iSpring-like player: the player object from its connector, slide titles, gotoSlide, its non-semantic NEXT', async () => {
  await withCourse('page-context-ispring', async (sid) => {
    const ctx = await context(sid);
    assert.equal(ctx.player.name, 'ispring');
    assert.deepEqual([ctx.slide_number, ctx.total_slides, ctx.page_title], [1, 4, 'Overview']);
    assert.equal(ctx.navigation_controls.next?.label, 'NEXT');
    const map = await slideMap(sid);
    assert.deepEqual(
      map.slides.map((s) => s.title),
      ['Overview', 'Details', 'Practice', 'Wrap-up'],
    );
    const jump = await navigate(sid, 2);
    assert.equal(jump.navigated, true);
    assert.match(jump.method, /gotoSlide/);
    assert.deepEqual(
      jump.changes.api_calls.map((c) => c.args),
      [['cmi.progress_measure', '0.5']],
    );
  });
});

test('published iSpring player (no player object): 8 slides from its outline, the current one, its title, a jump by the outline; Back to top is not previous', async () => {
  await withCourse('page-context-ispring-outline', async (sid) => {
    const ctx = await context(sid);
    assert.equal(ctx.player.name, 'ispring');
    assert.deepEqual(
      [ctx.slide_number, ctx.total_slides, ctx.page_title],
      [1, 8, 'Welcome to the test drive'],
    );
    assert.deepEqual([ctx.sources.slide_number, ctx.sources.page_title], ['ispring', 'ispring']);
    assert.equal(ctx.navigation_controls.previous?.label, 'previous slide');
    const map = await slideMap(sid);
    assert.deepEqual([map.source, map.total, map.current_index], ['ispring', 8, 1]);
    // The outline cuts long titles with an ellipsis; the whole title is read.
    assert.equal(
      map.slides[1]?.title,
      'Objective: You will be able to identify the relationship between a SCO and an LMS',
    );
    const jump = await navigate(sid, 3);
    assert.equal(jump.navigated, true);
    assert.match(jump.method, /outline entry/);
    assert.deepEqual(
      jump.changes.api_calls.map((c) => c.args),
      [['cmi.location', '3']],
    );
    const after = await context(sid);
    assert.deepEqual([after.slide_number, after.page_title], [3, 'Part one']);
  });
});

test('Storyline-like player: recognised, slide from its menu outline; a jump presses the menu entry and, where the player does not move, says so', async () => {
  await withCourse('page-context-storyline', async (sid) => {
    const ctx = await context(sid);
    assert.equal(ctx.player.name, 'storyline');
    assert.deepEqual([ctx.slide_number, ctx.total_slides, ctx.page_title], [2, 3, 'Safety first']);
    // Its visually hidden accessible buttons count as the navigation controls.
    assert.deepEqual(ctx.navigation_controls.next, { selector: '#next', label: 'Next', enabled: true });
    const map = await slideMap(sid);
    assert.equal(map.source, 'storyline');
    assert.equal(map.current_index, 2);
    // This outline's entries do nothing when pressed: the jump is not reported as made.
    const jump = await navigate(sid, 3);
    assert.equal(jump.navigated, false);
    assert.equal(jump.method, 'a press on the Storyline menu entry');
    assert.match(String(jump.message), /did not reach slide 3 in time: it still reports slide 2/);
  });
});

test("Storyline 360's outline, which marks its current entry by its row's class cs-selected and no ARIA state: slide number, count, title and the map's current entry (storyline-3)", async () => {
  await withCourse('page-context-storyline-360-outline', async (sid) => {
    const ctx = await context(sid);
    assert.equal(ctx.player.name, 'storyline');
    assert.deepEqual([ctx.slide_number, ctx.total_slides, ctx.page_title], [3, 4, 'Vectors']);
    const map = await slideMap(sid);
    assert.equal(map.current_index, 3);
  });
});

test('Storyline without a menu: the slide title from its live region, not the course title, and the slide id from the stage; Back to top is not previous; #prev is previous whatever its label', async () => {
  await withCourse('page-context-storyline-label', async (sid) => {
    const ctx = await context(sid);
    assert.equal(ctx.player.name, 'storyline');
    assert.deepEqual([ctx.page_title, ctx.sources.page_title], ['Title slide', 'storyline']);
    // Slides may share a title (storyline-2's two "סיכום"): the id on the stage tells them apart.
    assert.equal(ctx.slide_id, '6aB3dE9fG1h');
    // The course is called "Leadership Assessment"; its title slide is not an assessment.
    assert.notEqual(ctx.page_type, 'assessment');
    assert.equal(ctx.navigation_controls.previous?.selector, '#prev');
    assert.equal(ctx.navigation_controls.next?.selector, '#next');
  });
});

test('Storyline slide that stays loading because a media file cannot be loaded: the page context names the wait and the failed media (storyline-1 at slide 3)', async () => {
  await withCourse('page-context-storyline-loading', async (sid) => {
    await eventually(async () => {
      const ctx = await context(sid);
      assert.equal(ctx.player.name, 'storyline');
      const note = ctx.notes.find((n) => n.startsWith('Storyline is loading this slide'));
      assert.ok(note, JSON.stringify(ctx.notes));
      assert.match(note, /1 video\/audio element\(s\) of the page failed to load/);
    });
  });
});

test('Storyline slide without its loader shown (its idle loader is an empty box): no loading note', async () => {
  await withCourse('page-context-storyline-label', async (sid) => {
    const ctx = await context(sid);
    assert.equal(
      ctx.notes.some((n) => n.startsWith('Storyline is loading')),
      false,
    );
  });
});

test('Rise-like lessons: hash routes, progress text, jump by lesson id', async () => {
  await withCourse('page-context-rise', async (sid) => {
    const ctx = await context(sid);
    assert.equal(ctx.player.name, 'rise');
    assert.deepEqual([ctx.slide_number, ctx.total_slides, ctx.slide_id], [1, 3, 'intro-1']);
    assert.equal(ctx.progress_percent, 0);
    assert.equal(ctx.sources.progress_percent, 'dom: text `course_text.quoted[0]`');
    assert.equal(courseTextOf(ctx, 'quoted'), '0% COMPLETE');
    const jump = await navigate(sid, 'quiz-3');
    assert.equal(jump.navigated, true);
    assert.deepEqual(
      jump.changes.api_calls.map((c) => c.args),
      [['cmi.location', 'quiz-3']],
    );
    const after = await context(sid);
    assert.deepEqual([after.slide_number, after.page_title, after.progress_percent], [3, 'Final check', 67]);
  });
});

test('Adapt-like course: pages from Adapt.contentObjects (menus left out), navigateToElement', async () => {
  await withCourse('page-context-adapt', async (sid) => {
    const ctx = await context(sid);
    assert.equal(ctx.player.name, 'adapt');
    assert.deepEqual([ctx.slide_number, ctx.total_slides, ctx.slide_id], [1, 3, 'co-10']);
    assert.equal(ctx.section_title, 'Adapt-like course');
    const map = await slideMap(sid);
    assert.deepEqual(
      map.slides.map((s) => s.id),
      ['co-10', 'co-20', 'co-30'],
    );
    const jump = await navigate(sid, 3);
    assert.equal(jump.navigated, true);
    assert.equal(jump.method, 'Adapt.router.navigateToElement(id)');
    assert.equal((await context(sid)).page_type, 'assessment');
  });
});

test('Lectora-like page: recognised by generator and scripts; the page number comes from the page, and jumping is refused', async () => {
  await withCourse('page-context-lectora', async (sid) => {
    const ctx = await context(sid);
    assert.equal(ctx.player.name, 'lectora');
    const meta = ctx.player.evidence.find((e) => e.startsWith('generator meta '));
    assert.ok(meta && /^Lectora/.test(withCourseText(ctx, meta).slice('generator meta '.length)), meta);
    assert.deepEqual([ctx.slide_number, ctx.total_slides], [2, 5]);
    assert.equal(withCourseText(ctx, ctx.sources.slide_number ?? ''), 'dom: indicator text Page 2 of 5');
    assert.match(ctx.notes.join(' '), /Lectora gives scripts no page number/);
    const refused = await refusedJump({
      session_id: sid,
      slide: 1,
    });
    assert.equal((refused.next_control as Data).selector, '#nextBtn');
  });
});

test('no player: indicators from the page (split "Slide 3 / 10", <progress>), an assessment, positions as the slide map', async () => {
  await withCourse('page-context-generic', async (sid) => {
    const ctx = await context(sid);
    assert.equal(ctx.player.name, 'generic');
    assert.deepEqual([ctx.slide_number, ctx.total_slides, ctx.progress_percent], [3, 10, 30]);
    assert.equal(ctx.page_type, 'assessment');
    assert.deepEqual(ctx.navigation_available, { next: true, previous: true, menu: null });
    assert.equal(ctx.navigation_controls.next?.selector, '#continue');
    const map = await slideMap(sid);
    assert.deepEqual(
      [map.not_applicable, map.source, map.total, map.current_index],
      [undefined, 'dom', 10, 3],
    );
    const refused = await refusedJump({
      session_id: sid,
      slide: 4,
    });
    assert.match(refused.message, /in next_control/);
    assert.equal((refused.next_control as Data).selector, '#continue');
  });
  await withCourse('scorm12-single', async (sid) => {
    const ctx = await context(sid);
    assert.equal(ctx.player.name, 'unknown');
    assert.match(ctx.player.message ?? '', /No player signature and no slide indicator/);
    assert.equal(ctx.slide_number, null);
    assert.ok(ctx.unknown_fields.includes('slide_number') && ctx.unknown_fields.includes('total_slides'));
    const map = await slideMap(sid);
    assert.equal(map.not_applicable?.code, 'NO_SLIDES');
    assert.match(map.not_applicable?.message ?? '', /no player API was recognised/);
    // One code, one meaning: the jump on the same page says what the slide map says.
    const refused = await refusedJump({ session_id: sid, slide: 2 });
    assert.equal(refused.code, 'NO_SLIDES');
  });
});

test('hostile globals that throw (getters, proxies): no crash, the reason in notes, page indicators still read', async () => {
  await withCourse('page-context-hostile-throw', async (sid) => {
    const ctx = await context(sid);
    assert.equal(ctx.player.name, 'automation_api');
    assert.deepEqual(ctx.player.evidence, ['window.SCORMAutomation (accessor)']);
    assert.match(
      ctx.notes.map((n) => withCourseText(ctx, n)).join(' '),
      /reading window\.SCORMAutomation threw: no automation for you/,
    );
    assert.deepEqual([ctx.slide_number, ctx.total_slides], [2, 4]);
    assert.match(withCourseText(ctx, ctx.sources.slide_number ?? ''), /^dom: indicator text Step 2 of 4/);
    const map = await slideMap(sid);
    assert.equal(map.source, 'dom');
    const refused = await refusedJump({
      session_id: sid,
      slide: 1,
    });
    assert.equal(refused.code, 'NO_SLIDE_API');
  });
});

test('a getter that never returns: the tool answers within its bound, the script is stopped, the session stays usable', async () => {
  await withCourse('page-context-hostile-loop', async (sid) => {
    const ctx = await context(sid);
    assert.equal(ctx.player.name, 'automation_api');
    assert.equal(ctx.slide_number, null);
    assert.match(
      ctx.notes.join(' '),
      /did not finish within 5000 ms: a course getter or call never returned, so the page's script was stopped/,
    );
    const call = await callTool(server.client, 'scorm_api_call', {
      session_id: sid,
      method: 'GetValue',
      args: ['cmi.location'],
    });
    assert.equal(call.result, 'loaded');
    const { events } = await callTool<{ events: Array<{ payload: Data }> }>(
      server.client,
      'scorm_session_events',
      {
        session_id: sid,
      },
    );
    assert.ok(events.some((e) => e.payload.kind === 'script_terminated'));
  });
});

test('promises that never settle: the tool stops waiting at its bound and leaves the page running', async () => {
  await withCourse('page-context-hostile-pending', async (sid) => {
    const ctx = await context(sid);
    assert.equal(ctx.player.name, 'automation_api');
    assert.equal(ctx.slide_number, null);
    assert.match(ctx.notes.join(' '), /a course call returned a promise that never settled/);
    const map = await slideMap(sid);
    assert.equal(map.not_applicable?.code, 'NO_SLIDES');
    const refused = await refusedJump({
      session_id: sid,
      slide: 1,
    });
    assert.equal(refused.code, 'NO_SLIDES');
    const { events } = await callTool<{ events: Array<{ payload: Data }> }>(
      server.client,
      'scorm_session_events',
      {
        session_id: sid,
      },
    );
    assert.ok(!events.some((e) => e.payload.kind === 'script_terminated'), 'nothing was stopped');
    const call = await callTool(server.client, 'scorm_api_call', {
      session_id: sid,
      method: 'GetValue',
      args: ['cmi.completion_status'],
    });
    assert.equal(call.error_code, '0');
  });
});
