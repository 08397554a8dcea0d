/**
 * scorm_get_data_model_history on a course that floods its history with long values (issue 22), through
 * the real MCP server in real Chromium: each page is within the answer budget, the pages together list
 * every change, a value shown in part reads back whole through the way the answer states, a tools/list
 * sent during the call is answered, and a closed session answers from its record.
 */
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { ANSWER_BUDGET_BYTES } from '../../src/output/answer-budget.js';
import { FLOOD, floodValue, historyFloodingCourse } from '../helpers/history-flooding-course.js';
import { callTool, openSessionRuntime, startServer, type StartedServer } from '../helpers/mcp-client.js';
import { until } from '../helpers/until.js';

/** Issue 22's answer budget: 8,000 tokens of about 4 bytes. */
const BUDGET = ANSWER_BUDGET_BYTES;

interface Change {
  index: number;
  element: string;
  newValue: string;
  newValueLength?: number;
}
interface HistoryPage {
  changes: Change[];
  total: number;
  has_more: boolean;
  next_cursor: string | null;
  session_closed?: true;
}

let server: StartedServer;
let sessionId: string;
before(async () => {
  server = await startServer();
  sessionId = await openSessionRuntime(server.client, historyFloodingCourse());
  await until(
    async () => {
      const got = await callTool<{ data: Record<string, unknown> }>(server.client, 'scorm_data_model_get', {
        session_id: sessionId,
        elements: ['cmi.location'],
      });
      return got.data['cmi.location'] === 'flooded' ? true : undefined;
    },
    'the course to finish flooding',
    180_000,
  );
});
after(async () => {
  await server.close();
});

/** The page and the bytes of the text blocks the model is shown. */
async function page(args: Record<string, unknown>): Promise<{ data: HistoryPage; bytes: number }> {
  const result = await server.client.callTool({
    name: 'scorm_get_data_model_history',
    arguments: { session_id: sessionId, ...args },
  });
  assert.notEqual(result.isError, true, JSON.stringify(result.structuredContent));
  const texts = (result.content as Array<{ type: string; text?: string }>).filter((b) => b.type === 'text');
  assert.equal(texts.length, 1, 'one text block: the answer was not cut by the guard');
  return {
    data: result.structuredContent as unknown as HistoryPage,
    bytes: Buffer.byteLength(texts[0]!.text!, 'utf8'),
  };
}

test('a flooded history pages within the budget, lists every change, and each long value reads back whole', async () => {
  const values: Change[] = [];
  let cursor: string | null = null;
  do {
    const { data, bytes } = await page({
      element_prefix: 'cmi.suspend_data',
      ...(cursor !== null ? { cursor } : {}),
    });
    assert.ok(bytes <= BUDGET, `${bytes} bytes`);
    assert.equal(data.total, FLOOD.values);
    assert.ok(data.changes.length > 0);
    values.push(...data.changes);
    assert.equal(data.has_more, data.next_cursor !== null);
    cursor = data.next_cursor;
  } while (cursor !== null);
  assert.equal(values.length, FLOOD.values);
  values.forEach((c, i) => {
    assert.equal(c.newValueLength, FLOOD.length, `change ${i} says its whole length`);
    assert.equal(c.newValue, floodValue(i).slice(0, c.newValue.length), `change ${i} in order`);
  });

  // The stated way to read a value whole: cursor = its index, limit 1, detail "full", text_offset.
  for (const i of [0, FLOOD.values >> 1, FLOOD.values - 1]) {
    const { index } = values[i]!;
    let whole = '';
    while (whole.length < FLOOD.length) {
      const { data, bytes } = await page({
        cursor: String(index),
        limit: 1,
        detail: 'full',
        text_offset: whole.length,
      });
      assert.ok(bytes <= BUDGET, `${bytes} bytes`);
      assert.equal(data.changes[0]!.index, index);
      assert.ok(data.changes[0]!.newValue.length > 0);
      whole += data.changes[0]!.newValue;
    }
    assert.equal(whole, floodValue(i), `value ${i} whole`);
  }
});

test('a tools/list sent while the history is read is answered, and the history answer is whole within the budget', async () => {
  const order: string[] = [];
  const history = page({}).then((answer) => {
    order.push('history');
    return answer;
  });
  const tools = server.client.listTools().then((listed) => {
    order.push('tools/list');
    return listed;
  });
  const [answer, listed] = await Promise.all([history, tools]);
  assert.ok(listed.tools.some((t) => t.name === 'scorm_get_data_model_history'));
  assert.ok(answer.bytes <= BUDGET, `${answer.bytes} bytes`);
  assert.ok(answer.data.has_more);
  assert.deepEqual([...order].sort(), ['history', 'tools/list']);
});

test('a closed session answers its history from the record', async () => {
  await callTool(server.client, 'scorm_session_close', { session_id: sessionId });
  const { data, bytes } = await page({ element_prefix: 'cmi.location' });
  assert.equal(data.session_closed, true);
  assert.ok(bytes <= BUDGET);
  assert.deepEqual(
    data.changes.map((c) => [c.element, c.newValue]),
    [['cmi.location', 'flooded']],
  );
});
