/**
 * Issue 22: the answers of the three heaviest read tools fit an agent's context. Every answer, as the
 * server sends it (text content and structured content), stays under 8,000 tokens (bytes / 4) on the
 * largest pages and packages we build; what does not fit comes in pages, and following the cursors gives
 * every control and every TOC entry exactly once.
 */
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { join } from 'node:path';
import { writePackage } from '../helpers/course-builder.js';
import { controlOf } from '../helpers/interactive-elements.js';
import { callTool, openSessionRuntime, startServer, type StartedServer } from '../helpers/mcp-client.js';
import { SAMPLES_DIR } from '../helpers/paths.js';
import { singleScoPackage } from '../helpers/single-sco.js';
import { until } from '../helpers/until.js';

const TOKEN_BUDGET = 8_000;
type Data = Record<string, unknown>;
interface Control {
  ref: string | null;
  selector: string;
  name: string;
  purpose: string;
  question?: string;
}
interface Found {
  interactive_elements: Control[];
  buttons: string[];
  navigation: string[];
  assessments: Array<{ question: string; options: string[] }>;
  counts: Record<string, number>;
  elements_truncated: boolean;
  next_cursor?: string;
}
interface TocEntry {
  id: string;
  title: string;
  can_choose: boolean;
  current: boolean;
}
interface NavState {
  current_activity?: string | null;
  valid_requests?: Record<string, unknown>;
  toc?: TocEntry[];
  toc_total?: number;
  toc_next_cursor?: string;
  changes_since_last_call?: boolean;
  unchanged?: string[];
}

let server: StartedServer;
before(async () => {
  server = await startServer();
});
after(async () => {
  await server.close();
});

/** A tool's data and the tokens the model is shown: bytes / 4 of its text and structured content. */
async function measured<T>(name: string, args: Data): Promise<{ data: T; tokens: number }> {
  const result = await server.client.callTool({ name, arguments: args }, undefined, { timeout: 180_000 });
  assert.ok(!result.isError, `${name} failed: ${JSON.stringify(result.content).slice(0, 300)}`);
  const bytes =
    Buffer.byteLength(JSON.stringify(result.content)) +
    Buffer.byteLength(JSON.stringify(result.structuredContent));
  return { data: result.structuredContent as T, tokens: bytes / 4 };
}

function withinBudget(tokens: number, what: string): void {
  assert.ok(tokens <= TOKEN_BUDGET, `${what}: ${Math.round(tokens)} tokens, over ${TOKEN_BUDGET}`);
}

const QUESTIONS = 40;
const OPTIONS = 6;
const BUTTONS = 150;
const long = (what: string, i: number) =>
  `${what} ${i}: ${'a fairly long accessible name for a control '.repeat(2)}`;

/** One page with 40 questions of 6 options and 150 buttons, all with long names: 390 controls. */
function bigPage(): string {
  return singleScoPackage({
    version: '2004',
    script: `api.Initialize('');
      var html = '';
      for (var q = 0; q < ${QUESTIONS}; q++) {
        html += '<fieldset><legend>Question ' + q + ': which of these statements about the water cycle holds?</legend>';
        for (var o = 0; o < ${OPTIONS}; o++)
          html += '<label><input type="radio" name="q' + q + '"> ' + ${JSON.stringify(long('Option', 0))}.replace('0', q + '.' + o) + '</label>';
        html += '</fieldset>';
      }
      for (var b = 0; b < ${BUTTONS}; b++)
        html += '<button type="button">' + ${JSON.stringify(long('Button', 0))}.replace('0', b) + '</button>';
      document.body.insertAdjacentHTML('beforeend', html);`,
  });
}

