/**
 * MCP resources end to end (issue 11): what a tool writes comes back as resource_link blocks, is listed
 * by resources/list and read back by resources/read byte for byte; list_changed fires; closed sessions'
 * artifacts stay readable; and no URI outside the list (crafted paths, another server's session, other
 * schemes, a file swapped for a symbolic link) reads anything. Real server over stdio, real Chromium.
 */
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { ANSWER_BUDGET_BYTES } from '../../src/output/answer-budget.js';
import { mkdirSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { execFileSync } from 'node:child_process';
import { ResourceListChangedNotificationSchema } from '@modelcontextprotocol/sdk/types.js';
import { callTool, startServer, type StartedServer } from '../helpers/mcp-client.js';
import { FIXTURES_DIR } from '../helpers/paths.js';
import { scorm12SingleSco } from '../helpers/scorm12-course.js';
import { tempDir } from '../helpers/temp.js';
import { readAllPages, readWholeText } from '../helpers/resource-pages.js';

interface Link {
  type: 'resource_link';
  uri: string;
  name: string;
  mimeType?: string;
  description?: string;
}
interface Listed {
  uri: string;
  name: string;
  mimeType?: string;
  size?: number;
}

const course = (): string => scorm12SingleSco();

let server: StartedServer;
let sessionsDir: string;
let listChanged = 0;

before(async () => {
  sessionsDir = tempDir('scorm-tester-sessions-');
  server = await startServer({ SCORM_TESTER_SESSIONS_DIR: sessionsDir });
  server.client.setNotificationHandler(ResourceListChangedNotificationSchema, () => {
    listChanged += 1;
  });
});
after(async () => {
  await server.close();
});

async function call(
  name: string,
  args: Record<string, unknown>,
): Promise<{ data: Record<string, unknown>; links: Link[] }> {
  const result = await server.client.callTool({ name, arguments: args });
  const content = result.content as Array<{ type: string }>;
  return {
    data: result.structuredContent as Record<string, unknown>,
    links: content.filter((c): c is Link => c.type === 'resource_link'),
  };
}

async function listAll(): Promise<Listed[]> {
  const all: Listed[] = [];
  let cursor: string | undefined;
  do {
    const page = await server.client.listResources(cursor === undefined ? {} : { cursor });
    all.push(...(page.resources as Listed[]));
    cursor = page.nextCursor;
  } while (cursor !== undefined);
  return all;
}

async function readError(uri: string): Promise<{ code: number; error_code: unknown; message: string }> {
  try {
    const result = await server.client.readResource({ uri });
    assert.fail(`read of ${uri} should fail, got ${JSON.stringify(result).slice(0, 200)}`);
  } catch (error) {
    const e = error as { code: number; message: string; data?: { error_code?: unknown } };
    return { code: e.code, error_code: e.data?.error_code, message: e.message };
  }
}

async function waitFor(check: () => boolean, what: string, ms = 5000): Promise<void> {
  const end = Date.now() + ms;
  while (!check()) {
    if (Date.now() > end) assert.fail(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 20));
  }
}

test('the capability, the log resources and the templates are there from the start', async () => {
  assert.deepEqual(server.client.getServerCapabilities()?.resources, { listChanged: true });
  const uris = (await listAll()).map((r) => r.uri);
  for (const uri of [
    'scorm-tester://logs/server',
    'scorm-tester://logs/server-errors',
    'scorm-tester://logs/browser',
  ])
    assert.ok(uris.includes(uri), uri);
  const { resourceTemplates } = await server.client.listResourceTemplates();
  assert.deepEqual(
    resourceTemplates.map((t) => t.uriTemplate),
    [
      'scorm-tester://session/{session_id}/artifacts.json',
      'scorm-tester://session/{session_id}/artifact/{+path}',
      'scorm-tester://report/{+path}',
      'scorm-tester://answer/{n}',
    ],
  );
  const log = await server.client.readResource({ uri: 'scorm-tester://logs/server' });
  const text = (log.contents[0] as { text: string }).text;
  assert.equal(log.contents[0]!.mimeType, 'application/x-ndjson');
  assert.match(text, /"msg":"MCP_REQUEST","id":0,"method":"initialize"/);
  await new Promise((r) => setTimeout(r, 300));
  assert.equal(listChanged, 0, 'nothing changed yet, so nothing was announced');
});

