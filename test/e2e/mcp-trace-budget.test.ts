/**
 * scorm_trace_sequencing on the largest sequenced package we have (ADL CTS T-01b, 42 activities), through
 * the real MCP server in real Chromium (issue 22): a detailed and a verbose trace of a long walk each fit
 * the answer budget by their own paging (the guard never cuts them), and the pages together list every
 * event once, in order.
 */
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { ANSWER_BUDGET_BYTES } from '../../src/output/answer-budget.js';
import { assembleAdlPackage } from '../helpers/adl-package.js';
import { callTool, startServer, type StartedServer } from '../helpers/mcp-client.js';
import { SHARED_SKIP } from '../helpers/paths.js';

/** Issue 22's answer budget: 8,000 tokens of about 4 bytes. */
const BUDGET = ANSWER_BUDGET_BYTES;
const WALK = [...Array<string>(9).fill('continue'), 'previous', 'previous'];

interface TracePage {
  trace: Array<{
    index: number;
    request: number;
    process?: string;
    kind?: string;
    repeat_of?: number;
    count?: number;
  }>;
  events_total: number;
  events_omitted: number;
  next_cursor: string | null;
  rollups?: number[];
  requests?: unknown[];
}

let server: StartedServer;
let sessionId: string;
before(async () => {
  if (SHARED_SKIP) return;
  server = await startServer();
  const packagePath = await assembleAdlPackage('T-01b');
  const opened = await server.client.callTool(
    { name: 'scorm_open_course', arguments: { package_path: packagePath, new_attempt: true } },
    undefined,
    { timeout: 300_000 },
  );
  assert.notEqual(opened.isError, true, JSON.stringify(opened.structuredContent));
  sessionId = (opened.structuredContent as { session_id: string }).session_id;
  await callTool(server.client, 'scorm_sn_init', { session_id: sessionId });
  // The walk, traced at verbose from the start, so every level reads the same requests.
  const walked = await server.client.callTool(
    {
      name: 'scorm_trace_sequencing',
      arguments: { session_id: sessionId, trace_level: 'verbose', navigation_sequence: WALK, max_events: 1 },
    },
    undefined,
    { timeout: 300_000 },
  );
  assert.notEqual(walked.isError, true, JSON.stringify(walked.structuredContent));
  assert.equal((walked.structuredContent as { steps_executed: number }).steps_executed, WALK.length);
});
after(async () => {
  await server?.close();
});

async function page(args: Record<string, unknown>): Promise<{ data: TracePage; bytes: number }> {
  const result = await server.client.callTool({
    name: 'scorm_trace_sequencing',
    arguments: { session_id: sessionId, ...args },
  });
  assert.notEqual(result.isError, true, JSON.stringify(result.structuredContent));
  const texts = (result.content as Array<{ type: string; text?: string }>).filter((b) => b.type === 'text');
  assert.equal(texts.length, 1, 'one text block: the guard did not cut the answer');
  return {
    data: result.structuredContent as unknown as TracePage,
    bytes: Buffer.byteLength(texts[0]!.text!, 'utf8'),
  };
}

async function everyEventOnce(level: 'detailed' | 'verbose'): Promise<void> {
  const events: TracePage['trace'] = [];
  let cursor: string | null = null;
  let total = 0;
  let pages = 0;
  do {
    const { data, bytes } = await page({ trace_level: level, ...(cursor !== null ? { cursor } : {}) });
    pages += 1;
    assert.ok(bytes <= BUDGET, `page ${pages}: ${bytes} bytes`);
    assert.ok(data.trace.length > 0);
    // A run of events seen before is one entry pointing back at it (repeat_of, count).
    const covered = data.trace.reduce((n, e) => n + (e.repeat_of === undefined ? 1 : e.count!), 0);
    assert.equal(data.events_omitted, data.events_total - covered);
    for (const e of data.trace) if (e.repeat_of !== undefined) assert.ok(e.repeat_of + e.count! <= e.index);
    for (const at of data.rollups ?? []) assert.equal(data.trace[at]!.kind, 'rollup');
    // The first page says every request once; later pages' events refer to it by number.
    assert.equal(data.requests !== undefined, pages === 1, `page ${pages}: requests`);
    total = data.events_total;
    events.push(...data.trace);
    cursor = data.next_cursor;
  } while (cursor !== null);
  assert.ok(pages > 1, `${total} ${level} events in one page`);
  const indexes = events.flatMap((e) =>
    e.repeat_of === undefined ? [e.index] : Array.from({ length: e.count! }, (_, k) => e.index + k),
  );
  assert.deepEqual(
    indexes,
    Array.from({ length: total }, (_, i) => i),
    'every event once, in order',
  );
  const requests = events.map((e) => e.request);
  assert.deepEqual(
    requests,
    [...requests].sort((a, b) => a - b),
    'in request order',
  );
  assert.ok(new Set(requests).size >= WALK.length, 'the requests of the walk have events');
}

test(
  'a detailed trace of a long walk pages within the budget and lists every event once',
  { skip: SHARED_SKIP },
  () => everyEventOnce('detailed'),
);

test(
  'a verbose trace of a long walk pages within the budget and lists every event once',
  { skip: SHARED_SKIP },
  () => everyEventOnce('verbose'),
);
