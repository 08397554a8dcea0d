import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { join } from 'node:path';
import { callTool, callToolError, startServer, type StartedServer } from '../helpers/mcp-client.js';
import { FIXTURES_DIR, SAMPLES_DIR } from '../helpers/paths.js';

const WATER_CYCLE = join(SAMPLES_DIR, 'automation-course');
const NO_API = join(FIXTURES_DIR, 'courses', 'scenario-sloppy-quiz');
let server: StartedServer;

before(async () => {
  server = await startServer();
});
after(async () => {
  await server.close();
});

interface FieldResult {
  index: number;
  target: string;
  path: string;
  path_reason?: string;
  success: boolean;
  interaction_id?: string;
  response?: unknown;
  automation_result?: unknown;
  error?: { error_code: string; message: string };
  changes?: { data_model_changes: Array<{ element: string; to: string }> };
}
interface Batch {
  automation_available: boolean;
  total_fields: number;
  successful: number;
  failed: number;
  results: FieldResult[];
  errors?: Array<{ index: number; target: string; error_code: string }>;
}

async function open(path: string): Promise<string> {
  return (
    await callTool<{ session_id: string }>(server.client, 'scorm_open_course', {
      package_path: path,
      new_attempt: true,
    })
  ).session_id;
}

test('fill_form_batch: fields naming an interaction go through SCORMAutomation, controls through the DOM, each says its path', async () => {
  const session_id = await open(WATER_CYCLE);
  try {
    await callTool(server.client, 'scorm_automation_go_to_slide', { session_id, slideId: 'check-2' });
    const r = await callTool<Batch>(server.client, 'scorm_dom_fill_form_batch', {
      session_id,
      fields: [
        { interaction_id: 'q_boiling', response: 100 },
        { selector: '#input-q_condensation', value: 'condensation' },
        { interaction_id: 'q_nope', response: 'x' },
        { interaction_id: 'q_stages', response: { sun_warms_sea: 'evaporation' } },
      ],
    });
    assert.deepEqual(
      r.results.map((f) => [f.path, f.success, f.target, f.error?.error_code]),
      [
        ['automation', true, 'interaction q_boiling', undefined],
        ['automation', true, '#input-q_condensation', undefined],
        ['automation', false, 'interaction q_nope', 'INVALID_INTERACTION_ID'],
        ['automation', true, 'interaction q_stages', undefined],
      ],
    );
    assert.equal(r.automation_available, true);
    assert.deepEqual(r.results[0]?.automation_result, { id: 'q_boiling', response: 100 });
    // The text field is q_condensation's control (its name attribute): answered through the API.
    assert.equal(r.results[1]?.interaction_id, 'q_condensation');
    assert.match(r.results[1]?.path_reason ?? '', /control of interaction q_condensation \(its name\)/);
    assert.deepEqual([r.total_fields, r.successful, r.failed], [4, 3, 1]);
    assert.deepEqual(
      r.errors?.map((e) => [e.index, e.error_code]),
      [[2, 'INVALID_INTERACTION_ID']],
    );

    // Both answers are in the page's controls now: the course reads them back from there.
    const boiling = await callTool<{ result: unknown }>(server.client, 'scorm_automation_get_response', {
      session_id,
      id: 'q_boiling',
    });
    assert.equal(boiling.result, 100);
    const word = await callTool<{ result: unknown }>(server.client, 'scorm_automation_get_response', {
      session_id,
      id: 'q_condensation',
    });
    assert.equal(word.result, 'condensation');
  } finally {
    await callTool(server.client, 'scorm_session_close', { session_id });
  }
});

test('fill_form_batch: selector fields on the sample course map to interactions (matching selects by label, numbers, checkboxes); unlinked fields stay on the DOM with a reason', async () => {
  const session_id = await open(WATER_CYCLE);
  try {
    await callTool(server.client, 'scorm_automation_go_to_slide', { session_id, slideId: 'check-3' });
    const r = await callTool<Batch>(server.client, 'scorm_dom_fill_form_batch', {
      session_id,
      fields: [
        { selector: '#match-sun_warms_sea', value: 'Evaporation' },
        { selector: '#match-vapour_cools', value: 'condensation' },
        { selector: '#match-droplets_fall', value: 'Not a target' },
        { selector: '#input-q_boiling', value: '100' },
      ],
    });
    assert.equal(r.automation_available, true);
    assert.deepEqual(
      r.results.map((f) => [f.path, f.success, f.interaction_id, f.response]),
      [
        ['automation', true, 'q_stages', [['sun_warms_sea', 'evaporation']]],
        [
          'automation',
          true,
          'q_stages',
          [
            ['sun_warms_sea', 'evaporation'],
            ['vapour_cools', 'condensation'],
          ],
        ],
        ['dom', false, undefined, undefined],
        ['automation', true, 'q_boiling', 100],
      ],
    );
    assert.match(r.results[2]?.path_reason ?? '', /"Not a target" is not a target/);
    assert.equal(
      r.results[2]?.error?.error_code,
      'DOM_INVALID_VALUE',
      'the DOM refuses it as scorm_dom_fill does',
    );
    const stages = await callTool<{ result: unknown }>(server.client, 'scorm_automation_get_response', {
      session_id,
      id: 'q_stages',
    });
    assert.deepEqual(stages.result, [
      ['sun_warms_sea', 'evaporation'],
      ['vapour_cools', 'condensation'],
    ]);
  } finally {
    await callTool(server.client, 'scorm_session_close', { session_id });
  }
});

test('fill_form_batch: an interaction field without SCORMAutomation fails alone; malformed fields are refused', async () => {
  const session_id = await open(NO_API);
  try {
    const r = await callTool<Batch>(server.client, 'scorm_dom_fill_form_batch', {
      session_id,
      fields: [
        { interaction_id: 'q1', response: 'co2' },
        { selector: '#name', value: 'Ann' },
      ],
    });
    assert.deepEqual(
      r.results.map((f) => [f.path, f.success, f.error?.error_code]),
      [
        ['automation', false, 'AUTOMATION_API_NOT_AVAILABLE'],
        ['dom', true, undefined],
      ],
    );
    assert.match(r.results[0]?.error?.message ?? '', /no window\.SCORMAutomation/);
    assert.equal(r.automation_available, false);
    assert.match(r.results[1]?.path_reason ?? '', /not present/);

    for (const [field, message] of [
      [{ interaction_id: 'q1' }, /fields\.0\.response: interaction_id needs a response/],
      [{ interaction_id: 'q1', response: 'x', selector: '#name' }, /not both/],
      [{ selector: '#name' }, /fields\.0\.value: a field needs a value/],
      [{ selector: '#name', value: 'x', response: 'x' }, /response goes with interaction_id/],
    ] as const) {
      const e = await callToolError(server.client, 'scorm_dom_fill_form_batch', {
        session_id,
        fields: [field],
      });
      assert.equal(e.error_code, 'MCP_INVALID_PARAMS');
      assert.match(e.message, message);
    }
  } finally {
    await callTool(server.client, 'scorm_session_close', { session_id });
  }
});
