/**
 * The README's agent walkthrough, call for call: complete the sample course (samples/automation-course)
 * through the DOM tools only, as an agent that sees the page would, then check what the course
 * recorded and what closing it saved. Keep this test and the README walkthrough identical.
 */
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { SavedState } from '../../src/session/saved-state.js';
import { controlsOf } from '../helpers/interactive-elements.js';
import { callTool, startServer, type StartedServer } from '../helpers/mcp-client.js';
import { SAMPLES_DIR } from '../helpers/paths.js';

const WATER_CYCLE = join(SAMPLES_DIR, 'automation-course');
let server: StartedServer;

before(async () => {
  server = await startServer();
});
after(async () => {
  await server.close();
});

interface Element {
  ref: string | null;
  selector: string;
  name: string;
  purpose: string;
}
interface Found {
  buttons: Element[];
  navigation: Element[];
  assessments: Array<{ question: string; type: string; options: Element[] }>;
}
/** The answer names its controls by ref in the groupings; find() reads them as the controls named. */
interface Answer {
  interactive_elements: Element[];
  buttons: string[];
  navigation: string[];
  assessments: Array<{ question: string; type: string; options: string[] }>;
}
interface Changes {
  api_calls: Array<{ method: string; args: unknown[] }>;
  data_model_changes: Array<{ element: string; from: string | null; to: string }>;
}
interface Acted {
  success: boolean;
  frame: string;
  changes: Changes;
}

function byName(elements: readonly Element[], name: string): string {
  const found = elements.find((e) => e.name === name);
  assert.ok(
    found?.ref,
    `no element named "${name}" with a ref in ${JSON.stringify(elements.map((e) => e.name))}`,
  );
  return found.ref;
}

