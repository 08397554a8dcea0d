/**
 * The answer guard against a course that makes many tools' answers huge at once (issue 22): through the
 * real MCP server and the SDK's own client (which checks every result against the tool's output schema),
 * in real Chromium. Every answer stays within the budget, a cut one says so and links the whole answer,
 * which reads back complete in pages, and the connection stays up throughout.
 */
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { ANSWER_BUDGET_BYTES } from '../../src/output/answer-budget.js';
import { answerInflatingCourse, INFLATE } from '../helpers/answer-inflating-course.js';
import { callTool, openSessionRuntime, startServer, type StartedServer } from '../helpers/mcp-client.js';
import { readAllPages, readWholeText } from '../helpers/resource-pages.js';
import { until } from '../helpers/until.js';

/** Issue 22's answer budget: 8,000 tokens of about 4 bytes. */
const BUDGET = ANSWER_BUDGET_BYTES;

let server: StartedServer;
let sessionId: string;
let packagePath: string;
before(async () => {
  server = await startServer();
  packagePath = answerInflatingCourse();
  sessionId = await openSessionRuntime(server.client, packagePath);
  await until(
    async () => {
      const got = await callTool<{ data: Record<string, unknown> }>(server.client, 'scorm_data_model_get', {
        session_id: sessionId,
        elements: ['cmi.location'],
      });
      return got.data['cmi.location'] === 'done' ? true : undefined;
    },
    'the course to finish inflating',
    120_000,
  );
});
after(async () => {
  await server.close();
});

interface Shown {
  data: Record<string, unknown>;
  /** Bytes of the text blocks the model is shown. */
  bytes: number;
  note: string | undefined;
  wholeUri: string | undefined;
}

async function shown(name: string, args: Record<string, unknown>): Promise<Shown> {
  const result = await server.client.callTool({ name, arguments: args }, undefined, { timeout: 180_000 });
  const blocks = result.content as Array<{ type: string; text?: string; uri?: string }>;
  const texts = blocks.filter((b) => b.type === 'text').map((b) => b.text!);
  return {
    data: result.structuredContent as Record<string, unknown>,
    bytes: texts.reduce((n, t) => n + Buffer.byteLength(t, 'utf8'), 0),
    note: texts.find((t) => t.startsWith('This answer of')),
    wholeUri: blocks.find((b) => b.type === 'resource_link' && b.uri!.startsWith('scorm-tester://answer/'))
      ?.uri,
  };
}

test(
  'every answer on an inflating course stays within the budget, and the server stays connected',
  { timeout: 600_000 },
  async () => {
    const calls: Array<[string, Record<string, unknown>]> = [
      [
        'scorm_data_model_get',
        {
          session_id: sessionId,
          patterns: ['cmi.interactions.*', 'cmi.objectives.*'],
          elements: ['cmi.suspend_data'],
        },
      ],
      ['scorm_get_data_model_history', { session_id: sessionId }],
      [
        'scorm_validate_data_model_state',
        { session_id: sessionId, expected: { 'cmi.location': 'x'.repeat(4000) } },
      ],
      ['scorm_runtime_status', { session_id: sessionId }],
      ['scorm_debug_api_calls', { session_id: sessionId }],
      ['scorm_get_console_errors', { session_id: sessionId }],
      ['scorm_session_events', { session_id: sessionId }],
      ['scorm_dom_find_interactive_elements', { session_id: sessionId }],
      ['scorm_get_page_state', { session_id: sessionId, max_chars: 500_000 }],
      ['scorm_dom_query', { session_id: sessionId, selector: 'body' }],
      ['scorm_get_current_page_context', { session_id: sessionId }],
      ['scorm_sn_init', { session_id: sessionId }],
      ['scorm_nav_get_state', { session_id: sessionId }],
      [
        'scorm_trace_sequencing',
        {
          workspace_path: packagePath,
          trace_level: 'verbose',
          navigation_sequence: ['start', 'continue', 'continue'],
        },
      ],
      ['scorm_lint_manifest', { workspace_path: packagePath }],
      ['scorm_validate_workspace', { workspace_path: packagePath }],
      ['system_get_logs', {}],
    ];
    const sizes: string[] = [];
    for (const [name, args] of calls) {
      const answer = await shown(name, args);
      sizes.push(`${name} ${answer.bytes}${answer.note ? ' (cut)' : ''}`);
      assert.ok(answer.bytes <= BUDGET, `${name}: ${answer.bytes} bytes`);
      // Each tool fits its own answer (with its own flags and cursors): the guard never has to cut one.
      assert.equal(answer.note, undefined, `${name} was cut by the guard`);
    }
    console.log(sizes.join('\n'));
    // With its default max_chars the page state clips its own snapshot: the guard never has to cut it.
    const page = await shown('scorm_get_page_state', { session_id: sessionId, include_snapshot: true });
    assert.equal(page.note, undefined, 'the default page state is not cut');
    assert.equal(page.data.snapshot_truncated, true);
    // A max_chars over what fits gives the largest snapshot that fits (never less than the default),
    // flagged and explained by the tool itself, and the guard does not cut it.
    const large = await shown('scorm_get_page_state', {
      session_id: sessionId,
      include_snapshot: true,
      max_chars: 500_000,
    });
    assert.equal(large.note, undefined, 'the large page state is not cut');
    assert.equal(large.data.snapshot_truncated, true);
    assert.ok(String(large.data.snapshot).length >= String(page.data.snapshot).length);
    assert.match(
      (large.data.notes as string[]).join(' '),
      /The snapshot was clipped at \d+ characters \(max_chars 500000\), the most that fits/,
    );
    // Still connected: the client's reader took every line.
    const listed = await server.client.listTools();
    assert.ok(listed.tools.length > 0);
  },
);

