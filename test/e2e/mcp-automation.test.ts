/**
 * The scorm_automation_* tools over stdio against real courses in Chromium: the bundled sample course
 * completed through its window.SCORMAutomation only, the debug switch for correct answers, a course
 * without the API, and a hostile API (throws, hangs, busy loop, cyclic and huge results) in a nested frame.
 */
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { copySample } from '../helpers/course-builder.js';
import { courseTextOf } from '../helpers/course-text.js';
import {
  callTool,
  callToolError,
  startServer,
  type StartedServer,
  openSessionRuntime,
} from '../helpers/mcp-client.js';
import { FIXTURES_DIR, SAMPLES_DIR } from '../helpers/paths.js';

type Data = Record<string, unknown>;
interface Changes {
  api_calls: Array<{ method: string; args: unknown[]; result?: unknown; error_code?: string }>;
  data_model_changes: Array<{ element: string; from: string | null; to: string }>;
  navigation: Array<{ frame: string; from: string; to: string }>;
}
interface Called<R = unknown> {
  available: true;
  method: string;
  frame: string;
  result: R;
  notices?: string[];
  changes?: Changes;
}

const COURSE = join(SAMPLES_DIR, 'automation-course');
const HOSTILE = join(FIXTURES_DIR, 'courses', 'automation-hostile');
const NO_API = join(SAMPLES_DIR, 'sample-course');

let server: StartedServer;

before(async () => {
  server = await startServer();
});
after(async () => {
  await server.close();
});

const openRuntime = (packagePath: string): Promise<string> => openSessionRuntime(server.client, packagePath);

/** Every SCORM API call the acting tools reported, to check that the course's calls all succeed. */
const reportedCalls: Changes['api_calls'] = [];

async function auto<R = unknown>(tool: string, args: Data): Promise<Called<R>> {
  const out = await callTool<Called<R>>(server.client, `scorm_automation_${tool}`, args);
  reportedCalls.push(...(out.changes?.api_calls ?? []));
  return out;
}

function changed(changes: Changes | undefined): Record<string, string> {
  assert.ok(changes, 'an acting tool reports what changed');
  return Object.fromEntries(changes.data_model_changes.map((c) => [c.element, c.to]));
}