test('quick start: the sample course completed through DOM tools only; interactions, score, success, completion and saved state', async () => {
  const call = <T = Acted>(name: string, args: Record<string, unknown>): Promise<T> =>
    callTool<T>(server.client, name, args);

  // 1. Open the course in a fresh attempt.
  const { session_id } = await call<{ session_id: string }>('scorm_open_course', {
    package_path: WATER_CYCLE,
    new_attempt: true,
  });
  const find = async (): Promise<Found> => {
    const found = await call<Answer>('scorm_dom_find_interactive_elements', { session_id });
    return {
      buttons: controlsOf(found, found.buttons),
      navigation: controlsOf(found, found.navigation),
      assessments: found.assessments.map((a) => ({ ...a, options: controlsOf(found, a.options) })),
    };
  };

  // 2. See the page: the navigation controls, each with a ref and an inferred purpose.
  const welcome = await find();
  const next = welcome.navigation.find((e) => e.purpose === 'next');
  assert.equal(next?.name, 'Next');
  assert.equal(next?.selector, '#next');

  // 3. Next (by ref), then Next (by selector): the first questions.
  const toCycle = await call('scorm_dom_click', { session_id, ref: next?.ref });
  assert.ok(toCycle.changes.data_model_changes.some((c) => c.element === 'cmi.location' && c.to === 'cycle'));
  await call('scorm_dom_click', { session_id, selector: '#next' });

  // 4. Check 1: answer by the refs of the options the assessments list, then "Check answers".
  const check1 = await find();
  const [evaporation, precipitation, clouds] = check1.assessments;
  assert.equal(check1.assessments.length, 3);
  await call('scorm_dom_click', { session_id, ref: byName(evaporation!.options, 'Evaporation') });
  for (const form of ['Rain', 'Snow', 'Hail']) {
    await call('scorm_dom_click', { session_id, ref: byName(precipitation!.options, form) });
  }
  await call('scorm_dom_fill', { session_id, ref: byName(clouds!.options, 'False'), value: true });
  const checked1 = await call('scorm_dom_click', {
    session_id,
    ref: byName(check1.buttons, 'Check answers'),
  });
  assert.deepEqual(
    checked1.changes.data_model_changes.filter((c) => c.element.endsWith('.result')).map((c) => c.to),
    ['correct', 'correct', 'correct'],
  );

  // 5. Check 2: a word typed key by key, and a number.
  await call('scorm_dom_click', { session_id, selector: '#next' });
  const typed = await call<Acted & { characters_typed: number }>('scorm_keyboard_type', {
    session_id,
    text: 'condensation',
    options: { selector: '#input-q_condensation' },
  });
  assert.equal(typed.characters_typed, 12);
  await call('scorm_dom_fill', { session_id, selector: '#input-q_boiling', value: 100 });
  await call('scorm_dom_click', { session_id, selector: 'button:has-text("Check answers"):visible' });

  // 6. Check 3: matching, one select per event (options chosen by their label).
  await call('scorm_dom_click', { session_id, selector: '#next' });
  await call('scorm_dom_fill', { session_id, selector: '#match-sun_warms_sea', value: 'Evaporation' });
  await call('scorm_dom_fill', { session_id, selector: '#match-vapour_cools', value: 'Condensation' });
  await call('scorm_dom_fill', { session_id, selector: '#match-droplets_fall', value: 'Precipitation' });
  await call('scorm_dom_click', { session_id, selector: 'button:has-text("Check answers"):visible' });

  // 7. The summary slide scores the attempt; "Finish course" exits normally and terminates.
  const summary = await call('scorm_dom_click', { session_id, selector: '#next' });
  const set = new Map(summary.changes.data_model_changes.map((c) => [c.element, c.to]));
  assert.equal(set.get('cmi.score.scaled'), '1');
  assert.equal(set.get('cmi.success_status'), 'passed');
  assert.equal(set.get('cmi.completion_status'), 'completed');
  const finished = await call('scorm_dom_click', { session_id, selector: '#finish' });
  assert.deepEqual(finished.changes.api_calls.map((c) => c.method).slice(-2), ['Commit', 'Terminate']);

  // 8. What the LMS got: six interactions of five types, all correct.
  const dm = await call<{ data: Record<string, string> }>('scorm_data_model_get', {
    session_id,
    patterns: ['cmi.interactions.*'],
    elements: ['cmi.score.raw', 'cmi.score.max', 'cmi.success_status', 'cmi.completion_status', 'cmi.exit'],
  });
  const d = dm.data;
  assert.equal(d['cmi.interactions._count'], '6');
  const interactions = [0, 1, 2, 3, 4, 5].map((n) => ({
    id: d[`cmi.interactions.${n}.id`],
    type: d[`cmi.interactions.${n}.type`],
    response: d[`cmi.interactions.${n}.learner_response`],
    result: d[`cmi.interactions.${n}.result`],
  }));
  assert.deepEqual(interactions, [
    { id: 'q_evaporation', type: 'choice', response: 'evaporation', result: 'correct' },
    { id: 'q_precipitation', type: 'choice', response: 'rain[,]snow[,]hail', result: 'correct' },
    { id: 'q_clouds', type: 'true-false', response: 'false', result: 'correct' },
    { id: 'q_condensation', type: 'fill-in', response: 'condensation', result: 'correct' },
    { id: 'q_boiling', type: 'numeric', response: '100', result: 'correct' },
    {
      id: 'q_stages',
      type: 'matching',
      response: 'sun_warms_sea[.]evaporation[,]vapour_cools[.]condensation[,]droplets_fall[.]precipitation',
      result: 'correct',
    },
  ]);
  assert.deepEqual(
    [
      d['cmi.score.raw'],
      d['cmi.score.max'],
      d['cmi.success_status'],
      d['cmi.completion_status'],
      d['cmi.exit'],
    ],
    ['6', '6', 'passed', 'completed', 'normal'],
  );

  // 9. Close: the attempt's data model is saved as the course left it.
  const closed = await call<{
    success: boolean;
    saved_state_path: string;
    exit: string;
    exit_set_by: string;
  }>('scorm_close_course', { session_id });
  assert.equal(closed.success, true);
  assert.equal(closed.exit, 'normal');
  assert.equal(closed.exit_set_by, 'course');
  const saved = JSON.parse(readFileSync(closed.saved_state_path, 'utf8')) as SavedState;
  const data = saved.activities[0]?.data ?? {};
  assert.equal(data['cmi.completion_status'], 'completed');
  assert.equal(data['cmi.success_status'], 'passed');
  assert.equal(data['cmi.score.scaled'], '1');
  assert.equal(data['cmi.interactions.5.id'], 'q_stages');
});