test('find_interactive_elements: 390 long-named controls come in pages within the budget; the cursors give each control once and every question whole', async () => {
  const session_id = await openSessionRuntime(server.client, bigPage());
  const total = QUESTIONS * OPTIONS + BUTTONS;
  await until(async () => {
    const r = await callTool<Found>(server.client, 'scorm_dom_find_interactive_elements', {
      session_id,
      limit: 1,
    });
    return r.counts.interactive_elements === total ? r : undefined;
  }, 'every control rendered');

  const seen = new Map<string, Control>();
  const options = new Map<string, string[]>();
  const buttons: string[] = [];
  let cursor: string | undefined;
  let pages = 0;
  do {
    const { data: page, tokens } = await measured<Found>('scorm_dom_find_interactive_elements', {
      session_id,
      ...(cursor === undefined ? {} : { cursor }),
    });
    pages++;
    withinBudget(tokens, `page ${pages}`);
    assert.equal(page.counts.interactive_elements, total, 'each page gives the total');
    assert.equal(page.elements_truncated, page.next_cursor !== undefined);
    for (const control of page.interactive_elements) {
      const key = control.ref ?? control.selector;
      assert.ok(!seen.has(key), `${control.name} listed once`);
      assert.equal(control.question, undefined, 'the question is said by the assessment, not by each option');
      seen.set(key, control);
    }
    // Groupings name only controls of their own page.
    for (const key of page.buttons) buttons.push(controlOf(page, key).name);
    for (const a of page.assessments) {
      options.set(a.question, [
        ...(options.get(a.question) ?? []),
        ...a.options.map((k) => controlOf(page, k).name),
      ]);
    }
    cursor = page.next_cursor;
  } while (cursor !== undefined);

  assert.ok(pages > 1, 'the page does not fit one answer');
  assert.equal(seen.size, total);
  assert.equal(buttons.length, BUTTONS);
  assert.equal(buttons[BUTTONS - 1], long('Button', BUTTONS - 1).trim());
  assert.equal(options.size, QUESTIONS);
  for (const [question, names] of options) {
    const q = /^Question (\d+):/.exec(question)?.[1];
    assert.ok(q, question);
    assert.deepEqual(
      names,
      Array.from({ length: OPTIONS }, (_, o) => long('Option', 0).replace('0', `${q}.${o}`).trim()),
      `every option of question ${q}, in order, across pages`,
    );
  }

  // limit gives exactly that many, and the cursor continues after them.
  const three = await callTool<Found>(server.client, 'scorm_dom_find_interactive_elements', {
    session_id,
    limit: 3,
  });
  assert.equal(three.interactive_elements.length, 3);
  assert.equal(three.next_cursor, '3');
  const next = await callTool<Found>(server.client, 'scorm_dom_find_interactive_elements', {
    session_id,
    cursor: three.next_cursor,
    limit: 3,
  });
  assert.deepEqual(
    next.interactive_elements.map((e) => e.name),
    [...seen.values()].slice(3, 6).map((e) => e.name),
  );
});

test('find_interactive_elements: the sample course quiz page in one answer, each control once, groupings by ref', async () => {
  const { session_id } = await callTool<{ session_id: string }>(server.client, 'scorm_open_course', {
    package_path: join(SAMPLES_DIR, 'automation-course'),
    new_attempt: true,
  });
  await callTool(server.client, 'scorm_dom_click', { session_id, selector: '#next' });
  await callTool(server.client, 'scorm_dom_click', { session_id, selector: '#next' });
  const { data: found, tokens } = await measured<Found>('scorm_dom_find_interactive_elements', {
    session_id,
  });
  withinBudget(tokens, 'quiz page');
  assert.equal(found.next_cursor, undefined);
  assert.equal(found.assessments.length, 3);
  const keys = found.interactive_elements.map((e) => e.ref ?? e.selector);
  assert.equal(new Set(keys).size, keys.length, 'each control once');
  for (const key of [...found.buttons, ...found.navigation, ...found.assessments.flatMap((a) => a.options)])
    assert.ok(keys.includes(key), `${key} is a listed control`);
  await callTool(server.client, 'scorm_close_course', { session_id });
});

test('data_model_get: unset elements are one list of names; unknown names stay errors', async () => {
  const session_id = await openSessionRuntime(
    server.client,
    singleScoPackage({ version: '2004', script: `api.Initialize(''); api.SetValue('cmi.location', 'p1');` }),
  );
  await until(async () => {
    const r = await callTool<{ data: Data }>(server.client, 'scorm_data_model_get', {
      session_id,
      elements: ['cmi.location'],
    });
    return r.data['cmi.location'] === 'p1' ? r : undefined;
  }, 'the location set');
  const r = await callTool<{
    data: Data;
    unset?: string[];
    errors?: Array<{ element: string; reason: string }>;
  }>(server.client, 'scorm_data_model_get', {
    session_id,
    elements: ['cmi.location', 'cmi.score.raw', 'cmi.score.scaled', 'cmi.progress_measure', 'cmi.bogus'],
  });
  assert.deepEqual(r.data, { 'cmi.location': 'p1' });
  assert.deepEqual(r.unset, ['cmi.score.raw', 'cmi.score.scaled', 'cmi.progress_measure']);
  assert.deepEqual(
    r.errors?.map((e) => [e.element, e.reason]),
    [['cmi.bogus', 'unknown_element']],
  );
});

