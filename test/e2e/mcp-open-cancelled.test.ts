/**
 * An open cancelled while the SCO loads keeps what the course already set through the API (issue 19:
 * learner data a course set is never lost): it is saved as a close would save it, and the next open
 * resumes it.
 */
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { readdirSync, readFileSync } from 'node:fs';
import { createServer, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { callTool, startServer, type StartedServer } from '../helpers/mcp-client.js';
import { singleScoPackage } from '../helpers/single-sco.js';
import { until } from '../helpers/until.js';

let server: StartedServer;
before(async () => {
  server = await startServer();
});
after(async () => {
  await server.close();
});

/** The saved-state files of the server, as text. */
function savedStates(): string[] {
  const dir = join(server.dataDir, 'scorm-sessions');
  let names: string[];
  try {
    names = readdirSync(dir).filter((n) => n.endsWith('.json'));
  } catch {
    return [];
  }
  return names.map((n) => readFileSync(join(dir, n), 'utf8'));
}

test('scorm_runtime_open cancelled while the SCO loads: what it set is saved, and the next open resumes it', async () => {
  // A local service that holds the SCO's image request: the SCO's document never finishes loading.
  const held: ServerResponse[] = [];
  let holding = true;
  const slow = createServer((_req, res) => {
    if (holding) held.push(res);
    else res.end();
  });
  await new Promise<void>((resolve) => slow.listen(0, '127.0.0.1', resolve));
  const port = (slow.address() as AddressInfo).port;
  try {
    const pkg = singleScoPackage({
      version: '2004',
      script:
        "api.Initialize('');if(api.GetValue('cmi.entry')!=='resume'){api.SetValue('cmi.location','page-7');" +
        "api.SetValue('cmi.suspend_data','kept-before-cancel');api.Commit('');}" +
        `var img=new Image();img.src='http://127.0.0.1:${port}/hold.png';document.body.appendChild(img);`,
    });
    const { session_id } = await callTool<{ session_id: string }>(server.client, 'scorm_session_open', {
      package_path: pkg,
      execution: { allow_loopback: true },
    });
    const controller = new AbortController();
    const opening = server.client
      .callTool({ name: 'scorm_runtime_open', arguments: { session_id } }, undefined, {
        signal: controller.signal,
        timeout: 120_000,
      })
      .then(
        () => null,
        (error: unknown) => error,
      );
    await until(async () => (held.length > 0 ? true : undefined), 'the SCO to request its image');
    controller.abort('the test cancels the open');
    assert.ok(await opening, 'the cancelled open must not resolve');

    const saved = await until(
      async () => savedStates().find((text) => text.includes('kept-before-cancel')),
      'the state the course set before the cancel to be saved',
    );
    const activity = (JSON.parse(saved) as { activities: Array<{ data: Record<string, string> }> })
      .activities[0]!;
    assert.equal(activity.data['cmi.location'], 'page-7');
    assert.equal(
      activity.data['cmi.exit'],
      'suspend',
      'the attempt left its exit empty: a close suspends it',
    );

    holding = false;
    for (const res of held.splice(0)) res.end();
    const reopened = await callTool<{ entry: string; fresh_start_reason?: string }>(
      server.client,
      'scorm_runtime_open',
      { session_id },
    );
    assert.equal(reopened.entry, 'resume', reopened.fresh_start_reason ?? '');
    const data = await callTool<{ result: string }>(server.client, 'scorm_api_call', {
      session_id,
      method: 'GetValue',
      args: ['cmi.suspend_data'],
    });
    assert.equal(data.result, 'kept-before-cancel');
    await callTool(server.client, 'scorm_close_course', { session_id });
  } finally {
    for (const res of held) res.end();
    await new Promise<void>((resolve) => slow.close(() => resolve()));
  }
});
