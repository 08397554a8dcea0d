/**
 * scorm_interactive_develop over MCP: an agent and a person on the same session. What the agent does
 * reaches the inspector's feed; what the person does reaches scorm_session_events.
 */
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { cpSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { SNAPSHOT_LIMITS, type SessionSummary } from '../../src/inspector/protocol.js';
import type { SessionEvent } from '../../src/session/event-log.js';
import { callTool, callToolError, startServer, type StartedServer } from '../helpers/mcp-client.js';
import { allSessionEvents } from '../helpers/session-events.js';
import { openFeed, postAction, rawRequest, splitUrl } from '../helpers/inspector.js';
import { FIXTURES_DIR } from '../helpers/paths.js';
import { tempDir } from '../helpers/temp.js';
import { until } from '../helpers/until.js';

const NAV_FLOW = join(FIXTURES_DIR, 'courses/nav-flow');

interface Develop {
  session_id: string;
  inspector_active: boolean;
  live_validation: boolean;
  development_url: string | null;
  available_tools: string[];
  runtime_open: boolean;
  runtime_disabled_reason: string | null;
  validation: { valid: boolean; revision: number } | null;
}

interface Reloaded {
  session_id: string;
  previous_session_id: string;
}

async function logged(server: StartedServer, msg: string, sessionId: string): Promise<true | undefined> {
  const { entries } = await callTool<{ entries: Array<{ msg: string; session_id?: string }> }>(
    server.client,
    'system_get_logs',
    { tail: 500 },
  );
  return entries.some((e) => e.msg === msg && e.session_id === sessionId) ? true : undefined;
}

/** A copy of NAV_FLOW under the inspector in validate_live mode, re-validated when its files change. */
async function developWatched(server: StartedServer, prefix: string): Promise<{ dir: string; dev: Develop }> {
  const dir = join(tempDir(prefix), 'course');
  cpSync(NAV_FLOW, dir, { recursive: true });
  const dev = await callTool<Develop>(server.client, 'scorm_interactive_develop', {
    workspace_path: dir,
    development_mode: 'validate_live',
    auto_validate: true,
  });
  return { dir, dev };
}

/** Points the copy's launch at a file that does not exist: validation fails. */
function breakLaunch(dir: string): void {
  const manifest = join(dir, 'imsmanifest.xml');
  writeFileSync(manifest, readFileSync(manifest, 'utf8').replace('href="sco.html"', 'href="gone.html"'));
}

async function eventsOf(server: StartedServer, sessionId: string): Promise<SessionEvent[]> {
  return allSessionEvents<SessionEvent>(server.client, sessionId);
}

describe('scorm_interactive_develop', { concurrency: false }, () => {
  let server: StartedServer;

  before(async () => {
    server = await startServer();
  });
  after(async () => {
    await server?.close();
  });

  test('is listed with its title and honest annotations', async () => {
    const { tools } = await server.client.listTools();
    const tool = tools.find((t) => t.name === 'scorm_interactive_develop');
    assert.ok(tool);
    assert.ok(tool.title);
    assert.equal(tool.annotations?.readOnlyHint, false);
    assert.equal(tool.annotations?.openWorldHint, false);
    assert.ok(tool.outputSchema);
  });

  test('an agent and a person on one session: each sees what the other did', async () => {
    const dev = await callTool<Develop>(server.client, 'scorm_interactive_develop', {
      workspace_path: NAV_FLOW,
      development_mode: 'sequence_test',
    });
    assert.match(dev.session_id, /^sess_/);
    assert.equal(dev.inspector_active, true);
    assert.equal(dev.live_validation, false);
    assert.equal(dev.runtime_open, true, dev.runtime_disabled_reason ?? '');
    assert.equal(dev.validation?.valid, true);
    assert.deepEqual(dev.available_tools.slice(0, 3), ['sequencing', 'outline', 'player']);
    assert.ok(dev.available_tools.includes('api') && dev.available_tools.includes('validate'));
    const url = new URL(dev.development_url!);
    assert.equal(url.hostname, '127.0.0.1');
    assert.equal(url.searchParams.get('session'), dev.session_id);
    const shell = await rawRequest(dev.development_url!, url.pathname + url.search);
    assert.equal(shell.status, 200);

    // The agent's session tools work on the session the inspector shows.
    const state = await callTool<{ current_activity: string }>(server.client, 'scorm_nav_get_state', {
      session_id: dev.session_id,
    });
    assert.equal(state.current_activity, 'intro');

    const feed = await openFeed(dev.development_url!, dev.session_id);
    try {
      const { snapshot } = await feed.next('snapshot');
      assert.equal(snapshot.session.origin, 'mcp');
      assert.equal(snapshot.session.development_mode, 'sequence_test');

      // The agent acts: the person sees it.
      await callTool(server.client, 'scorm_nav_request', { session_id: dev.session_id, request: 'continue' });
      await feed.next('sequencing', (m) => m.sequencing.current_activity === 'lesson');
      await feed.next('outline', (m) => m.outline.some((n) => n.id === 'lesson' && n.is_current));

      // The person acts: the agent sees it.
      const { latest_event_id } = await callTool<{ latest_event_id: number }>(
        server.client,
        'scorm_session_events',
        {
          session_id: dev.session_id,
        },
      );
      const nav = JSON.parse(
        (await postAction(dev.development_url!, dev.session_id, { action: 'nav', request: 'previous' })).body,
      ) as { ok: boolean; result: { outcome: string } };
      assert.equal(nav.ok, true);
      assert.equal(nav.result.outcome, 'delivered');
      const events = {
        events: await allSessionEvents<SessionEvent>(server.client, dev.session_id, latest_event_id),
      };
      const asked = events.events.find((e) => e.type === 'inspector:action');
      const done = events.events.find((e) => e.type === 'inspector:action_done');
      assert.deepEqual(asked?.payload, {
        source: 'inspector',
        action: 'nav',
        request: 'previous',
        request_id: asked?.payload?.request_id,
      });
      assert.deepEqual(done?.payload, { ...asked?.payload, ok: true });
      assert.ok(asked!.id < done!.id);
      assert.ok(events.events.some((e) => e.type === 'sequencing:request'));

      // A denied request is an answer, and an error is one of our codes.
      const bad = JSON.parse(
        (await postAction(dev.development_url!, dev.session_id, { action: 'nav', request: 'fly' })).body,
      ) as { ok: boolean; error: { code: string; message: string } };
      assert.equal(bad.ok, false);
      assert.equal(bad.error.code, 'INVALID_ARGUMENT');
      assert.match(bad.error.message, /scorm_nav_request/);

      // The agent closes the session: the person sees it closed, and a tab opened later still shows the run.
      await callTool(server.client, 'scorm_session_close', { session_id: dev.session_id });
      const closed = await feed.next('session', (m) => m.session.state === 'closed');
      assert.equal(closed.session.id, dev.session_id);
      assert.equal('replaced_by' in closed.session, false, 'closed, not replaced');
    } finally {
      feed.close();
    }
    const later = await openFeed(dev.development_url!, dev.session_id);
    try {
      const { snapshot } = await later.next('snapshot');
      assert.equal(snapshot.session.state, 'closed');
      assert.equal(snapshot.runtime.open, false);
      assert.ok(snapshot.api_calls.length > 0);
      assert.ok(snapshot.events.some((e) => e.type === 'session:closed'));
    } finally {
      later.close();
    }
    const refused = JSON.parse(
      (await postAction(dev.development_url!, dev.session_id, { action: 'screenshot' })).body,
    ) as { ok: boolean; error: { code: string } };
    assert.equal(refused.error.code, 'SESSION_NOT_FOUND');
  });

  test('sessions an agent opened with other tools are shown too, on the same inspector', async () => {
    const dev = await callTool<Develop>(server.client, 'scorm_interactive_develop', {
      workspace_path: join(FIXTURES_DIR, 'courses/scorm12-single'),
      enable_inspector: false,
    });
    assert.equal(dev.inspector_active, false);
    assert.equal(dev.development_url, null);
    const other = await callTool<{ session_id: string }>(server.client, 'scorm_session_open', {
      package_path: NAV_FLOW,
    });
    const shown = await callTool<Develop>(server.client, 'scorm_interactive_develop', {
      workspace_path: join(FIXTURES_DIR, 'courses/missing-launch'),
    });
    assert.equal(shown.runtime_open, false);
    assert.match(shown.runtime_disabled_reason ?? '', /Validation failed/);
    const { base } = splitUrl(shown.development_url!);
    const list = JSON.parse(
      (await rawRequest(shown.development_url!, `${base}api/sessions`)).body,
    ) as SessionSummary[];
    assert.ok(list.some((s) => s.id === other.session_id && s.origin === 'mcp'));
    for (const id of [dev.session_id, other.session_id, shown.session_id]) {
      await callTool(server.client, 'scorm_session_close', { session_id: id });
    }
  });

  test('a manifest that does not parse is the tool error an agent can act on', async () => {
    const dir = tempDir('scorm-tester-develop-broken-');
    writeFileSync(join(dir, 'imsmanifest.xml'), '<manifest identifier="x"><organizations>');
    const error = await callToolError(server.client, 'scorm_interactive_develop', { workspace_path: dir });
    assert.equal(error.error_code, 'MANIFEST_VALIDATION_ERROR');
  });

  test('auto_validate: editing the manifest yields a new findings revision and a session event', async () => {
    const { dir, dev } = await developWatched(server, 'scorm-tester-develop-watch-');
    assert.equal(dev.live_validation, true);
    const feed = await openFeed(dev.development_url!, dev.session_id);
    try {
      const { snapshot } = await feed.next('snapshot');
      const revision = snapshot.findings!.revision;
      assert.equal(snapshot.findings!.valid, true);
      breakLaunch(dir);
      const update = await feed.next('findings', (m) => m.findings.revision > revision, 30_000);
      assert.equal(update.findings.valid, false);
      assert.ok(update.findings.findings.some((f) => f.rule === 'cp.launch_file_missing' && f.excerpt));
      const event = await until(
        async () => (await eventsOf(server, dev.session_id)).find((e) => e.type === 'inspector:validated'),
        'inspector:validated',
        20_000,
      );
      assert.equal(event.payload?.source, 'inspector');
      assert.equal(event.payload?.valid, false);
      assert.equal(event.payload?.revision, update.findings.revision);
    } finally {
      feed.close();
      await callTool(server.client, 'scorm_session_close', { session_id: dev.session_id });
    }
  });

  test('scorm_reload_course: the inspector links A → B → C and shows each new session as it showed the old', async () => {
    const { dir, dev: a } = await developWatched(server, 'scorm-tester-develop-reload-');
    const url = a.development_url!;
    const { base } = splitUrl(url);
    const feeds: Array<{ close(): void }> = [];
    const feedOf = async (id: string): Promise<Awaited<ReturnType<typeof openFeed>>> => {
      const feed = await openFeed(url, id);
      feeds.push(feed);
      return feed;
    };
    try {
      const feedA = await feedOf(a.session_id);
      await feedA.next('snapshot');
      const b = await callTool<Reloaded>(server.client, 'scorm_reload_course', { session_id: a.session_id });
      assert.equal(b.previous_session_id, a.session_id);
      // The tab on A is told through the summary updates it already gets.
      const told = await feedA.next('session', (m) => m.session.replaced_by !== undefined);
      assert.equal(told.session.replaced_by, b.session_id);
      assert.equal(told.session.state, 'closed');
      const list = JSON.parse((await rawRequest(url, `${base}api/sessions`)).body) as SessionSummary[];
      assert.equal(list.find((s) => s.id === a.session_id)?.replaced_by, b.session_id);
      const shownB = list.find((s) => s.id === b.session_id);
      assert.equal(shownB?.development_mode, 'validate_live');
      assert.equal(shownB?.origin, 'mcp');
      assert.equal(shownB?.replaced_by, undefined);

      const c = await callTool<Reloaded>(server.client, 'scorm_reload_course', { session_id: b.session_id });
      // Each link is one step; a tab opened later on an old address finds it in its snapshot.
      const lateA = (await (await feedOf(a.session_id)).next('snapshot')).snapshot;
      assert.equal(lateA.session.replaced_by, b.session_id);
      const lateB = (await (await feedOf(b.session_id)).next('snapshot')).snapshot;
      assert.equal(lateB.session.replaced_by, c.session_id);

      // C is shown as A was: same mode, running, validated, and re-validated when files change.
      const feedC = await feedOf(c.session_id);
      const { snapshot } = await feedC.next('snapshot');
      assert.equal(snapshot.session.development_mode, 'validate_live');
      assert.equal(snapshot.session.state === 'closed', false);
      assert.equal(snapshot.runtime.open, true);
      const first = snapshot.findings ?? (await feedC.next('findings')).findings;
      assert.equal(first.valid, true);
      await until(() => logged(server, 'INSPECTOR_WATCHING', c.session_id), 'C to be watched', 20_000);
      breakLaunch(dir);
      const update = await feedC.next('findings', (m) => !m.findings.valid, 30_000);
      assert.ok(update.findings.revision > first.revision);

      // A reload that cannot reopen replaces nothing: C shows as closed, with no link.
      const failed = await callToolError(server.client, 'scorm_reload_course', {
        session_id: c.session_id,
        package_path: join(dir, 'no-such-folder'),
      });
      assert.equal(failed.error_code, 'PATH_RESOLUTION_ERROR');
      const closedC = await feedC.next('session', (m) => m.session.state === 'closed');
      assert.equal(closedC.session.replaced_by, undefined);
      const after = JSON.parse((await rawRequest(url, `${base}api/sessions`)).body) as SessionSummary[];
      assert.equal(after.find((s) => s.id === c.session_id)?.replaced_by, undefined);
    } finally {
      for (const feed of feeds) feed.close();
    }
  });

  test('a course making 100,000 calls: one snapshot carries the newest 10,000 and says how many it left out', async () => {
    const dev = await callTool<Develop>(server.client, 'scorm_interactive_develop', {
      workspace_path: join(FIXTURES_DIR, 'courses/many-calls'),
    });
    try {
      await until(
        async () => {
          const status = await callTool<{ initialize_state: string }>(server.client, 'scorm_runtime_status', {
            session_id: dev.session_id,
          });
          return status.initialize_state === 'terminated' ? true : undefined;
        },
        'the course to terminate',
        60_000,
      );
      const feed = await openFeed(dev.development_url!, dev.session_id);
      const { snapshot } = await feed.next('snapshot');
      feed.close();
      assert.equal(snapshot.api_calls.length, SNAPSHOT_LIMITS.api_calls);
      assert.equal(snapshot.omitted?.api_calls, 100_000 - SNAPSHOT_LIMITS.api_calls);
      assert.equal(snapshot.api_calls.at(-1)?.method, 'Terminate');
      assert.ok((snapshot.omitted?.data_changes ?? 0) > 0);
      // The data model stays complete: every element's latest value is there.
      const elements = new Set(snapshot.data_changes.map((c) => c.element));
      assert.ok(elements.has('cmi.location'));
      assert.ok(snapshot.data_changes.length <= SNAPSHOT_LIMITS.data_changes + elements.size);
    } finally {
      await callTool(server.client, 'scorm_session_close', { session_id: dev.session_id });
    }
  });

  test('the inspector closes with the MCP server', async () => {
    const own = await startServer();
    const dev = await callTool<Develop>(own.client, 'scorm_interactive_develop', {
      workspace_path: join(FIXTURES_DIR, 'courses/missing-launch'),
    });
    const { base } = splitUrl(dev.development_url!);
    assert.equal((await rawRequest(dev.development_url!, `${base}api/sessions`)).status, 200);
    const feed = await openFeed(dev.development_url!, dev.session_id);
    await own.close();
    await until(
      async () =>
        (await rawRequest(dev.development_url!, `${base}api/sessions`).then(
          () => undefined,
          (error: NodeJS.ErrnoException) => error.code,
        )) === 'ECONNREFUSED'
          ? true
          : undefined,
      'the inspector port to close',
      20_000,
    );
    feed.close();
    assert.equal(own.stderr().includes('Inspector'), false, 'nothing about the inspector on stdio');
  });
});
