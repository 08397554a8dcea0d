/**
 * A sequenced course whose identifiers, titles, objective id and launch file name speak to an AI agent
 * (issue 20, point 5; test/helpers/nav-text-hostile-course.ts): through the real MCP server (scorm_sn_init,
 * scorm_nav_*, scorm_nav_get_state, scorm_trace_sequencing, resources/list) and the real CLI
 * (`run --nav`, text and --json), navigation outcomes, verdicts, TOC entries and trace events keep the
 * course's words in data fields (activity_id, id, title, request) or in `course_text`, cut; our
 * sentences (reason, why_not, message) only refer to them.
 */
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { COURSE_TEXT_MAX } from '../../src/core/course-text.js';
import { cli } from '../helpers/cli.js';
import { courseTextsIn, spelledOut } from '../helpers/course-text.js';
import { callTool, startServer, type StartedServer } from '../helpers/mcp-client.js';
import { NAV_HOSTILE, NAV_HOSTILE_IDS, navTextHostileCourse } from '../helpers/nav-text-hostile-course.js';
import { until } from '../helpers/until.js';

type Data = Record<string, unknown>;

/** Our sentences in navigation answers (and the tool-voice fields of every answer). */
const SENTENCES = new Set(['reason', 'why_not', 'message', 'fix', 'note', 'notes', 'description']);

/** Paths of our sentences (anywhere in `value`, course_text aside) that quote the course. */
function sentenceLeaks(value: unknown, path = '$'): string[] {
  if (Array.isArray(value)) return value.flatMap((v, i) => sentenceLeaks(v, `${path}[${i}]`));
  if (value === null || typeof value !== 'object') return [];
  return Object.entries(value).flatMap(([key, v]) => {
    if (key === 'course_text') return [];
    const here = `${path}.${key}`;
    const text = typeof v === 'string' ? v : Array.isArray(v) && SENTENCES.has(key) ? v.join('\n') : null;
    if (SENTENCES.has(key) && text !== null) return NAV_HOSTILE.test(text) ? [`${here}: ${text}`] : [];
    return sentenceLeaks(v, here);
  });
}

/** No sentence quotes the course; course_text holds its words, each cut with its length. */
function assertKeptApart(result: unknown, where: string): void {
  assert.deepEqual(sentenceLeaks(result), [], `${where}: course text in a sentence of ours`);
  const texts = courseTextsIn(result);
  assert.ok(
    texts.some((t) => NAV_HOSTILE.test(t.text)),
    `${where}: the course's words are in course_text (${JSON.stringify(result).slice(0, 600)})`,
  );
  for (const t of texts) {
    assert.ok(t.text.length <= COURSE_TEXT_MAX, `${where}: ${t.path} is cut to ${COURSE_TEXT_MAX}`);
    assert.equal(t.truncated === true, t.length > COURSE_TEXT_MAX, `${where}: ${t.path} says it was cut`);
  }
}

let server: StartedServer;
let course: string;
before(async () => {
  server = await startServer();
  course = navTextHostileCourse();
});
after(async () => {
  await server.close();
});

const call = <T = Data>(name: string, args: Data) => callTool<T>(server.client, name, args);