test('a screenshot and reports: resource links, listed, read back identical, list_changed, readable after close', async () => {
  const opened = await call('scorm_session_open', { package_path: course() });
  const sessionId = opened.data.session_id as string;
  const manifestUri = `scorm-tester://session/${sessionId}/artifacts.json`;
  assert.deepEqual(
    opened.links.map((l) => [l.uri, l.mimeType]),
    [[manifestUri, 'application/json']],
  );
  await callTool(server.client, 'scorm_runtime_open', { session_id: sessionId });

  const before = listChanged;
  const shot = await call('scorm_take_screenshot', { session_id: sessionId });
  const pngLinks = shot.links.filter((l) => l.mimeType === 'image/png');
  assert.equal(pngLinks.length, 1);
  const png = pngLinks[0]!;
  assert.equal(png.uri, `scorm-tester://session/${sessionId}/artifact/${shot.data.artifact as string}`);
  assert.equal(png.name, shot.data.artifact);
  assert.ok(
    shot.links.some((l) => l.uri === manifestUri),
    'artifacts.json, rewritten, is linked too',
  );
  await waitFor(() => listChanged > before, 'notifications/resources/list_changed');

  const read = await server.client.readResource({ uri: png.uri });
  assert.equal(read.contents.length, 1);
  const content = read.contents[0] as { uri: string; mimeType: string; blob: string };
  assert.equal(content.uri, png.uri);
  assert.equal(content.mimeType, 'image/png');
  const file = readFileSync(shot.data.artifact_path as string);
  assert.ok(Buffer.from(content.blob, 'base64').equals(file), 'the blob is the file, byte for byte');

  const listed = await listAll();
  const listedPng = listed.find((r) => r.uri === png.uri);
  assert.equal(listedPng?.mimeType, 'image/png');
  assert.equal(listedPng?.size, file.length);
  assert.ok(listed.some((r) => r.uri === manifestUri));
  const manifest = await server.client.readResource({ uri: manifestUri });
  const artifacts = JSON.parse((manifest.contents[0] as { text: string }).text) as {
    session_id: string;
    artifacts: Array<{ path: string }>;
  };
  assert.equal(artifacts.session_id, sessionId);
  assert.ok(artifacts.artifacts.some((a) => a.path === shot.data.artifact));

  // An HTML report in the session, and one outside any session.
  const report = await call('scorm_report', { workspace_path: course(), session_id: sessionId });
  const html = report.links.find((l) => l.mimeType === 'text/html');
  assert.ok(html, 'the report is linked');
  // A report larger than a page is read in pages; joined, they are the file.
  const htmlPages = await readAllPages(server.client, html.uri);
  assert.ok(htmlPages.length > 1, `${htmlPages.length} pages`);
  for (const page of htmlPages)
    assert.ok(page.answerBytes <= ANSWER_BUDGET_BYTES, `${page.answerBytes} bytes`);
  assert.equal(
    htmlPages.map((p) => p.text).join(''),
    readFileSync(report.data.report_path as string, 'utf8'),
  );
  const loose = await call('scorm_validate_compliance', { workspace_path: course() });
  const looseLink = loose.links.find((l) => l.mimeType === 'text/html');
  assert.ok(looseLink, JSON.stringify(loose.links));
  assert.ok(looseLink.uri.startsWith('scorm-tester://report/'), looseLink.uri);
  assert.equal(
    await readWholeText(server.client, looseLink.uri),
    readFileSync(loose.data.validation_report as string, 'utf8'),
  );

  // Closing links artifacts.json once more; what the session made stays readable.
  const closed = await call('scorm_session_close', { session_id: sessionId });
  assert.deepEqual(
    closed.links.map((l) => l.uri),
    [manifestUri],
  );
  const again = await server.client.readResource({ uri: png.uri });
  assert.ok(Buffer.from((again.contents[0] as { blob: string }).blob, 'base64').equals(file));
});