/** A SCORM 2004 course of 12 chapters of 9 lessons, choice only (the default), with long titles: 121 activities with the root. */
function bigCourse(): string {
  const chapters = Array.from({ length: 12 }, (_, c) => {
    const lessons = Array.from(
      { length: 9 },
      (_, l) =>
        `<item identifier="lesson-${c}-${l}" identifierref="r-page"><title>Chapter ${c}, lesson ${l}: a long lesson title as authoring tools write them</title></item>`,
    ).join('');
    return `<item identifier="chapter-${c}"><title>Chapter ${c}: what the water cycle does to the weather of a region</title>${lessons}</item>`;
  }).join('');
  return writePackage({
    'imsmanifest.xml': `<?xml version="1.0" encoding="UTF-8"?>
<manifest identifier="com.example.big-toc" version="1"
          xmlns="http://www.imsglobal.org/xsd/imscp_v1p1" xmlns:adlcp="http://www.adlnet.org/xsd/adlcp_v1p3">
  <metadata><schema>ADL SCORM</schema><schemaversion>2004 4th Edition</schemaversion></metadata>
  <organizations default="org"><organization identifier="org"><title>Big course</title>${chapters}</organization></organizations>
  <resources>
    <resource identifier="r-page" type="webcontent" adlcp:scormType="sco" href="page.html"><file href="page.html"/></resource>
  </resources>
</manifest>`,
    'page.html': `<!DOCTYPE html><html lang="en"><head><meta charset="utf-8"><title>Lesson</title></head><body><h1>Lesson</h1><script>
var w = window, n = 0; while (!w.API_1484_11 && w.parent && w.parent !== w && n++ < 50) w = w.parent;
w.API_1484_11.Initialize(''); w.API_1484_11.SetValue('cmi.completion_status', 'completed');
</script></body></html>`,
  });
}

test('nav_get_state: the TOC of a 120-lesson course in pages within the budget, left out on request, or only its changes', async () => {
  const session_id = await openSessionRuntime(server.client, bigCourse());
  await callTool(server.client, 'scorm_sn_init', { session_id });

  const ids: string[] = [];
  let cursor: string | undefined;
  let pages = 0;
  do {
    const { data: state, tokens } = await measured<NavState>('scorm_nav_get_state', {
      session_id,
      ...(cursor === undefined ? {} : { cursor }),
    });
    pages++;
    withinBudget(tokens, `TOC page ${pages}`);
    assert.equal(state.current_activity, 'lesson-0-0');
    assert.ok(state.valid_requests, 'each page has the whole state beside its TOC entries');
    ids.push(...(state.toc ?? []).map((e) => e.id));
    cursor = state.toc_next_cursor;
  } while (cursor !== undefined);
  assert.ok(pages > 1, 'the TOC does not fit one answer');
  assert.equal(new Set(ids).size, ids.length, 'each activity once');
  assert.equal(ids.length, 1 + 12 + 12 * 9, 'root, 12 chapters and 108 lessons');
  assert.equal(ids[0], 'org');
  assert.equal(ids.at(-1), 'lesson-11-8');

  const { data: bare, tokens: bareTokens } = await measured<NavState>('scorm_nav_get_state', {
    session_id,
    include_toc: false,
  });
  assert.equal(bare.toc, undefined);
  assert.equal(bare.toc_total, ids.length);
  assert.equal(bare.current_activity, 'lesson-0-0');
  assert.ok(bareTokens < 1_500, `without the TOC: ${Math.round(bareTokens)} tokens`);

  // Nothing happened since: only what is needed to say so.
  const same = await callTool<NavState>(server.client, 'scorm_nav_get_state', {
    session_id,
    changes_only: true,
  });
  assert.equal(same.changes_since_last_call, true);
  assert.equal(same.toc, undefined);
  assert.equal(same.current_activity, undefined);
  assert.ok(same.unchanged?.includes('current_activity'));
  assert.ok(same.unchanged?.includes('toc'));

  await callTool(server.client, 'scorm_nav_choice', { session_id, targetId: 'lesson-0-1' });
  const { data: moved, tokens: movedTokens } = await measured<NavState>('scorm_nav_get_state', {
    session_id,
    changes_only: true,
  });
  withinBudget(movedTokens, 'changes after a choice');
  assert.equal(moved.current_activity, 'lesson-0-1');
  const changed = (moved.toc ?? []).map((e) => e.id);
  assert.ok(changed.includes('lesson-0-0') && changed.includes('lesson-0-1'), changed.join(', '));
  assert.ok(changed.length < ids.length, 'only the entries that changed');
  assert.equal(moved.toc?.find((e) => e.id === 'lesson-0-1')?.current, true);
});