test('the sample course completed through the automation tools only', async () => {
  const session_id = await openRuntime(COURSE);

  const availability = await callTool<Data>(server.client, 'scorm_automation_check_availability', {
    session_id,
  });
  assert.equal(availability.available, true);
  assert.equal(availability.frame, 'sco');
  assert.equal(availability.version, '1.0.0');
  assert.deepEqual(availability.missing_methods, []);
  assert.equal((availability.methods as string[]).length, 12);

  const structure = await auto<{ slides: Array<{ id: string; interactions: string[] }> }>(
    'get_course_structure',
    { session_id },
  );
  assert.deepEqual(
    structure.result.slides.map((s) => s.id),
    ['intro', 'cycle', 'check-1', 'check-2', 'check-3', 'summary'],
  );
  const current = await auto<{ id: string; index: number; total: number }>('get_current_slide', {
    session_id,
  });
  assert.deepEqual([current.result.id, current.result.index, current.result.total], ['intro', 1, 6]);

  const list = await auto<Array<{ id: string; type: string; slideId: string }>>('list_interactions', {
    session_id,
  });
  assert.deepEqual(
    list.result.map((i) => `${i.id}:${i.type}`),
    [
      'q_evaporation:choice',
      'q_precipitation:choice',
      'q_clouds:true-false',
      'q_condensation:fill-in',
      'q_boiling:numeric',
      'q_stages:matching',
    ],
  );
  await auto('clear_trace', { session_id });

  // Slide 3: choice (one and several answers) and true-false, checked as a slide.
  const moved = await auto<{ id: string; index: number }>('go_to_slide', { session_id, slideId: 'check-1' });
  assert.equal(moved.result.index, 3);
  assert.equal(changed(moved.changes)['cmi.location'], 'check-1');
  assert.ok(moved.changes?.api_calls.some((c) => c.method === 'Commit'));
  const set = await auto('set_response', { session_id, id: 'q_evaporation', response: 'evaporation' });
  assert.deepEqual(set.changes?.api_calls, [], 'answering alone calls no API');
  await auto('set_response', { session_id, id: 'q_precipitation', response: ['rain', 'snow', 'hail'] });
  await auto('set_response', { session_id, id: 'q_clouds', response: false });
  const read = await auto('get_response', { session_id, id: 'q_precipitation' });
  assert.deepEqual(read.result, ['rain', 'snow', 'hail']);
  const slide1 = await auto<{ correct: number; total: number }>('check_slide_answers', { session_id });
  assert.deepEqual([slide1.result.correct, slide1.result.total], [3, 3]);
  const recorded = changed(slide1.changes);
  assert.equal(recorded['cmi.interactions.1.learner_response'], 'rain[,]snow[,]hail');
  assert.equal(recorded['cmi.interactions.2.result'], 'correct');
  const last = await auto<{ result: string; learnerResponse: string }>('get_last_evaluation', {
    session_id,
    id: 'q_clouds',
  });
  assert.deepEqual([last.result.result, last.result.learnerResponse], ['correct', 'false']);

  // Slide 4: fill-in and numeric, one at a time; a wrong number first, then corrected in place.
  await auto('go_to_slide', { session_id, slideId: 'check-2' });
  await auto('set_response', { session_id, id: 'q_condensation', response: 'Condensation ' });
  const fill = await auto<{ correct: boolean }>('check_answer', { session_id, id: 'q_condensation' });
  assert.equal(fill.result.correct, true);
  await auto('set_response', { session_id, id: 'q_boiling', response: 90 });
  const wrong = await auto<{ result: string }>('check_answer', { session_id, id: 'q_boiling' });
  assert.equal(wrong.result.result, 'incorrect');
  assert.equal(changed(wrong.changes)['cmi.interactions.4.result'], 'incorrect');
  await auto('set_response', { session_id, id: 'q_boiling', response: 100 });
  const right = await auto<{ result: string }>('check_answer', { session_id, id: 'q_boiling' });
  assert.equal(right.result.result, 'correct');
  // The same entry is updated (the timestamp may not change within a second).
  assert.equal(changed(right.changes)['cmi.interactions.4.learner_response'], '100');
  assert.equal(changed(right.changes)['cmi.interactions.4.result'], 'correct');
  assert.deepEqual(
    right.changes?.api_calls.map((c) => [c.args[0], c.result ?? 'true']),
    [
      ['cmi.interactions.4.timestamp', 'true'],
      ['cmi.interactions.4.learner_response', 'true'],
      ['cmi.interactions.4.result', 'true'],
    ],
  );

  // Slide 5: matching, given as an object.
  await auto('go_to_slide', { session_id, slideId: 'check-3' });
  await auto('set_response', {
    session_id,
    id: 'q_stages',
    response: { sun_warms_sea: 'evaporation', vapour_cools: 'condensation', droplets_fall: 'precipitation' },
  });
  const slide3 = await auto<{ correct: number }>('check_slide_answers', { session_id, slideId: 'check-3' });
  assert.equal(slide3.result.correct, 1);

  // Bad input along the way: each a clear error, and the session goes on.
  const unknown = await callToolError(server.client, 'scorm_automation_check_answer', {
    session_id,
    id: 'q_nope',
  });
  assert.equal(unknown.error_code, 'INVALID_INTERACTION_ID');
  assert.match(unknown.message, /q_nope/);
  // The course's ids and what it threw are in course_text, not in our sentence.
  assert.match(courseTextOf(unknown.data.details as object, 'known_ids'), /q_evaporation/);
  assert.doesNotMatch(unknown.message, /q_evaporation/);
  const shape = await callToolError(server.client, 'scorm_automation_set_response', {
    session_id,
    id: 'q_clouds',
    response: 'yes',
  });
  assert.equal(shape.error_code, 'AUTOMATION_API_ERROR');
  assert.match(courseTextOf(shape.data.details as object, 'message'), /true-false response is a boolean/);
  const hidden = await callToolError(server.client, 'scorm_automation_get_correct_response', {
    session_id,
    id: 'q_clouds',
  });
  assert.equal(hidden.error_code, 'AUTOMATION_API_ERROR');
  assert.match(courseTextOf(hidden.data.details as object, 'message'), /exposeCorrectAnswers/);
  const nowhere = await callToolError(server.client, 'scorm_automation_go_to_slide', {
    session_id,
    slideId: 'nowhere',
  });
  assert.equal(nowhere.error_code, 'AUTOMATION_API_ERROR');
  assert.match(courseTextOf(nowhere.data.details as object, 'message'), /Unknown slide id "nowhere"/);
  const missing = await callToolError(server.client, 'scorm_automation_set_response', {
    session_id,
    id: 'q_clouds',
  });
  assert.equal(missing.error_code, 'MCP_INVALID_PARAMS');

  // The summary scores and completes the attempt.
  const end = await auto('go_to_slide', { session_id, slideId: 'summary' });
  const final = changed(end.changes);
  assert.equal(final['cmi.score.raw'], '6');
  assert.equal(final['cmi.score.max'], '6');
  assert.equal(final['cmi.score.scaled'], '1');
  assert.equal(final['cmi.success_status'], 'passed');
  assert.equal(final['cmi.completion_status'], 'completed');

  const dm = await callTool<{ data: Record<string, string> }>(server.client, 'scorm_data_model_get', {
    session_id,
    patterns: ['cmi.interactions.*'],
  });
  const interactions = [0, 1, 2, 3, 4, 5].map((n) => ({
    id: dm.data[`cmi.interactions.${n}.id`],
    type: dm.data[`cmi.interactions.${n}.type`],
    learner_response: dm.data[`cmi.interactions.${n}.learner_response`],
    result: dm.data[`cmi.interactions.${n}.result`],
    pattern: dm.data[`cmi.interactions.${n}.correct_responses.0.pattern`],
  }));
  assert.deepEqual(interactions, [
    {
      id: 'q_evaporation',
      type: 'choice',
      learner_response: 'evaporation',
      result: 'correct',
      pattern: 'evaporation',
    },
    {
      id: 'q_precipitation',
      type: 'choice',
      learner_response: 'rain[,]snow[,]hail',
      result: 'correct',
      pattern: 'rain[,]snow[,]hail',
    },
    { id: 'q_clouds', type: 'true-false', learner_response: 'false', result: 'correct', pattern: 'false' },
    {
      id: 'q_condensation',
      type: 'fill-in',
      learner_response: 'Condensation',
      result: 'correct',
      pattern: '{case_matters=false}condensation',
    },
    { id: 'q_boiling', type: 'numeric', learner_response: '100', result: 'correct', pattern: '99[:]101' },
    {
      id: 'q_stages',
      type: 'matching',
      learner_response:
        'sun_warms_sea[.]evaporation[,]vapour_cools[.]condensation[,]droplets_fall[.]precipitation',
      result: 'correct',
      pattern: 'sun_warms_sea[.]evaporation[,]vapour_cools[.]condensation[,]droplets_fall[.]precipitation',
    },
  ]);
  assert.equal(dm.data['cmi.interactions._count'], '6');

  const failed = reportedCalls.filter((c) => (c.error_code ?? '0') !== '0');
  assert.deepEqual(failed, [], 'every SCORM call the course made was accepted');
  assert.ok(reportedCalls.length > 40);

  // The course's own trace saw every automation call, errors included.
  const trace = await auto<Array<{ method: string; error?: string }>>('get_trace', { session_id });
  const methods = trace.result.map((t) => t.method);
  assert.equal(methods.filter((m) => m === 'setResponse').length, 8);
  assert.ok(trace.result.some((t) => t.method === 'getCorrectResponse' && /hidden/.test(t.error ?? '')));

  // Closing the window terminates the attempt as the course decides: completed, so exit normal.
  const closed = await callTool<Data>(server.client, 'scorm_runtime_close', { session_id });
  assert.equal(closed.terminated_by, 'course');
  assert.equal(closed.exit, 'normal');
  await callTool(server.client, 'scorm_session_close', { session_id });
});