test('MCP: nav outcomes, nav state, the SCO-asked denial and the sequencing trace name the course only through course_text', async () => {
  const { session_id } = await call<{ session_id: string }>('scorm_open_course', {
    package_path: course,
    new_attempt: true,
  });
  try {
    const init = await call<{ outcome: Data & { delivered: { activity_id: string } } }>('scorm_sn_init', {
      session_id,
    });
    assert.equal(init.outcome.delivered.activity_id, NAV_HOSTILE_IDS.a, 'ids stay whole as data');
    assert.deepEqual(sentenceLeaks(init), [], 'scorm_sn_init');

    // Choice of B: disabled by its rule on its own objective, the three named by course_text only.
    const toB = await call<Data & { message: string }>('scorm_nav_choice', {
      session_id,
      targetId: NAV_HOSTILE_IDS.b,
    });
    assert.equal(toB.outcome, 'denied', JSON.stringify(toB).slice(0, 400));
    assertKeptApart(toB, 'scorm_nav_choice B');
    const spelled = spelledOut(toB, toB.message);
    assert.match(spelled, /is disabled by its precondition rule "disabled" if not objectiveStatusKnown/);
    assert.ok(spelled.includes(NAV_HOSTILE_IDS.objective.slice(0, COURSE_TEXT_MAX - 1)), spelled);

    // Continue flows into B: denied the same way.
    const next = await call<Data>('scorm_nav_request', { session_id, request: 'continue' });
    assert.equal(next.outcome, 'denied');
    assertKeptApart(next, 'scorm_nav_request continue');

    // C is hidden from choice.
    const toC = await call<Data>('scorm_nav_choice', { session_id, targetId: NAV_HOSTILE_IDS.c });
    assert.equal(toC.outcome, 'denied');
    assertKeptApart(toC, 'scorm_nav_choice C');

    // The state: continue's verdict and the TOC's why_not for B and C.
    const state = await call<Data & { toc: Array<Data & { id: string }> }>('scorm_nav_get_state', {
      session_id,
    });
    assertKeptApart(state, 'scorm_nav_get_state');
    const b = state.toc.find((e) => e.id === NAV_HOSTILE_IDS.b);
    assert.equal(b?.can_choose, false);
    assert.ok(b?.course_text, 'why_not of B refers to its course_text');

    // D's SCO asks for a choice of an activity that does not exist, when it starts.
    const toD = await call<Data>('scorm_nav_choice', { session_id, targetId: NAV_HOSTILE_IDS.d });
    assert.equal(toD.outcome, 'delivered');
    const trace = await until(
      async () => {
        const t = await call<Data & { denials: Data[] }>('scorm_trace_sequencing', {
          session_id,
          trace_level: 'verbose',
        });
        return t.denials.some((d) => String(d.navigation_request).includes('nowhere')) ? t : undefined;
      },
      "the SCO's own request, denied at Terminate",
      30_000,
    );
    assertKeptApart(trace, 'scorm_trace_sequencing');
    const sco = trace.denials.find((d) => String(d.navigation_request).includes('nowhere'))!;
    assert.equal(sco.code, 'NB.2.1-11');
    assert.match(spelledOut(sco, String(sco.message)), /no activity "AI-assistant-.*" in the activity tree/);

    const { resources } = await server.client.listResources();
    const mine = resources.filter((r) => r.uri.includes(session_id));
    assert.ok(mine.length > 0);
    for (const r of mine)
      assert.doesNotMatch(`${r.name} ${r.title ?? ''} ${r.description ?? ''}`, NAV_HOSTILE, r.uri);
  } finally {
    await call('scorm_close_course', { session_id }).catch(() => undefined);
  }
});

const STEPS = `choice:${NAV_HOSTILE_IDS.b},continue,choice:${NAV_HOSTILE_IDS.c},choice:${NAV_HOSTILE_IDS.d}`;

test('CLI run --nav (text): the denials name the course only on labelled course_text lines, cut', async () => {
  const r = await cli('run', course, '--nav', STEPS, '--settle-ms', '300');
  assert.equal(r.status, 1, r.stderr);
  assert.match(r.stdout, /Navigation: 4 step\(s\), [34] denied/);
  // The navigation part (the call listing below it shows API arguments as cut JSON previews).
  const navigation = r.stdout.slice(r.stdout.indexOf('Navigation:'), r.stdout.indexOf('\nAPI calls:'));
  const labelled = /^\s+course_text\.[\w[\]]+ \(course content, \d+ chars(, cut)?\): "/;
  const lines = navigation.split('\n').filter((l) => NAV_HOSTILE.test(l));
  assert.ok(lines.length > 0);
  for (const line of lines) assert.match(line, labelled, `an unlabelled line quotes the course: ${line}`);
  assert.match(
    navigation,
    /reason: not valid, because `course_text\.quoted\[0\]` \(`course_text\.quoted\[1\]`\) is disabled/,
  );
  assert.match(navigation, /then the SCO asked -> DENIED NB\.2\.1-11/);
  assert.ok(lines.some((l) => /course_text\.quoted\[\d\] \(course content, \d{3} chars, cut\)/.test(l)));
});

test('CLI run --nav --json: reasons refer to course_text; the ids stay whole as data', async () => {
  const r = await cli('run', course, '--nav', STEPS, '--json', '--settle-ms', '300');
  assert.equal(r.status, 1, r.stderr);
  const out = JSON.parse(r.stdout) as { navigation: { steps: Array<Data & { followed_by: Data[] }> } };
  const steps = out.navigation.steps;
  assertKeptApart(out.navigation, 'run --nav --json');
  assert.deepEqual(
    steps.map((s) => [s.outcome, s.code]),
    [
      ['delivered', null],
      ['denied', 'DB.1.1-3'],
      ['denied', 'SB.2.2-2'],
      ['denied', 'SB.2.9-3'],
      ['delivered', null],
    ],
  );
  assert.equal((steps[4]!.delivered as { activity_id: string }).activity_id, NAV_HOSTILE_IDS.d);
});
