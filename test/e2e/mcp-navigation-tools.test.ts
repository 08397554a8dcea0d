/**
 * scorm_nav_request, scorm_trace_sequencing and scorm_test_navigation_flow over stdio against real
 * Chromium, on a five-SCO course: flow, a SCO that asks for continue by itself, an activity hidden from
 * choice and one disabled by a rule. Denials are answers naming the rule; nothing is saved by throwaway runs.
 */
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { existsSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { callTool, callToolError, startServer, type StartedServer } from '../helpers/mcp-client.js';
import { FIXTURES_DIR } from '../helpers/paths.js';

const NAV_FLOW = join(FIXTURES_DIR, 'courses/nav-flow');
const SINGLE = join(FIXTURES_DIR, 'courses/scorm12-single');

interface Outcome {
  request: string;
  success: boolean;
  applicable: boolean;
  outcome: 'delivered' | 'ended' | 'denied' | 'nothing';
  message: string | null;
  code: string | null;
  process: string | null;
  delivered: { activity_id: string; title: string; launch_url: string; runtime_attempt?: number } | null;
  current_activity: string | null;
  session_ended: boolean;
}
interface FlowStep extends Outcome {
  index: number;
  step: string;
  followed_by: Outcome[];
  screenshot: { artifact_path: string; width: number; height: number } | null;
}
interface Flow {
  supported: boolean;
  entry_found: boolean;
  applicable: boolean;
  steps_executed: number;
  steps_denied: number;
  steps: FlowStep[];
  delivered_activities: string[];
  artifacts: string[];
  final_state: { current_activity: string | null; session_ended: boolean };
}
interface TraceEventView {
  request: number;
  level: string;
  process: string;
  kind: string;
  activity?: string;
  data?: Record<string, unknown>;
}
interface Trace {
  supported: boolean;
  sequencing_active: boolean;
  trace_level: string;
  requests: {
    request: number;
    navigation_request: string;
    outcome: string;
    delivered_activity: string | null;
  }[];
  denials: { navigation_request: string; code: string; process: string; message: string }[];
  rollups: number[];
  trace: TraceEventView[];
  events_total: number;
  note?: string;
  applicable?: boolean;
  message?: string;
}

let server: StartedServer;

before(async () => {
  server = await startServer();
});

after(async () => {
  await server?.close();
});

test('the navigation tools are listed in the navigation group with their parameters', async () => {
  const { tools } = await server.client.listTools();
  const byName = new Map(tools.map((t) => [t.name, t]));
  for (const name of ['scorm_nav_request', 'scorm_trace_sequencing', 'scorm_test_navigation_flow'])
    assert.ok(byName.has(name), name);
  const request = byName.get('scorm_nav_request')!;
  const props = request.inputSchema.properties as Record<string, { enum?: string[] }>;
  assert.deepEqual(
    [...(props.request?.enum ?? [])].sort(),
    [
      'abandon',
      'abandonAll',
      'choice',
      'continue',
      'exit',
      'exitAll',
      'jump',
      'previous',
      'resumeAll',
      'retry',
      'retryAll',
      'start',
      'suspendAll',
    ].sort(),
  );
  assert.match(request.description ?? '', /suspendAll/);
  const flowProps = byName.get('scorm_test_navigation_flow')!.inputSchema.properties as Record<
    string,
    unknown
  >;
  for (const p of ['workspace_path', 'session_id', 'viewport', 'capture_each_step', 'navigation_sequence'])
    assert.ok(p in flowProps, p);
  const traceProps = byName.get('scorm_trace_sequencing')!.inputSchema.properties as Record<string, unknown>;
  for (const p of ['workspace_path', 'session_id', 'viewport', 'trace_level']) assert.ok(p in traceProps, p);
});

test('scorm_test_navigation_flow: each step delivered or denied with the rule named, one screenshot per step, nothing saved', async () => {
  const result = await server.client.callTool({
    name: 'scorm_test_navigation_flow',
    arguments: {
      workspace_path: NAV_FLOW,
      navigation_sequence: ['start', 'next', 'next', 'choice:secret', 'choice:nosuch', 'next', 'previous'],
      settle_ms: 300,
    },
  });
  const flow = result.structuredContent as unknown as Flow;
  assert.equal(flow.supported, true);
  assert.equal(flow.entry_found, true);
  assert.equal(flow.steps_executed, 6, 'the leading start is the launch');
  const view = flow.steps.map((s) => [s.step, s.outcome, s.delivered?.activity_id ?? s.code]);
  assert.deepEqual(view, [
    ['launch', 'delivered', 'intro'],
    ['next', 'delivered', 'auto'],
    ['next', 'delivered', 'secret'],
    ['choice:secret', 'denied', 'SB.2.9-3'],
    ['choice:nosuch', 'denied', 'NB.2.1-11'],
    ['next', 'denied', 'SB.2.2-2'],
    ['previous', 'delivered', 'lesson'],
  ]);
  // The first SCO was launched once: its delivery is the runtime's first attempt, not a relaunch.
  assert.equal(flow.steps[0]?.delivered?.runtime_attempt, 1);
  // The auto SCO asked for continue itself when it started: the lesson followed within the same step.
  const auto = flow.steps[1]!;
  assert.deepEqual(
    auto.followed_by.map((f) => [f.request, f.outcome, f.delivered?.activity_id]),
    [['continue', 'delivered', 'lesson']],
  );
  const hidden = flow.steps[3]!;
  assert.equal(hidden.success, false);
  assert.match(hidden.message ?? '', /hidden from choice/);
  assert.ok(hidden.process && hidden.code);
  assert.match(flow.steps[5]!.message ?? '', /disabled/);
  assert.equal(flow.steps_denied, 3);
  assert.deepEqual(flow.delivered_activities, ['intro', 'auto', 'lesson', 'secret', 'lesson']);
  assert.equal(flow.final_state.current_activity, 'lesson');

  // One screenshot per step: image content and an artifact file each.
  const images = (result.content as { type: string }[]).filter((c) => c.type === 'image');
  assert.equal(images.length, 7);
  assert.equal(flow.artifacts.length, 7);
  for (const s of flow.steps) {
    assert.ok(s.screenshot && existsSync(s.screenshot.artifact_path), `screenshot of step ${s.index}`);
    assert.ok(s.screenshot.width > 0 && s.screenshot.height > 0);
  }
  // A throwaway run leaves no learner state behind.
  assert.deepEqual(listFiles(server.dataDir), []);
});

test('scorm_test_navigation_flow without steps walks the course with continue while it is valid (a continue that would be denied is not sent)', async () => {
  const flow = await callTool<Flow>(server.client, 'scorm_test_navigation_flow', {
    workspace_path: NAV_FLOW,
    capture_each_step: false,
    settle_ms: 200,
  });
  assert.deepEqual(flow.delivered_activities, ['intro', 'auto', 'lesson', 'secret']);
  // From secret, continue would reach locked, disabled by its rule (SB.2.2-2): the walk stops there.
  assert.equal(flow.steps_denied, 0);
  assert.equal(flow.final_state.current_activity, 'secret');
  assert.deepEqual(flow.artifacts, []);
  assert.ok(flow.steps.every((s) => s.screenshot === null));
});

test('scorm_test_navigation_flow: bad steps and single-SCO courses get clear answers', async () => {
  const bad = await callToolError(server.client, 'scorm_test_navigation_flow', {
    workspace_path: NAV_FLOW,
    navigation_sequence: ['next', 'complete'],
  });
  assert.equal(bad.error_code, 'MCP_INVALID_PARAMS');
  assert.match(bad.message, /step 2 \("complete"\) is not a navigation request/);
  const none = await callToolError(server.client, 'scorm_test_navigation_flow', {});
  assert.equal(none.error_code, 'MCP_INVALID_PARAMS');
  const single = await callTool<Flow & { not_applicable?: { code: string; message: string } }>(
    server.client,
    'scorm_test_navigation_flow',
    {
      workspace_path: SINGLE,
    },
  );
  assert.equal(single.applicable, false);
  assert.equal(single.not_applicable?.code, 'SINGLE_SCO');
  assert.equal(single.steps_executed, 0);
});

test('scorm_trace_sequencing: requests, denials by rule, and events by level (verbose shows each rule with its condition values)', async () => {
  const args = {
    workspace_path: NAV_FLOW,
    navigation_sequence: ['choice:lesson', 'choice:locked'],
    settle_ms: 200,
  };
  const verbose = await callTool<Trace>(server.client, 'scorm_trace_sequencing', {
    ...args,
    trace_level: 'verbose',
  });
  assert.equal(verbose.supported, true);
  assert.equal(verbose.trace_level, 'verbose');
  assert.equal(verbose.sequencing_active, true);
  assert.deepEqual(
    verbose.requests.map((r) => [r.navigation_request, r.outcome, r.delivered_activity]),
    [
      ['start', 'delivered', 'intro'],
      ['choice:lesson', 'delivered', 'lesson'],
      ['choice:locked', 'denied', null],
    ],
  );
  assert.equal(verbose.denials.length, 1);
  assert.equal(verbose.denials[0]!.navigation_request, 'choice:locked');
  assert.match(verbose.denials[0]!.message, /disabled/);
  const rule = verbose.trace.find((e) => e.kind === 'rule' && e.activity === 'locked');
  assert.ok(rule, 'the rule that disables "locked" is in the verbose trace');
  assert.deepEqual(
    (rule.data?.conditions as { condition: string; value: string }[]).map((c) => [c.condition, c.value]),
    [['always', 'true']],
  );
  assert.ok(verbose.trace.some((e) => e.kind === 'denied' && e.request === 3));

  const basic = await callTool<Trace>(server.client, 'scorm_trace_sequencing', {
    ...args,
    trace_level: 'basic',
  });
  assert.ok(basic.trace.length > 0 && basic.trace.length < verbose.trace.length);
  assert.ok(basic.trace.every((e) => e.level === 'basic'));
  const detailed = await callTool<Trace>(server.client, 'scorm_trace_sequencing', {
    ...args,
    trace_level: 'detailed',
  });
  assert.ok(detailed.trace.some((e) => e.kind === 'enter'));
  assert.ok(detailed.trace.every((e) => e.level !== 'verbose'));
  assert.ok(detailed.rollups.length > 0, 'rollup results are reported at detailed');
  // Each rollup result is said once, in trace; rollups points at it.
  for (const at of detailed.rollups) assert.equal(detailed.trace[at]?.kind, 'rollup');
  assert.equal(detailed.rollups.length, detailed.trace.filter((e) => e.kind === 'rollup').length);
  assert.deepEqual(listFiles(server.dataDir), []);
});

test('scorm_trace_sequencing: a run of events seen before is one reference; repeats "list" and the pages of a throwaway run give every event, once, without running it again', async () => {
  const args = {
    workspace_path: NAV_FLOW,
    navigation_sequence: [
      'choice:lesson',
      'choice:locked',
      'choice:locked',
      'choice:locked',
      'choice:locked',
    ],
    settle_ms: 200,
    trace_level: 'verbose',
  };
  const listed = await callTool<Trace>(server.client, 'scorm_trace_sequencing', { ...args, repeats: 'list' });
  const folded = await callTool<Trace & { events_folded: number }>(
    server.client,
    'scorm_trace_sequencing',
    args,
  );
  assert.equal(listed.trace.length, listed.events_total);
  assert.equal(folded.events_total, listed.events_total);
  assert.ok(folded.events_folded > 0, 'the repeated denials are folded');
  for (const request of [4, 5, 6]) {
    const own = (folded.trace as FoldedEntry[]).filter((e) => e.request === request);
    assert.equal(own.length, 1, `request ${request}, a denial as before, is one reference`);
    assert.ok('repeat_of' in own[0]!);
  }
  assert.deepEqual(expandTrace(folded.trace), listed.trace);

  // A page of a throwaway run reads the kept trace: a cursor of its own, the same events.
  const entries: FoldedEntry[] = [];
  let cursor: string | undefined;
  let pages = 0;
  do {
    const page = await callTool<Trace & { next_cursor: string | null }>(
      server.client,
      'scorm_trace_sequencing',
      {
        ...args,
        max_events: 7,
        ...(cursor ? { cursor } : {}),
      },
    );
    entries.push(...(page.trace as FoldedEntry[]));
    cursor = page.next_cursor ?? undefined;
    if (cursor) assert.match(cursor, /^flow_/);
    pages++;
  } while (cursor !== undefined);
  assert.ok(pages > 1);
  assert.deepEqual(expandTrace(entries), listed.trace);
  const stale = await callToolError(server.client, 'scorm_trace_sequencing', {
    ...args,
    cursor: 'flow_AAAAAAAAAAAA.3',
  });
  assert.equal(stale.error_code, 'MCP_INVALID_PARAMS');
  assert.match(stale.message, /scorm_trace_sequencing again without cursor/);
});

type FoldedEntry = TraceEventView | { index: number; request: number; repeat_of: number; count: number };

/** What a reader does with repeat_of: copy that run of events, with the reference's request and indexes. */
function expandTrace(entries: readonly FoldedEntry[]): TraceEventView[] {
  const out: TraceEventView[] = [];
  for (const e of entries) {
    if (!('repeat_of' in e)) out.push(e);
    else
      for (let k = 0; k < e.count; k++)
        out.push({ ...out[e.repeat_of + k]!, index: e.index + k, request: e.request } as TraceEventView);
  }
  return out;
}

test('in a session: scorm_nav_request before and after scorm_sn_init, bad targets, trace and flow of the running course', async () => {
  const opened = await callTool<{ session_id: string }>(server.client, 'scorm_open_course', {
    package_path: NAV_FLOW,
    new_attempt: true,
  });
  const session_id = opened.session_id;
  try {
    const before = await callTool<Outcome & { not_applicable?: { code: string; message: string } }>(
      server.client,
      'scorm_nav_request',
      {
        session_id,
        request: 'exitAll',
      },
    );
    assert.equal(before.applicable, false);
    assert.equal(before.success, false);
    assert.equal(before.not_applicable?.code, 'SN_NOT_INITIALIZED');
    assert.match(before.not_applicable?.message ?? '', /scorm_sn_init/);
    const traceBefore = await callTool<Trace & { not_applicable?: { code: string; message: string } }>(
      server.client,
      'scorm_trace_sequencing',
      { session_id },
    );
    assert.equal(traceBefore.sequencing_active, false);
    assert.equal(traceBefore.not_applicable?.code, 'SN_NOT_INITIALIZED');

    await callTool(server.client, 'scorm_sn_init', { session_id });

    for (const [args, pattern] of [
      [{ request: 'jump' }, /needs target/],
      [{ request: 'choice' }, /needs target/],
      [{ request: 'exit', target: 'intro' }, /takes no target/],
      [{ request: 'leave' }, /request/],
    ] as const) {
      const e = await callToolError(server.client, 'scorm_nav_request', { session_id, ...args });
      assert.equal(e.error_code, 'MCP_INVALID_PARAMS', JSON.stringify(args));
      assert.match(e.message, pattern);
    }
    const jump = await callTool<Outcome>(server.client, 'scorm_nav_request', {
      session_id,
      request: 'jump',
      target: 'secret',
    });
    assert.equal(jump.applicable, true);
    assert.equal(jump.outcome, 'delivered');
    assert.equal(jump.delivered?.activity_id, 'secret');
    const unknown = await callTool<Outcome>(server.client, 'scorm_nav_request', {
      session_id,
      request: 'jump',
      target: 'nosuch',
    });
    assert.equal(unknown.outcome, 'denied');
    assert.equal(unknown.success, false);
    assert.ok(unknown.message && unknown.code);

    const flow = await callTool<Flow>(server.client, 'scorm_test_navigation_flow', {
      session_id,
      navigation_sequence: ['previous'],
      settle_ms: 200,
    });
    assert.deepEqual(
      flow.steps.map((s) => [s.step, s.delivered?.activity_id]),
      [['previous', 'lesson']],
    );

    const trace = await callTool<Trace>(server.client, 'scorm_trace_sequencing', {
      session_id,
      trace_level: 'detailed',
    });
    const asked = trace.requests.map((r) => r.navigation_request);
    assert.ok(
      asked.includes('jump:secret') && asked.includes('jump:nosuch') && asked.includes('previous'),
      asked.join(),
    );
    assert.equal(trace.denials.at(-1)?.navigation_request ?? '', 'jump:nosuch');

    const suspended = await callTool<Outcome>(server.client, 'scorm_nav_request', {
      session_id,
      request: 'suspendAll',
    });
    assert.equal(suspended.outcome, 'ended');
    assert.equal(suspended.session_ended, true);
    const resumed = await callTool<Outcome>(server.client, 'scorm_nav_request', {
      session_id,
      request: 'resumeAll',
    });
    assert.equal(resumed.outcome, 'delivered');
    assert.equal(resumed.delivered?.activity_id, 'lesson');
    const exitAll = await callTool<Outcome>(server.client, 'scorm_nav_request', {
      session_id,
      request: 'exitAll',
    });
    assert.equal(exitAll.outcome, 'ended');
  } finally {
    await callTool(server.client, 'scorm_close_course', { session_id });
  }
});

test('scorm_sn_init with no runtime open opens the course on what start delivers: the first SCO launches once', async () => {
  const { session_id } = await callTool<{ session_id: string }>(server.client, 'scorm_session_open', {
    package_path: NAV_FLOW,
    new_attempt: true,
  });
  try {
    const started = await callTool<{ how: string; outcome: Outcome }>(server.client, 'scorm_sn_init', {
      session_id,
    });
    assert.equal(started.how, 'start');
    assert.equal(started.outcome.delivered?.activity_id, 'intro');
    assert.equal(started.outcome.delivered?.runtime_attempt, 1, 'a first launch, not a relaunch');
    const { calls } = await callTool<{ calls: Array<{ method: string }> }>(
      server.client,
      'scorm_debug_api_calls',
      {
        session_id,
      },
    );
    assert.equal(calls.filter((c) => c.method === 'Initialize').length <= 1, true, JSON.stringify(calls));
    const next = await callTool<Outcome>(server.client, 'scorm_nav_request', {
      session_id,
      request: 'continue',
    });
    assert.equal(next.outcome, 'delivered');
  } finally {
    await callTool(server.client, 'scorm_session_close', { session_id });
  }
});

test('scorm_nav_request on a single-SCO course answers applicable:false, and an unknown session is an error', async () => {
  const opened = await callTool<{ session_id: string }>(server.client, 'scorm_open_course', {
    package_path: SINGLE,
    new_attempt: true,
  });
  try {
    const r = await callTool<{ applicable: boolean; not_applicable?: { code: string; message: string } }>(
      server.client,
      'scorm_nav_request',
      {
        session_id: opened.session_id,
        request: 'suspendAll',
      },
    );
    assert.equal(r.applicable, false);
    assert.equal(r.not_applicable?.code, 'SINGLE_SCO');
  } finally {
    await callTool(server.client, 'scorm_close_course', { session_id: opened.session_id });
  }
  const e = await callToolError(server.client, 'scorm_nav_request', {
    session_id: 'sess_nope',
    request: 'exit',
  });
  assert.equal(e.error_code, 'MCP_UNKNOWN_SESSION');
});

function listFiles(dir: string): string[] {
  if (!existsSync(dir)) return [];
  return readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((d) => d.isFile())
    .map((d) => d.name);
}
