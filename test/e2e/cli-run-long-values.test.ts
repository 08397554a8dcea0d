/**
 * `run --json` on a course that sets long values many times (issue 22), through the real CLI in real
 * Chromium: each API call record shows a long argument as a preview with its length, so one call's
 * record stays small whatever the course sets; the data model after the run keeps the value whole.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { FLOOD, floodValue, historyFloodingCourse } from '../helpers/history-flooding-course.js';
import { cli } from '../helpers/cli.js';

/** A call record: index, method, two previewed arguments, the result and the ids around them. */
const MAX_CALL_RECORD_BYTES = 1_000;

interface LongString {
  $type: 'string';
  length: number;
  head: string;
  truncated: true;
}

test('run --json: every SetValue of a 64,000-character value is a preview with its length; the data model has it whole', async () => {
  const r = await cli('run', historyFloodingCourse(), '--json', '--settle-ms', '300');
  const json = JSON.parse(r.stdout) as {
    api_calls: Array<{ method: string; args: unknown[] }>;
    data_model: Record<string, string>;
  };
  const sets = json.api_calls.filter((c) => c.method === 'SetValue' && c.args[0] === 'cmi.suspend_data');
  // The run may end before the flood does (it waits for the calls to settle, within a limit).
  assert.ok(sets.length > 10, `${sets.length} long SetValue calls`);
  sets.forEach((call, i) => {
    const value = call.args[1] as LongString;
    assert.equal(value.$type, 'string');
    assert.equal(value.length, FLOOD.length);
    assert.equal(value.truncated, true);
    assert.ok(floodValue(i).startsWith(value.head) && value.head.length > 0, `call ${i}: its preview`);
  });
  for (const call of json.api_calls) {
    const bytes = Buffer.byteLength(JSON.stringify(call), 'utf8');
    assert.ok(bytes <= MAX_CALL_RECORD_BYTES, `${call.method}: ${bytes} bytes`);
  }
  assert.equal(json.data_model['cmi.suspend_data'], floodValue(sets.length - 1));
});