test(
  'a cut answer links the whole answer, which reads back complete in pages',
  { timeout: 300_000 },
  async () => {
    const result = await server.client.callTool(
      // The tools fit their own answers; an expression's value the agent asks for is what the guard cuts.
      {
        name: 'scorm_dom_evaluate',
        arguments: {
          session_id: sessionId,
          expression: "Array.from({ length: 1000 }, (_, i) => 'entry ' + i + '.'.repeat(50))",
        },
      },
      undefined,
      { timeout: 180_000 },
    );
    const meta = result._meta?.['scorm-tester/answer_cut'] as {
      answer_bytes: number;
      whole_answer_uri: string;
    };
    assert.ok(meta, 'the answer was cut');
    const pages = await readAllPages(server.client, meta.whole_answer_uri);
    assert.ok(pages.length > 1);
    for (const page of pages) assert.ok(page.answerBytes <= BUDGET, `${page.answerBytes} bytes`);
    const joined = pages.map((p) => p.text).join('');
    assert.equal(Buffer.byteLength(joined, 'utf8'), meta.answer_bytes);
    const whole = JSON.parse(joined) as { result?: string[] };
    assert.equal(whole.result?.length, 1000, 'the whole value');
    assert.equal(whole.result?.[999], `entry 999${'.'.repeat(50)}`);
  },
);

test(
  'scorm_data_model_get pages every value within the budget; detail "full" gives the whole suspend_data',
  { timeout: 300_000 },
  async () => {
    const values: Record<string, unknown> = {};
    let cursor: string | undefined;
    let pages = 0;
    let total = 0;
    do {
      const answer = await shown('scorm_data_model_get', {
        session_id: sessionId,
        patterns: ['cmi.interactions.*'],
        ...(cursor !== undefined ? { cursor } : {}),
      });
      pages += 1;
      assert.ok(answer.bytes <= BUDGET, `page ${pages}: ${answer.bytes} bytes`);
      assert.equal(answer.note, undefined, 'a page is never cut');
      Object.assign(values, answer.data.data);
      total = answer.data.element_count as number;
      cursor = answer.data.next_cursor as string | undefined;
    } while (cursor !== undefined);
    assert.ok(pages > 1);
    assert.equal(Object.keys(values).length, total);
    for (let i = 0; i < INFLATE.interactions; i++) {
      assert.equal(values[`cmi.interactions.${i}.learner_response`], 'r'.repeat(4000));
    }
    // By default a value past 4,000 characters is its head and length; whole, it is past the budget,
    // so the guard cuts the answer and the whole is read from the resource it links.
    const head = await shown('scorm_data_model_get', {
      session_id: sessionId,
      elements: ['cmi.suspend_data'],
    });
    const marker = (head.data.data as Record<string, { length: number; head: string }>)['cmi.suspend_data']!;
    assert.equal(marker.length, INFLATE.suspendLength);
    assert.equal(marker.head, 's'.repeat(4000));
    const full = await shown('scorm_data_model_get', {
      session_id: sessionId,
      elements: ['cmi.suspend_data'],
      detail: 'full',
    });
    assert.ok(full.note && full.wholeUri, 'cut, with the whole linked');
    const whole = JSON.parse(await readWholeText(server.client, full.wholeUri)) as {
      data: Record<string, string>;
    };
    assert.equal(whole.data['cmi.suspend_data'], `${'s'.repeat(INFLATE.suspendLength - 1)}E`);
  },
);