test('correct answers only with the debug switch on: then they answer every question', async () => {
  const dir = copySample('automation-course');
  const configPath = join(dir, 'course-config.js');
  const config = readFileSync(configPath, 'utf8');
  assert.match(config, /exposeCorrectAnswers: false/);
  writeFileSync(configPath, config.replace('exposeCorrectAnswers: false', 'exposeCorrectAnswers: true'));
  const session_id = await openRuntime(dir);

  const list = await auto<Array<{ id: string }>>('list_interactions', { session_id });
  for (const { id } of list.result) {
    const correct = await auto('get_correct_response', { session_id, id });
    await auto('set_response', { session_id, id, response: correct.result });
  }
  const stages = await auto('get_correct_response', { session_id, id: 'q_stages' });
  assert.deepEqual(stages.result, [
    ['sun_warms_sea', 'evaporation'],
    ['vapour_cools', 'condensation'],
    ['droplets_fall', 'precipitation'],
  ]);
  const boiling = await auto('get_correct_response', { session_id, id: 'q_boiling' });
  assert.equal(boiling.result, 100);
  // The summary checks what was answered but not yet checked.
  const end = await auto('go_to_slide', { session_id, slideId: 'summary' });
  assert.equal(changed(end.changes)['cmi.score.scaled'], '1');
  assert.equal(changed(end.changes)['cmi.success_status'], 'passed');
  await callTool(server.client, 'scorm_session_close', { session_id });
});

