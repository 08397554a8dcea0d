import { test } from 'node:test';
import assert from 'node:assert/strict';
import { previewLongValues } from '../../src/output/preview-long-values.js';
import { PREVIEW_CHARS } from '../../src/output/answer-budget.js';
import { sayRepeatsOnce } from '../../src/output/say-once.js';

const long = (c: string, n = 300): string => c.repeat(n);
const preview = (value: string) => ({
  $type: 'string',
  length: value.length,
  head: value.slice(0, PREVIEW_CHARS),
  truncated: true,
});

test('long course values become previews with their length; short values and other fields stay as they are', () => {
  const answer = {
    element: { name: long('n') },
    changes: {
      api_calls: [
        { method: 'GetValue', args: ['cmi.suspend_data'], result: long('a') },
        { method: 'SetValue', args: ['cmi.location', 'p2'], result: 'true' },
      ],
      data_model_changes: [{ element: 'cmi.suspend_data', from: long('a'), to: 'x' }],
    },
  };
  const { value, cut } = previewLongValues(answer);
  assert.equal(cut, 2);
  assert.deepEqual(value.changes.api_calls[0]!.result, preview(long('a')));
  assert.deepEqual(value.changes.api_calls[1], answer.changes.api_calls[1]);
  assert.deepEqual(value.changes.data_model_changes[0], {
    element: 'cmi.suspend_data',
    from: preview(long('a')),
    to: 'x',
  });
  assert.equal(value.element.name, long('n'), 'not a course value field: left whole');
});

test("after say-once, the first copy is the preview and the references keep pointing at it; the record's own marker is cut too", () => {
  const said = sayRepeatsOnce({
    changes: {
      api_calls: [
        { method: 'SetValue', args: ['cmi.suspend_data', long('b')], result: 'true' },
        { method: 'GetValue', args: ['cmi.suspend_data'], result: long('b') },
        {
          method: 'GetValue',
          args: ['x'],
          result: { $type: 'string', length: 90_000, head: long('c', 400) },
        },
      ],
    },
  });
  const { value, cut } = previewLongValues(said);
  assert.equal(cut, 2);
  assert.deepEqual(value.changes.api_calls[0]!.args[1], preview(long('b')));
  assert.deepEqual(value.changes.api_calls[1]!.result, { $same_as: 'changes.api_calls[0].args[1]' });
  assert.deepEqual(value.changes.api_calls[2]!.result, {
    $type: 'string',
    length: 90_000,
    head: long('c', PREVIEW_CHARS),
    truncated: true,
  });
});

test('nothing long: the same answer and no cut', () => {
  const answer = { changes: { api_calls: [{ method: 'Commit', args: [''], result: 'true' }] } };
  assert.deepEqual(previewLongValues(answer), { value: answer, cut: 0 });
});