test(
  'the validation tools page the findings of a package missing 200 files: every finding once, no page cut',
  { timeout: 300_000 },
  async () => {
    type Found = { rule: string; line: number; column: number; message: string };
    const runs: Array<[string, readonly string[], Record<string, unknown>]> = [
      ['scorm_validate_workspace', ['findings'], { workspace_path: packagePath }],
      ['scorm_validate_workspace', ['findings'], { workspace_path: packagePath, detail: 'full' }],
      ['scorm_lint_manifest', ['findings'], { workspace_path: packagePath }],
      ['scorm_validate_compliance', ['errors', 'warnings', 'suggestions'], { workspace_path: packagePath }],
      ['scorm_report', ['errors', 'warnings', 'info'], { workspace_path: packagePath, format: 'json' }],
      // On a session the report holds the accessibility audit: on its first page only.
      ['scorm_report', ['errors', 'warnings', 'info'], { session_id: sessionId, format: 'json' }],
    ];
    for (const [tool, fields, args] of runs) {
      let cursor: string | undefined;
      let total = 0;
      let byRule: Record<string, number> = {};
      const seen = new Set<string>();
      const sizes: number[] = [];
      do {
        const first = cursor === undefined;
        const asked = cursor;
        const answer = await shown(tool, { ...args, ...(cursor !== undefined ? { cursor } : {}) });
        assert.ok(answer.bytes <= BUDGET, `${tool}: ${answer.bytes} bytes`);
        assert.equal(answer.note, undefined, `${tool}: a page is never cut`);
        for (const field of fields) {
          for (const f of answer.data[field] as Found[]) seen.add(JSON.stringify(f));
        }
        total = answer.data.findings_total as number;
        byRule = answer.data.findings_by_rule as Record<string, number>;
        cursor = (answer.data.findings_next_cursor as string | null) ?? undefined;
        if (!first || args.detail === 'full') sizes.push(answer.bytes);
        // Without a cursor, compliance and the report answer with a first look: verdict, counts, a few
        // findings (about 1,500 tokens in text and structuredContent; the report's audit as counts, within).
        if (first && (tool === 'scorm_validate_compliance' || tool === 'scorm_report')) {
          assert.ok(answer.bytes <= 3_000, `${tool} first look: ${answer.bytes} bytes`);
          assert.ok(answer.data.findings_by_severity, `${tool} first look counts by severity`);
        }
        if (args.session_id !== undefined) {
          const audit = answer.data.accessibility as Record<string, unknown>;
          // The first look has the audit's counts, cursor "0" the audit, later pages say where it was.
          if (first) {
            assert.equal(audit.audited, true, JSON.stringify(audit).slice(0, 300));
            assert.deepEqual([audit.summarised, audit.violations], [true, undefined]);
          } else if (asked === '0') assert.equal(audit.audited, true);
          else assert.deepEqual([audit.on_first_page, audit.violations], [true, undefined]);
        }
        if (args.detail === 'full' && first) {
          const api = (answer.data.validation_results as Record<string, Record<string, unknown>>).api_usage!;
          const files = api.scanned_files as string[];
          assert.ok(files.length <= (api.scanned_file_count as number));
          assert.equal(
            api.scanned_files_truncated,
            files.length < (api.scanned_file_count as number) || undefined,
          );
        }
      } while (cursor !== undefined);
      assert.ok(total > INFLATE.missingFiles, `${tool}: ${total} findings`);
      assert.equal(seen.size, total, `${tool}: every finding once across the pages`);
      assert.equal(
        Object.values(byRule).reduce((a, b) => a + b, 0),
        total,
      );
      // Pages hold as many findings as fit (about 2,750 tokens per copy), not a few: apart from the last
      // page and the one that ends the listing of a repeated rule's first examples, none is half empty.
      const half = sizes.slice(0, -1).filter((b) => b < 5_500);
      assert.ok(half.length <= 1, `${tool} ${JSON.stringify(args)}: pages of ${sizes.join(', ')} bytes`);
    }
  },
);

