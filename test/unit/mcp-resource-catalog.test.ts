/**
 * The resource catalog with real sessions (no browser): what a call lists becomes its links (each once),
 * pages follow the order resources were listed, list changes are coalesced, and a discarded session's
 * resources are gone.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { Logger } from '../../src/core/logger.js';
import { BrowserConsoleLog } from '../../src/app/browser-console.js';
import { mergedLogs } from '../../src/mcp/logging/merged-logs.js';
import { LIST_CHANGED_DELAY_MS, PAGE_SIZE, ResourceCatalog } from '../../src/mcp/resources/catalog.js';
import { SavedStateStore } from '../../src/session/saved-state.js';
import { SessionManager } from '../../src/session/session-manager.js';
import { scorm12SingleSco } from '../helpers/scorm12-course.js';
import { tempDir } from '../helpers/temp.js';
import { until } from '../helpers/until.js';

function setup(): {
  catalog: ResourceCatalog;
  sessions: SessionManager;
  logger: Logger;
  console: BrowserConsoleLog;
} {
  const logger = new Logger({ dir: tempDir('catalog-logs-') });
  const console = new BrowserConsoleLog(5);
  const catalog = new ResourceCatalog(logger, console);
  const sessions = new SessionManager(logger, {
    store: new SavedStateStore(tempDir('catalog-state-')),
    sessionsRoot: tempDir('catalog-sessions-'),
    observer: { ...catalog.observer, console: (s, e) => console.add(s.id, e) },
  });
  return { catalog, sessions, logger, console };
}

const pkg = (): string => scorm12SingleSco();

test("a call's links: what it listed, each once, artifacts.json included", async () => {
  const { catalog, sessions } = setup();
  const { value: session, links } = await catalog.collect(() => sessions.open({ packagePath: pkg() }));
  assert.deepEqual(
    links.map((l) => l.uri),
    [`scorm-tester://session/${session.id}/artifacts.json`],
  );
  const made = await catalog.collect(async () => {
    await session.artifacts.add('screenshot', 'a b/c', 'png', Buffer.from('png'));
    await session.artifacts.add('report', 'r', 'html', '<html></html>');
  });
  assert.deepEqual(
    made.links.map((l) => [l.uri, l.mimeType]),
    [
      [`scorm-tester://session/${session.id}/artifact/screenshots/001-a_b_c.png`, 'image/png'],
      [`scorm-tester://session/${session.id}/artifacts.json`, 'application/json'],
      [`scorm-tester://session/${session.id}/artifact/reports/002-r.html`, 'text/html'],
    ],
  );
  // Outside collect, nothing is linked, and concurrent calls keep their own links.
  const [one, two] = await Promise.all([
    catalog.collect(() => session.artifacts.add('screenshot', 'one', 'png', Buffer.from('1'))),
    catalog.collect(() => session.artifacts.add('screenshot', 'two', 'png', Buffer.from('2'))),
  ]);
  assert.ok(one.links[0]!.uri.endsWith('-one.png') && !one.links.some((l) => l.uri.endsWith('-two.png')));
  assert.ok(two.links[0]!.uri.endsWith('-two.png') && !two.links.some((l) => l.uri.endsWith('-one.png')));
  const read = await catalog.read(one.links[0]!.uri);
  assert.deepEqual(read, {
    uri: one.links[0]!.uri,
    mimeType: 'image/png',
    blob: Buffer.from('1').toString('base64'),
  });
  await sessions.closeAll();
});

test('pages of PAGE_SIZE in listing order; coalesced list changes; a discarded session is gone', async () => {
  const { catalog, sessions } = setup();
  let changes = 0;
  catalog.onListChanged(() => (changes += 1));
  const session = await sessions.open({ packagePath: pkg() });
  const started = Date.now();
  for (let i = 0; i < PAGE_SIZE + 20; i++)
    await session.artifacts.add('screenshot', `s${i}`, 'png', Buffer.from([i]));
  await until(async () => (changes >= 1 ? true : undefined), 'a list change');
  // One notification per LIST_CHANGED_DELAY_MS at most, not one per artifact (however slow the writes).
  const most = Math.ceil((Date.now() - started) / LIST_CHANGED_DELAY_MS) + 1;
  assert.ok(changes <= most && changes < PAGE_SIZE + 20, `changes coalesced: ${changes} (at most ${most})`);

  const first = await catalog.list();
  assert.equal(first.resources.length, PAGE_SIZE);
  assert.ok(first.nextCursor);
  const second = await catalog.list(first.nextCursor);
  assert.equal(second.nextCursor, undefined);
  const all = [...first.resources, ...second.resources];
  // 3 logs, then the session's artifacts in order; artifacts.json moves to the end each time it is rewritten.
  assert.equal(all.length, 3 + PAGE_SIZE + 20 + 1);
  assert.equal(new Set(all.map((r) => r.uri)).size, all.length);
  assert.ok(all[3]!.uri.endsWith('/001-s0.png'));
  assert.ok(all.at(-1)!.uri.endsWith('/artifacts.json'));
  assert.equal(all[3]!.size, 1);

  const before = changes;
  await sessions.discard(session.id);
  await until(async () => (changes > before ? true : undefined), 'a list change after the discard');
  assert.equal((await catalog.list()).resources.length, 3);
  await assert.rejects(catalog.read(all[3]!.uri), { code: 'RESOURCE_NOT_FOUND' });
});

test('system_get_logs merges server entries and browser console in time order, newest kept', () => {
  const { logger, console } = setup();
  const at = Date.now();
  const entry = (text: string, ts: number, origin: 'sco' | 'player' = 'sco') =>
    ({
      type: 'log',
      text,
      source: 'console',
      url: null,
      line: null,
      column: null,
      origin,
      timestamp: ts,
    }) as const;
  console.add('sess_a', entry('old', at - 1000));
  logger.info('SERVER_ONE', { session_id: 'sess_a' });
  for (let i = 0; i < 6; i++) console.add('sess_b', entry(`b${i}`, at + 1000 + i, 'player'));
  assert.equal(console.dropped, 2, 'a ring of 5 keeps the newest');
  const merged = mergedLogs(logger, console, 100, {});
  assert.deepEqual(
    merged.map((e) => e.text ?? e.msg),
    ['SERVER_ONE', 'b1', 'b2', 'b3', 'b4', 'b5'],
  );
  assert.deepEqual(
    mergedLogs(logger, console, 2, {}).map((e) => e.text),
    ['b4', 'b5'],
  );
  assert.deepEqual(
    mergedLogs(logger, console, 100, { sessionId: 'sess_a' }).map((e) => [e.msg, e.source]),
    [['SERVER_ONE', 'server']],
  );
  assert.deepEqual(mergedLogs(logger, console, 100, { sources: ['browser:sco'] }), []);
});