test('a course without window.SCORMAutomation: every automation tool answers available false with not_applicable NO_AUTOMATION_API', async () => {
  const session_id = await openRuntime(NO_API);
  const availability = await callTool<Data>(server.client, 'scorm_automation_check_availability', {
    session_id,
  });
  assert.equal(availability.available, false);
  assert.deepEqual(availability.frames_searched, ['sco']);
  assert.deepEqual((availability.not_applicable as { code: string }).code, 'NO_AUTOMATION_API');
  assert.match((availability.not_applicable as { message: string }).message, /scorm_dom_click/);
  const list = await callTool<Data>(server.client, 'scorm_automation_list_interactions', { session_id });
  assert.equal(list.available, false);
  assert.equal(list.method, 'listInteractions');
  assert.deepEqual(list.frames_searched, ['sco']);
  const notHere = list.not_applicable as { code: string; message: string };
  assert.equal(notHere.code, 'NO_AUTOMATION_API');
  assert.match(notHere.message, /scorm_dom_find_interactive_elements/);
  const acting = await callTool<Data>(server.client, 'scorm_automation_set_response', {
    session_id,
    id: 'q1',
    response: 'a',
  });
  assert.deepEqual(
    [acting.available, (acting.not_applicable as { code: string }).code],
    [false, 'NO_AUTOMATION_API'],
  );
  assert.equal(acting.changes, undefined, 'nothing ran, so nothing is reported as changed');
  await callTool(server.client, 'scorm_runtime_close', { session_id });
  const closed = await callToolError(server.client, 'scorm_automation_check_availability', { session_id });
  assert.equal(closed.error_code, 'RUNTIME_NOT_OPEN');
  await callTool(server.client, 'scorm_session_close', { session_id });
});

