/**
 * A course that floods its record (issue 20, review finding 4: about 1,000 GetValue calls with 64 K
 * arguments made scorm_debug_api_calls a 216 MB answer, the server stalled and the SDK client dropped
 * the connection). Every listing of course records now stays within the answer budget, pages to the
 * end, gives whole values in bounded slices, and the server answers other requests meanwhile. Through
 * the real MCP server and the real CLI, in real Chromium.
 */
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { ANSWER_BUDGET_BYTES } from '../../src/output/answer-budget.js';
import { join } from 'node:path';
import { cli } from '../helpers/cli.js';
import { callTool, openSessionRuntime, startServer, type StartedServer } from '../helpers/mcp-client.js';
import { FIXTURES_DIR } from '../helpers/paths.js';
import { until } from '../helpers/until.js';

const FLOOD = join(FIXTURES_DIR, 'courses/record-flood');
/** The course's GetValue calls, and its suspend_data (64,000 characters ending in "E"). */
const FLOOD_CALLS = 1000;
const SUSPEND_LENGTH = 64_000;
const BUDGET = ANSWER_BUDGET_BYTES;

interface LongString {
  $type: 'string';
  length: number;
  head: string;
  truncated: true;
  offset?: number;
}
interface CallPage {
  calls: Array<{ index: number; method: string; args: Array<string | LongString> }>;
  calls_listed: number;
  calls_matching: number;
  calls_remaining: number;
  calls_truncated: boolean;
  next_cursor: string | null;
}

let server: StartedServer;
let sessionId: string;
before(async () => {
  server = await startServer();
  sessionId = await openSessionRuntime(server.client, FLOOD);
});
after(async () => {
  await server.close();
});

/** A tool's data and the size of the JSON text the model is shown. */
async function sized<T>(name: string, args: Record<string, unknown>): Promise<{ data: T; bytes: number }> {
  const result = await server.client.callTool({ name, arguments: args }, undefined, { timeout: 180_000 });
  const text = (result.content as Array<{ type: string; text?: string }>)[0]?.text ?? '';
  return { data: result.structuredContent as T, bytes: Buffer.byteLength(text, 'utf8') };
}

async function floodDone(): Promise<void> {
  await until(
    async () => {
      const st = await callTool<{ call_count: number }>(server.client, 'scorm_runtime_status', {
        session_id: sessionId,
      });
      return st.call_count >= FLOOD_CALLS + 2 ? true : undefined;
    },
    'the flood of calls',
    120_000,
  );
}

test(
  'scorm_debug_api_calls: pages within the budget return every call; tools/list is answered meanwhile',
  { timeout: 600_000 },
  async () => {
    // Asked while the course is still flooding: the other requests are answered, the server stays.
    await until(
      async () => {
        const st = await callTool<{ call_count: number }>(server.client, 'scorm_runtime_status', {
          session_id: sessionId,
        });
        return st.call_count > 100 ? true : undefined;
      },
      'the first calls',
      60_000,
    );
    const [first, listed, status] = await Promise.all([
      sized<CallPage>('scorm_debug_api_calls', { session_id: sessionId }),
      server.client.listTools(),
      callTool<{ call_count: number }>(server.client, 'scorm_runtime_status', { session_id: sessionId }),
    ]);
    assert.ok(listed.tools.length > 0, 'tools/list answered during the listing');
    assert.ok(status.call_count > 100);
    assert.ok(first.bytes <= BUDGET, `first page ${first.bytes} bytes`);

    await floodDone();
    const seen: number[] = [];
    let cursor: string | undefined;
    let pages = 0;
    let largest = 0;
    let total = 0;
    do {
      const page = await sized<CallPage>('scorm_debug_api_calls', {
        session_id: sessionId,
        ...(cursor !== undefined ? { cursor } : {}),
      });
      pages += 1;
      largest = Math.max(largest, page.bytes);
      total = page.data.calls_matching;
      assert.ok(page.bytes <= BUDGET, `page ${pages}: ${page.bytes} bytes`);
      assert.equal(page.data.calls_listed, page.data.calls.length);
      assert.equal(page.data.calls_truncated, page.data.calls_remaining > 0);
      for (const c of page.data.calls) {
        seen.push(c.index);
        for (const a of c.args) {
          if (typeof a === 'string') assert.ok(a.length <= 200, 'a short argument is shown whole');
          else assert.ok(a.truncated && a.head.length <= 200 && a.length > 200, 'a long one as a preview');
        }
      }
      cursor = page.data.next_cursor ?? undefined;
    } while (cursor !== undefined);
    console.log(`calls: ${total} in ${pages} pages, largest ${largest} bytes`);
    assert.ok(pages > 1, 'the listing was paged');
    assert.ok(total >= FLOOD_CALLS + 2);
    assert.deepEqual(
      seen,
      Array.from({ length: total }, (_, i) => i),
      'every call exactly once, in order, across the pages',
    );
  },
);