test(
  'the browser console of the flood reads back whole in pages within the budget',
  { timeout: 300_000 },
  async () => {
    const pages = await readAllPages(server.client, 'scorm-tester://logs/browser');
    for (const page of pages) assert.ok(page.answerBytes <= BUDGET, `${page.answerBytes} bytes`);
    const lines = pages
      .map((p) => p.text)
      .join('')
      .split('\n')
      .filter(Boolean)
      .map((l) => JSON.parse(l) as { text: string; session_id: string });
    const errors = lines.filter((l) => l.session_id === sessionId && /^error \d+ /.test(l.text));
    // Each launch of the SCO (the sequencing calls above launch it again) logs the whole flood once more.
    const numbers = errors.map((l) => Number(/^error (\d+)/.exec(l.text)![1]));
    assert.ok(numbers.length >= INFLATE.consoleErrors, `${numbers.length} errors`);
    assert.equal(numbers.length % INFLATE.consoleErrors, 0, `${numbers.length} errors`);
    numbers.forEach((n, i) => assert.equal(n, i % INFLATE.consoleErrors, 'every console error, in order'));
    assert.equal(
      await readWholeText(server.client, 'scorm-tester://logs/browser'),
      pages.map((p) => p.text).join(''),
    );
  },
);

test(
  'short first pages: events with counts_by_type, network requests with content_base once; API errors said once',
  { timeout: 300_000 },
  async () => {
    // scorm_session_events without max_events: a short page, and every event counted by type.
    const events = await shown('scorm_session_events', { session_id: sessionId });
    assert.ok(events.bytes <= 6_000, `events first page: ${events.bytes} bytes`);
    const listed = events.data.events as Array<{ type: string }>;
    const byType = events.data.counts_by_type as Record<string, number>;
    const counted = Object.values(byType).reduce((a, b) => a + b, 0);
    assert.ok((events.data.events_remaining as number) > 0, 'the inflating course has more than a page');
    assert.equal(counted, listed.length + (events.data.events_remaining as number));
    for (const e of listed) assert.ok(byType[e.type]! > 0, e.type);

    // scorm_get_network_requests without max_count: a short page, the package's URL prefix said once.
    const first = await shown('scorm_get_network_requests', { session_id: sessionId });
    assert.ok(first.bytes <= 6_000, `network first page: ${first.bytes} bytes`);
    const base = first.data.content_base as string;
    assert.match(base, /^http:\/\/127\.0\.0\.1:\d+\//);
    const urls: string[] = [];
    let page = first;
    for (;;) {
      const requests = page.data.requests as Array<{ url: string; method?: string; scope?: string }>;
      for (const r of requests) {
        assert.ok(!r.url.startsWith(base), `${r.url}: relative to content_base`);
        assert.notEqual(r.method, 'GET', 'GET is left out');
        assert.notEqual(r.scope, 'content', 'the content scope is left out');
        urls.push(r.url);
      }
      const next = page.data.next_cursor as string | null;
      if (next === null) break;
      page = await shown('scorm_get_network_requests', { session_id: sessionId, cursor: next });
    }
    assert.ok(urls.includes('index.html'), urls.join(', '));
    assert.equal(urls.length, first.data.total_matching, 'paging from the first look gives every request');

    // scorm_debug_api_calls: GetLastError, GetErrorString and GetDiagnostic after a failed call point
    // at it with same_error_as instead of repeating its error.
    const calls = await shown('scorm_debug_api_calls', {
      session_id: sessionId,
      filter_methods: ['GetValue', 'GetLastError', 'GetErrorString', 'GetDiagnostic'],
    });
    const listedCalls = calls.data.calls as Array<Record<string, unknown>>;
    const failed = listedCalls.find((c) => c.method === 'GetValue' && c.error_code === '401');
    assert.ok(failed, JSON.stringify(listedCalls).slice(0, 500));
    const followUps = listedCalls.filter((c) => (c.index as number) > (failed.index as number)).slice(0, 3);
    assert.deepEqual(
      followUps.map((c) => [c.method, c.same_error_as, c.error_code, c.error_string, c.diagnostic]),
      ['GetLastError', 'GetErrorString', 'GetDiagnostic'].map((m) => [
        m,
        failed.index,
        undefined,
        undefined,
        undefined,
      ]),
    );
  },
);