test('a hostile automation API in a nested frame: throws, hangs and huge results are reported, the session stays usable', async () => {
  const session_id = await openRuntime(HOSTILE);
  const availability = await callTool<Data>(server.client, 'scorm_automation_check_availability', {
    session_id,
  });
  assert.equal(availability.available, true);
  assert.equal(availability.frame, 'sco > iframe#content');
  assert.equal(availability.version, 'hostile-1');
  // Its methods are on a class prototype: found all the same.
  assert.deepEqual(availability.missing_methods, ['getCorrectResponse', 'checkSlideAnswers']);
  assert.deepEqual(availability.frames_searched, ['sco', 'sco > iframe#content']);
  // The launch page's throwing getter is reported, and the search went on.
  assert.match(
    String((availability.problems as string[])[0]),
    /frame sco failed; what it threw is in `course_text\.problems\[0\]`/,
  );
  assert.match(courseTextOf(availability, 'problems'), /no automation on the launch page/);

  const threw = await callToolError(server.client, 'scorm_automation_check_answer', { session_id, id: 'q1' });
  assert.equal(threw.error_code, 'AUTOMATION_API_ERROR');
  assert.match(
    threw.message,
    /threw in frame `course_text\.frame`; what it threw is in `course_text\.message`/,
  );
  assert.match(courseTextOf(threw.data.details as object, 'message'), /grader offline for q1/);
  // What it changed before throwing is part of the error.
  const partial = (threw.data.details as { changes: Changes }).changes;
  assert.deepEqual(changed(partial), { 'cmi.suspend_data': 'checking q1' });
  const unknown = await callToolError(server.client, 'scorm_automation_check_answer', {
    session_id,
    id: 'q9',
  });
  assert.equal(unknown.error_code, 'INVALID_INTERACTION_ID');
  const notError = await callToolError(server.client, 'scorm_automation_clear_trace', { session_id });
  assert.match(notError.message, /threw/);
  assert.equal(courseTextOf(notError.data.details as object, 'message'), '42');
  const noMethod = await callTool<Data>(server.client, 'scorm_automation_check_slide_answers', {
    session_id,
  });
  assert.equal(noMethod.available, false);
  const missing = noMethod.not_applicable as { code: string; message: string };
  assert.equal(missing.code, 'NO_AUTOMATION_API');
  assert.match(missing.message, /no checkSlideAnswers\(\) method/);
  assert.ok((noMethod.methods as string[]).includes('checkAnswer'));
  // A method that navigates its frame away: the lost return value is said, the navigation reported.
  const away = await auto('go_to_slide', { session_id, slideId: 's 2' });
  assert.equal(away.result, null);
  assert.match(String(away.notices?.[0]), /navigated or unloaded while goToSlide ran/);
  const navigation = (away.changes as unknown as { navigation: Array<{ frame: string; to: string }> })
    .navigation;
  assert.deepEqual(
    navigation.map((n) => [n.frame, n.to.replace(/^.*\//, '')]),
    [['sco > iframe#content', 'content.html?slide=s%202']],
  );

  const pending = await callToolError(server.client, 'scorm_automation_get_response', {
    session_id,
    id: 'q1',
    timeout_ms: 300,
  });
  assert.equal(pending.error_code, 'AUTOMATION_API_ERROR');
  assert.match(pending.message, /did not settle within 300 ms/);
  const busy = await callToolError(server.client, 'scorm_automation_get_current_slide', {
    session_id,
    timeout_ms: 300,
  });
  assert.equal(busy.error_code, 'AUTOMATION_API_ERROR');
  assert.match(busy.message, /busy loop/);

  const cyclic = await auto<Data>('get_course_structure', { session_id });
  assert.equal(cyclic.result.$type, 'unserializable');
  assert.match(String(cyclic.notices?.[0]), /not JSON-serializable/);
  const odd = await auto<Data>('get_last_evaluation', { session_id, id: 'q1' });
  assert.deepEqual(odd.result, {
    check: { $type: 'function', name: 'check' },
    big: { $type: 'bigint', value: '10' },
    element: { $type: 'node', name: 'BODY' },
  });
  const huge = await auto<Data>('get_trace', { session_id });
  assert.equal(huge.result.$type, 'json');
  assert.equal(huge.result.truncated, true);
  assert.equal(huge.result.length, 500_002);

  // Still usable: the API answers, and the SCORM call it makes is reported.
  const set = await auto('set_response', { session_id, id: 'q1', response: { any: ['json', 1] } });
  assert.deepEqual(set.result, { id: 'q1', response: { any: ['json', 1] } });
  assert.deepEqual(changed(set.changes), { 'cmi.location': 'answered-q1' });
  const api = await callTool<Data>(server.client, 'scorm_api_call', {
    session_id,
    method: 'GetValue',
    args: ['cmi.location'],
  });
  assert.equal(api.result, 'answered-q1');
  await callTool(server.client, 'scorm_session_close', { session_id });
});

test('the sample course bookmarks: closed mid-way, it resumes on the same slide with its answers and interactions', async () => {
  const first = await callTool<{ session_id: string }>(server.client, 'scorm_open_course', {
    package_path: COURSE,
  });
  await auto('go_to_slide', { session_id: first.session_id, slideId: 'check-1' });
  await auto('set_response', { session_id: first.session_id, id: 'q_evaporation', response: 'condensation' });
  await auto('check_answer', { session_id: first.session_id, id: 'q_evaporation' });
  await auto('go_to_slide', { session_id: first.session_id, slideId: 'check-2' });
  await auto('set_response', {
    session_id: first.session_id,
    id: 'q_condensation',
    response: 'condensation',
  });
  const closed = await callTool<Data>(server.client, 'scorm_close_course', { session_id: first.session_id });
  assert.deepEqual([closed.exit, closed.exit_set_by], ['suspend', 'course']);

  const again = await callTool<{ session_id: string; resumed: boolean }>(server.client, 'scorm_open_course', {
    package_path: COURSE,
  });
  assert.equal(again.resumed, true);
  const session_id = again.session_id;
  const slide = await auto<{ id: string }>('get_current_slide', { session_id });
  assert.equal(slide.result.id, 'check-2');
  assert.equal((await auto('get_response', { session_id, id: 'q_condensation' })).result, 'condensation');
  assert.equal((await auto('get_response', { session_id, id: 'q_evaporation' })).result, 'condensation');
  // The interaction recorded in the first session keeps its entry; a new one gets the next.
  await auto('set_response', { session_id, id: 'q_evaporation', response: 'evaporation' });
  const fixed = await auto('check_answer', { session_id, id: 'q_evaporation' });
  assert.equal(changed(fixed.changes)['cmi.interactions.0.result'], 'correct');
  const fill = await auto('check_answer', { session_id, id: 'q_condensation' });
  assert.equal(changed(fill.changes)['cmi.interactions.1.id'], 'q_condensation');
  await callTool(server.client, 'scorm_close_course', { session_id });
});