test(
  'the whole of a 64 K value is read through detail "full" in bounded slices',
  { timeout: 300_000 },
  async () => {
    await floodDone();
    let text = '';
    let offset = 0;
    let length = Infinity;
    while (offset < length) {
      const page = await sized<CallPage>('scorm_debug_api_calls', {
        session_id: sessionId,
        filter_methods: ['SetValue'],
        max_calls: 1,
        detail: 'full',
        text_offset: offset,
      });
      assert.ok(page.bytes <= BUDGET, `slice at ${offset}: ${page.bytes} bytes`);
      const value = page.data.calls[0]!.args[1]!;
      assert.equal(typeof value, 'object', 'a value longer than a slice is marked');
      const marked = value as LongString;
      length = marked.length;
      assert.equal(marked.offset ?? 0, offset);
      assert.ok(marked.head.length > 0);
      text += marked.head;
      offset += marked.head.length;
    }
    assert.equal(text.length, SUSPEND_LENGTH);
    assert.equal(text, `${'s'.repeat(SUSPEND_LENGTH - 1)}E`, 'the learner data kept whole in the record');
  },
);

test(
  'session events, logs, console errors and network requests stay within the budget and page to the end',
  { timeout: 300_000 },
  async () => {
    await floodDone();
    let since = 0;
    let events = 0;
    let pages = 0;
    let largest = 0;
    for (;;) {
      const page = await sized<{
        events: Array<{ id: number }>;
        latest_event_id: number;
        events_remaining: number;
      }>('scorm_session_events', { session_id: sessionId, since_event_id: since, max_events: 5000 });
      pages += 1;
      largest = Math.max(largest, page.bytes);
      assert.ok(page.bytes <= BUDGET, `events page ${pages}: ${page.bytes} bytes`);
      for (const e of page.data.events) assert.ok(e.id > since, 'events continue where the last page ended');
      events += page.data.events.length;
      since = page.data.latest_event_id;
      if (page.data.events_remaining === 0) break;
    }
    console.log(`events: ${events} in ${pages} pages, largest ${largest} bytes`);
    assert.ok(events > 0);

    const logs = await sized<{ entries: unknown[]; omitted_older?: number }>('system_get_logs', {
      tail: 1000,
    });
    console.log(`system_get_logs: ${logs.bytes} bytes, omitted ${logs.data.omitted_older ?? 0}`);
    assert.ok(logs.bytes <= BUDGET, `logs ${logs.bytes} bytes`);

    const consoleSeen: string[] = [];
    let cursor: string | undefined;
    let errorCount = 0;
    do {
      const page = await sized<{
        errors: Array<{ message: string }>;
        error_count: number;
        next_cursor: string | null;
      }>('scorm_get_console_errors', { session_id: sessionId, ...(cursor !== undefined ? { cursor } : {}) });
      assert.ok(page.bytes <= BUDGET, `console page: ${page.bytes} bytes`);
      errorCount = page.data.error_count;
      for (const e of page.data.errors) consoleSeen.push(e.message.slice(0, 12));
      cursor = page.data.next_cursor ?? undefined;
    } while (cursor !== undefined);
    assert.equal(consoleSeen.length, errorCount, 'every console error across the pages');
    assert.ok(consoleSeen.filter((m) => m.startsWith('line ')).length >= FLOOD_CALLS / 10);

    const network = await sized<{ requests: Array<{ url: string }>; total_matching: number }>(
      'scorm_get_network_requests',
      { session_id: sessionId },
    );
    assert.ok(network.bytes <= BUDGET, `network ${network.bytes} bytes`);
    assert.ok(network.data.requests.every((r) => r.url.length <= 201));
    // max_count is a page size: the cursor goes on past it to every matching request.
    const urls: string[] = [];
    let more: string | undefined;
    do {
      const page = await sized<{
        requests: Array<{ url: string }>;
        next_cursor: string | null;
        has_more: boolean;
      }>('scorm_get_network_requests', {
        session_id: sessionId,
        options: { max_count: 1 },
        ...(more !== undefined ? { cursor: more } : {}),
      });
      urls.push(...page.data.requests.map((r) => r.url));
      assert.equal(page.data.has_more, page.data.next_cursor !== null);
      more = page.data.next_cursor ?? undefined;
    } while (more !== undefined);
    assert.equal(urls.length, network.data.total_matching, 'every matching request once');

    // The server is still there and serving.
    assert.ok((await server.client.listTools()).tools.length > 0);
  },
);

test(
  'CLI run --json: every course string is a preview; the size grows only with the number of calls',
  { timeout: 300_000 },
  async () => {
    const r = await cli('run', FLOOD, '--json', '--settle-ms', '1500');
    const out = JSON.parse(r.stdout) as {
      api_calls: Array<{ args: Array<string | LongString> }>;
      console_errors: Array<{ text: string }>;
    };
    console.log(`run --json: ${Buffer.byteLength(r.stdout)} bytes for ${out.api_calls.length} calls`);
    assert.ok(out.api_calls.length >= FLOOD_CALLS + 2);
    for (const c of out.api_calls)
      for (const a of c.args) assert.ok(typeof a === 'string' ? a.length <= 200 : a.head.length <= 200);
    for (const e of out.console_errors) assert.ok(e.text.length <= 201);
    assert.ok(Buffer.byteLength(r.stdout) < out.api_calls.length * 3_000, 'under 3 kB per call');
  },
);
