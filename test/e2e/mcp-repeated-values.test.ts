/**
 * Repeated values said once (issue 22): a course that writes a 3,500-character cmi.suspend_data on every
 * click. Each action's answer shows each long value once, as a preview with its length, and refers to it
 * with `{ $same_as: path }` elsewhere; scorm_debug_api_calls (detail full) shows each value whole once, and
 * resolving its references gives back every value the course passed.
 */
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { growingSuspendCourse, SUSPEND_LENGTH, suspendAfter } from '../helpers/growing-suspend-course.js';
import { callTool, openSessionRuntime, startServer, type StartedServer } from '../helpers/mcp-client.js';
import { occurrences, resolveSameAs } from '../helpers/same-as.js';
import { PREVIEW_CHARS } from '../../src/output/answer-budget.js';

interface ApiCall {
  method: string;
  args: unknown[];
  result: unknown;
}
interface Clicked {
  changes: {
    api_calls: ApiCall[];
    data_model_changes: Array<{ element: string; from: unknown; to: unknown }>;
  };
}

let server: StartedServer;
let sessionId: string;

before(async () => {
  server = await startServer();
  sessionId = await openSessionRuntime(server.client, growingSuspendCourse());
});

after(async () => {
  await server.close();
});

const setValues = (calls: ApiCall[]): ApiCall[] =>
  calls.filter((c) => c.method === 'SetValue' && c.args[0] === 'cmi.suspend_data');

test('a click that rewrites a long suspend_data shows each value once, as a preview with its length; the references resolve to them', async () => {
  for (const click of [1, 2]) {
    const answer = await callTool<Clicked & { changes: { long_values?: string } }>(
      server.client,
      'scorm_dom_click',
      { session_id: sessionId, selector: '#next' },
    );
    const [previous, written] = [suspendAfter(click - 1), suspendAfter(click)];
    assert.equal(occurrences(answer, written), 0, `click ${click}: the new value not whole`);
    assert.equal(occurrences(answer, previous), 0, `click ${click}: the old value not whole`);
    // Two different values (the old and the new), each shown once; every other place refers to it.
    assert.equal(occurrences(answer, '"$type":"string"'), 2, `click ${click}: two previews`);
    assert.match(JSON.stringify(answer), /"\$same_as":"changes\.api_calls\[\d+\]\.(args\[1\]|result)"/);
    assert.match(String(answer.changes.long_values), /scorm_debug_api_calls with detail "full"/);

    const preview = (value: string) => ({
      $type: 'string',
      length: SUSPEND_LENGTH,
      head: value.slice(0, PREVIEW_CHARS),
      truncated: true,
    });
    const resolved = resolveSameAs(answer) as Clicked;
    const { api_calls, data_model_changes } = resolved.changes;
    assert.deepEqual(api_calls.find((c) => c.method === 'GetValue')?.result, preview(previous));
    const sets = setValues(api_calls);
    assert.equal(sets.length, 2);
    for (const set of sets) assert.deepEqual(set.args[1], preview(written));
    const change = data_model_changes.find((c) => c.element === 'cmi.suspend_data');
    assert.deepEqual([change?.from, change?.to], [preview(previous), preview(written)]);
  }
});

test('scorm_debug_api_calls (detail full, with the data model): each page shows each long value once; the pages resolve to every value', async () => {
  // Compared as tails (the values differ only there), so that a failure prints short strings.
  const tail = (v: unknown): string =>
    typeof v === 'string' ? `${v.length}:${v.slice(-2)}` : JSON.stringify(v);
  const calls: ApiCall[] = [];
  let cursor: string | undefined;
  do {
    const answer = await callTool<{
      calls: ApiCall[];
      next_cursor: string | null;
      data_model: Record<string, unknown>;
      data_changes: Array<{ element: string; previous_value: unknown; new_value: unknown }>;
    }>(server.client, 'scorm_debug_api_calls', {
      session_id: sessionId,
      detail: 'full',
      include_data_model_state: true,
      ...(cursor ? { cursor } : {}),
    });
    for (const n of [0, 1, 2]) assert.ok(occurrences(answer, suspendAfter(n)) <= 1, `value ${n} once`);
    const resolved = resolveSameAs(answer) as typeof answer;
    calls.push(...resolved.calls);
    assert.equal(tail(resolved.data_model['cmi.suspend_data']), tail(suspendAfter(2)));
    for (const change of resolved.data_changes.filter((c) => c.element === 'cmi.suspend_data')) {
      assert.equal(tail(change.new_value).split(':')[0], String(SUSPEND_LENGTH));
    }
    cursor = answer.next_cursor ?? undefined;
  } while (cursor);
  assert.deepEqual(
    setValues(calls).map((c) => tail(c.args[1])),
    [0, 1, 1, 2, 2].map((n) => tail(suspendAfter(n))),
  );
  assert.deepEqual(
    calls.filter((c) => c.method === 'GetValue').map((c) => tail(c.result)),
    [0, 1].map((n) => tail(suspendAfter(n))),
  );
});