test('resources/read refuses every URI it did not list, and reads nothing', async () => {
  const sessionId = (await call('scorm_session_open', { package_path: course() })).data.session_id as string;
  await callTool(server.client, 'scorm_runtime_open', { session_id: sessionId });
  const shot = await call('scorm_take_screenshot', { session_id: sessionId });
  const png = shot.links.find((l) => l.mimeType === 'image/png')!;

  // A workspace on disk that this server never opened (another server's, or planted).
  mkdirSync(join(sessionsDir, 'sess_planted', 'screenshots'), { recursive: true });
  writeFileSync(join(sessionsDir, 'sess_planted', 'screenshots', '001-x.png'), 'PLANTED-CONTENT');
  const crafted = [
    `scorm-tester://session/${sessionId}/artifact/../../../../../../etc/passwd`,
    `scorm-tester://session/${sessionId}/artifact/%2e%2e/%2e%2e/%2e%2e/etc/passwd`,
    `scorm-tester://session/${sessionId}/artifact/screenshots/../../../etc/passwd`,
    `scorm-tester://session/${sessionId}/artifact//etc/passwd`,
    `scorm-tester://session/${sessionId}/artifact/${(shot.data.artifact as string).toUpperCase()}`,
    `scorm-tester://session/sess_planted/artifact/screenshots/001-x.png`,
    `scorm-tester://session/sess_planted/artifacts.json`,
    'scorm-tester://logs/server/../../../../etc/passwd',
    'scorm-tester://logs/../../etc/passwd',
    'scorm-tester://report/../../../etc/passwd',
    'file:///etc/passwd',
    '/etc/passwd',
    `${png.uri}?x=1`,
    `${png.uri}#frag`,
    '',
  ];
  for (const uri of crafted) {
    const e = await readError(uri);
    assert.equal(e.code, -32002, `${uri}: ${e.message}`);
    assert.equal(e.error_code, 'RESOURCE_NOT_FOUND', uri);
    assert.match(e.message, /only the URIs resources\/list returns can be read/, uri);
    assert.doesNotMatch(e.message, /root:|PLANTED-CONTENT/, uri);
  }

  // The listed file swapped for a symbolic link: refused, nothing sent.
  const file = shot.data.artifact_path as string;
  rmSync(file);
  symlinkSync('/etc/passwd', file);
  const swapped = await readError(png.uri);
  assert.equal(swapped.error_code, 'RESOURCE_READ_FAILED');
  assert.match(swapped.message, /symbolic link/);
  assert.doesNotMatch(swapped.message, /root:/);
  // Deleted: said so.
  rmSync(file);
  const gone = await readError(png.uri);
  assert.equal(gone.error_code, 'RESOURCE_NOT_FOUND');
  assert.match(gone.message, /deleted/);

  // Bad parameters get -32602.
  for (const request of [{ cursor: 'not-a-cursor' }, { cursor: '-1' }]) {
    try {
      await server.client.listResources(request);
      assert.fail('a bad cursor should fail');
    } catch (error) {
      assert.equal((error as { code: number }).code, -32602);
    }
  }
  await callTool(server.client, 'scorm_session_close', { session_id: sessionId });
});

test(
  'artifacts swapped for FIFOs are refused at once, and the server keeps reading other files',
  { timeout: 120_000 },
  async () => {
    const sessionId = (await call('scorm_session_open', { package_path: course() })).data
      .session_id as string;
    await callTool(server.client, 'scorm_runtime_open', { session_id: sessionId });
    const shots = [];
    for (let i = 0; i < 5; i++) shots.push(await call('scorm_take_screenshot', { session_id: sessionId }));
    const uris = shots.map((s) => s.links.find((l) => l.mimeType === 'image/png')!.uri);
    // Four (libuv's file-system threads) plus one: a blocking open of each would stall all file I/O.
    for (const shot of shots.slice(0, 4)) {
      const file = shot.data.artifact_path as string;
      rmSync(file);
      execFileSync('mkfifo', [file]);
    }
    const answers = await Promise.all(uris.slice(0, 4).map((uri) => readError(uri)));
    for (const answer of answers) {
      assert.equal(answer.error_code, 'RESOURCE_READ_FAILED');
      assert.match(answer.message, /no longer a regular file/);
    }
    const still = await server.client.readResource({ uri: uris[4]! });
    const contents = still.contents[0] as { blob: string };
    assert.equal(
      Buffer.from(contents.blob, 'base64').compare(readFileSync(shots[4]!.data.artifact_path as string)),
      0,
      'an ordinary artifact is read as before',
    );
    await callTool(server.client, 'scorm_session_close', { session_id: sessionId });
  },
);

test("a throwaway navigation flow links each step's screenshot, readable after its session closed", async () => {
  const flow = await call('scorm_test_navigation_flow', {
    workspace_path: join(FIXTURES_DIR, 'courses/nav-flow'),
    navigation_sequence: ['continue'],
  });
  const paths = flow.data.artifacts as string[];
  assert.ok(paths.length >= 2, JSON.stringify(flow.data.artifacts));
  const pngs = flow.links.filter((l) => l.mimeType === 'image/png');
  assert.equal(pngs.length, paths.length);
  assert.ok(flow.links.some((l) => l.uri.endsWith('/artifacts.json')));
  for (const [i, link] of pngs.entries()) {
    const read = await server.client.readResource({ uri: link.uri });
    const blob = (read.contents[0] as { blob: string }).blob;
    assert.ok(Buffer.from(blob, 'base64').equals(readFileSync(paths[i]!)), link.uri);
  }
});
