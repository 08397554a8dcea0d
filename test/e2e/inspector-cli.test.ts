/**
 * `scorm-tester inspect` over HTTP, as a browser (or a hostile page in the same browser) would reach it:
 * the token, Host and Origin checks, the files it serves, the feed and the actions.
 */
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { cpSync, mkdirSync, symlinkSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import type { ApiCallRecord } from '../../src/runtime/records.js';
import type { SessionSummary } from '../../src/inspector/protocol.js';
import { FIXTURES_DIR } from '../helpers/paths.js';
import { tempDir } from '../helpers/temp.js';
import {
  openFeed,
  postAction,
  rawRequest,
  splitUrl,
  startInspect,
  type InspectProcess,
} from '../helpers/inspector.js';

const NAV_FLOW = join(FIXTURES_DIR, 'courses/nav-flow');

describe('scorm-tester inspect: a multi-SCO course', { concurrency: false }, () => {
  let inspect: InspectProcess;
  let sessionId: string;
  let packageDir: string;

  before(async () => {
    // A copy with a link that leads out of the package: it must never be served.
    packageDir = join(tempDir('scorm-tester-inspect-pkg-'), 'course');
    cpSync(NAV_FLOW, packageDir, { recursive: true });
    const outside = join(packageDir, '..', 'secret.txt');
    writeFileSync(outside, 'outside the package');
    symlinkSync(outside, join(packageDir, 'leak.txt'));
    mkdirSync(join(packageDir, 'media'));
    writeFileSync(join(packageDir, 'media', 'logo.svg'), '<svg xmlns="http://www.w3.org/2000/svg"/>');
    inspect = await startInspect(packageDir);
    const { base } = splitUrl(inspect.url);
    const list = await rawRequest(inspect.url, `${base}api/sessions`);
    sessionId = (JSON.parse(list.body) as SessionSummary[])[0]!.id;
  });
  after(async () => {
    await inspect?.stop();
  });

  test('prints one URL line on 127.0.0.1 with a 128-bit token, and serves the UI shell there', async () => {
    const url = new URL(inspect.url);
    assert.equal(url.hostname, '127.0.0.1');
    assert.match(url.pathname, /^\/[A-Za-z0-9_-]{22}\/$/);
    assert.equal(inspect.stdout().trim().split('\n').length, 1);
    const shell = await rawRequest(inspect.url, url.pathname);
    assert.equal(shell.status, 200);
    assert.match(shell.body, /<div id="app"><\/div>/);
    assert.match(shell.body, /<script type="module" src="assets\/inspector.js"><\/script>/);
    assert.doesNotMatch(shell.body, /<script>/, 'no inline script');
    const script = await rawRequest(inspect.url, `${url.pathname}assets/inspector.js`);
    assert.equal(script.status, 200, 'npm run build bundles the UI into dist/inspector/');
    assert.match(String(script.headers['content-type']), /^text\/javascript/);
    for (const evil of [
      'assets/../../package.json',
      'assets/%2e%2e%2fpackage.json',
      'assets/.hidden.js',
      'assets/x/../inspector.js',
    ]) {
      assert.equal((await rawRequest(inspect.url, url.pathname + evil)).status, 404, evil);
    }
    const csp = String(shell.headers['content-security-policy']);
    assert.match(csp, /default-src 'self'/);
    assert.match(csp, /script-src 'self'(;|$)/);
    assert.match(csp, /frame-src 'self'/);
    assert.match(csp, /img-src 'self' data:/);
    assert.equal(shell.headers['x-content-type-options'], 'nosniff');
    assert.equal(shell.headers['referrer-policy'], 'no-referrer');
    assert.equal(shell.headers['cache-control'], 'no-store');
    assert.equal(shell.headers['x-frame-options'], 'SAMEORIGIN');
  });

  test('a wrong or missing token gets the same bare 404 as anything else that does not exist', async () => {
    const { base } = splitUrl(inspect.url);
    const token = base.slice(1, -1);
    const misses = await Promise.all(
      [
        '/',
        '/favicon.ico',
        `/${token.slice(0, -1)}x/`,
        `/${token.slice(0, -1)}/`,
        `/${token}x/api/sessions`,
        `/${token.toUpperCase()}/`,
        `/api/sessions`,
        `${base}nothing-here`,
        `${base}api/sessions/sess_unknown/feed`,
      ].map((path) => rawRequest(inspect.url, path)),
    );
    for (const miss of misses) {
      assert.equal(miss.status, 404);
      assert.equal(miss.body, misses[0]!.body);
      assert.equal(miss.headers['content-length'], misses[0]!.headers['content-length']);
      assert.equal(miss.headers['x-content-type-options'], 'nosniff');
    }
    assert.ok(misses[0]!.body.length < 16);
    assert.doesNotMatch(misses[0]!.body, /token|session|inspector/i);
  });

  test('a Host that is not a loopback name with our port is refused (DNS rebinding)', async () => {
    const { base } = splitUrl(inspect.url);
    const port = new URL(inspect.url).port;
    for (const host of [
      `evil.example:${port}`,
      `127.0.0.1:${Number(port) + 1}`,
      '127.0.0.1',
      `localhost.evil:${port}`,
    ]) {
      const r = await rawRequest(inspect.url, `${base}api/sessions`, { headers: { Host: host } });
      assert.equal(r.status, 403, host);
      assert.doesNotMatch(r.body, /sess_/);
    }
    for (const host of [`localhost:${port}`, `[::1]:${port}`, `127.0.0.1:${port}`]) {
      const r = await rawRequest(inspect.url, `${base}api/sessions`, { headers: { Host: host } });
      assert.equal(r.status, 200, host);
    }
  });

  test('a POST from another origin, or without Origin, is refused; from our own origin it runs', async () => {
    const { base, origin } = splitUrl(inspect.url);
    const path = `${base}api/sessions/${sessionId}/actions`;
    const body = JSON.stringify({ action: 'validate' });
    const json = { 'Content-Type': 'application/json' };
    for (const headers of [
      { ...json, Origin: 'http://evil.example' },
      { ...json, Origin: 'null' },
      { ...json, Origin: origin.replace('127.0.0.1', 'localhost') },
      json,
    ]) {
      const r = await rawRequest(inspect.url, path, { method: 'POST', headers, body });
      assert.equal(r.status, 403, JSON.stringify(headers));
    }
    const textPlain = await rawRequest(inspect.url, path, {
      method: 'POST',
      headers: { Origin: origin, 'Content-Type': 'text/plain' },
      body,
    });
    assert.equal(textPlain.status, 415);
    const ok = await postAction(inspect.url, sessionId, { action: 'validate' });
    assert.equal(ok.status, 200);
    const answer = JSON.parse(ok.body) as { ok: boolean; result: { revision: number; valid: boolean } };
    assert.equal(answer.ok, true);
    assert.ok(answer.result.revision >= 2);
    const huge = await rawRequest(inspect.url, path, {
      method: 'POST',
      headers: { Origin: origin, 'Content-Type': 'application/json' },
      body: JSON.stringify({ action: 'validate', pad: 'x'.repeat(2 * 1024 * 1024) }),
    });
    assert.equal(huge.status, 400);
    assert.match(huge.body, /larger than/);
    const bad = await postAction(inspect.url, sessionId, { action: 'format_disk' });
    assert.equal(bad.status, 400);
    assert.equal((JSON.parse(bad.body) as { error: { code: string } }).error.code, 'INVALID_ARGUMENT');
  });

  test('package content is served read-only as inert files; traversal, links out and absolute paths get 404', async () => {
    const { base } = splitUrl(inspect.url);
    const content = `${base}api/sessions/${sessionId}/content/`;
    const page = await rawRequest(inspect.url, `${content}sco.html`);
    assert.equal(page.status, 200);
    assert.match(
      String(page.headers['content-type']),
      /^text\/plain/,
      'HTML is never rendered with our origin',
    );
    assert.match(String(page.headers['content-security-policy']), /sandbox/);
    const svg = await rawRequest(inspect.url, `${content}media/logo.svg`);
    assert.equal(svg.status, 200);
    assert.equal(svg.headers['content-type'], 'image/svg+xml');
    assert.match(String(svg.headers['content-security-policy']), /^sandbox/);
    const notFound = await rawRequest(inspect.url, `${base}nothing`);
    for (const evil of [
      '../../../../../../etc/passwd',
      '%2e%2e/%2e%2e/%2e%2e/%2e%2e/etc/passwd',
      '..%2f..%2f..%2f..%2fetc%2fpasswd',
      '..%5c..%5c..%5cetc%5cpasswd',
      '%2fetc%2fpasswd',
      '/etc/passwd',
      'leak.txt',
      'media',
      'sco.html%00.png',
    ]) {
      const r = await rawRequest(inspect.url, content + evil);
      assert.equal(r.status, 404, evil);
      assert.equal(r.body, notFound.body, evil);
    }
  });

  test('artifacts: a screenshot taken from the inspector is listed and served; nothing else in the workspace is', async () => {
    const feed = await openFeed(inspect.url, sessionId);
    try {
      const shot = await postAction(inspect.url, sessionId, { action: 'screenshot' });
      assert.equal((JSON.parse(shot.body) as { ok: boolean }).ok, true, shot.body);
      const listed = await feed.next('artifacts', (m) => m.artifacts.some((a) => a.type === 'screenshot'));
      const artifact = listed.artifacts.find((a) => a.type === 'screenshot')!;
      const { base } = splitUrl(inspect.url);
      const png = await rawRequest(inspect.url, base + artifact.url);
      assert.equal(png.status, 200);
      assert.equal(png.headers['content-type'], 'image/png');
      const artifacts = `${base}api/sessions/${sessionId}/artifacts/`;
      for (const evil of [
        'artifacts.json',
        '../artifacts.json',
        'screenshots/../artifacts.json',
        '%2e%2e/%2e%2e/etc/passwd',
        '/etc/passwd',
      ]) {
        assert.equal((await rawRequest(inspect.url, artifacts + evil)).status, 404, evil);
      }
    } finally {
      feed.close();
    }
  });

  test('the feed starts with a snapshot, then an action shows up live in two tabs alike', async () => {
    const [one, two] = await Promise.all([
      openFeed(inspect.url, sessionId),
      openFeed(inspect.url, sessionId),
    ]);
    try {
      const first = one.messages[0];
      assert.equal(first?.kind, 'snapshot');
      const snapshot = (await one.next('snapshot')).snapshot;
      assert.equal(snapshot.session.id, sessionId);
      assert.equal(snapshot.session.origin, 'cli');
      assert.equal(snapshot.runtime.open, true);
      assert.equal(snapshot.sequencing.applicable, true);
      assert.ok(snapshot.sequencing.valid_requests.includes('continue'));
      assert.deepEqual(
        snapshot.outline.map((n) => n.id),
        ['intro', 'auto', 'lesson', 'secret', 'locked'],
      );
      assert.ok(snapshot.api_calls.length > 0, 'the calls made before the tab opened are caught up');
      assert.ok(snapshot.findings && snapshot.findings.findings.some((f) => f.excerpt !== null));
      const before = snapshot.api_calls.length;
      const lastIndex = snapshot.api_calls[before - 1]!.index;

      const nav = await postAction(inspect.url, sessionId, { action: 'nav', request: 'continue' });
      const result = JSON.parse(nav.body) as { ok: boolean; result: { outcome: string } };
      assert.equal(result.ok, true, nav.body);
      const newCalls = (m: { calls: ApiCallRecord[] }): boolean => m.calls.some((c) => c.index > lastIndex);
      const [a, b] = await Promise.all([one.next('api_calls', newCalls), two.next('api_calls', newCalls)]);
      assert.deepEqual(
        a.calls
          .filter((c) => c.index > lastIndex)
          .map((c) => c.index)
          .slice(0, 3),
        b.calls
          .filter((c) => c.index > lastIndex)
          .map((c) => c.index)
          .slice(0, 3),
      );
      await one.next('sequencing', (m) => m.sequencing.current_activity !== 'intro');
      const event = await two.next('events', (m) => m.events.some((e) => e.type === 'inspector:action'));
      const action = event.events.find((e) => e.type === 'inspector:action')!;
      assert.equal(action.payload?.source, 'inspector');
      assert.equal(action.payload?.action, 'nav');
    } finally {
      one.close();
      two.close();
    }
  });

  test('the player view: the SCO is mirrored into the feed, and a click on it is forwarded', async () => {
    const feed = await openFeed(inspect.url, sessionId);
    try {
      const { snapshot } = await feed.next('snapshot');
      // The earlier test's continue delivered "auto", which moves on to "lesson" by itself: wait for that
      // SCO's page (the view between two SCOs is a blank page, and elements of a page gone are stale).
      const heading = /<h1[^>]*\bdata-st-n="(\d+)"[^>]*>Lesson<\/h1>/;
      const frame =
        snapshot.mirror && heading.test(snapshot.mirror.html)
          ? snapshot.mirror
          : (await feed.next('mirror', (m) => heading.test(m.mirror.html))).mirror;
      const { base } = splitUrl(inspect.url);
      assert.ok(frame.base_url.startsWith(`${base}api/sessions/${sessionId}/content/`), frame.base_url);
      assert.doesNotMatch(frame.html, /<script/i);
      const node = Number(heading.exec(frame.html)?.[1]);
      const click = await postAction(inspect.url, sessionId, {
        action: 'mirror_click',
        target: { doc: frame.doc, node },
      });
      assert.equal((JSON.parse(click.body) as { ok: boolean }).ok, true, click.body);
      const stale = await postAction(inspect.url, sessionId, {
        action: 'mirror_click',
        target: { doc: 'not-this-page', node },
      });
      assert.equal((JSON.parse(stale.body) as { error: { code: string } }).error.code, 'DOM_STALE_REF');
    } finally {
      feed.close();
    }
  });

  test('the runtime closed and opened again from the inspector: the feed follows the new one', async () => {
    const feed = await openFeed(inspect.url, sessionId);
    try {
      await feed.next('snapshot');
      const closed = await postAction(inspect.url, sessionId, { action: 'close_runtime' });
      assert.equal((JSON.parse(closed.body) as { ok: boolean }).ok, true, closed.body);
      await feed.next('runtime', (m) => !m.runtime.open);
      await feed.next('sequencing', (m) => !m.sequencing.applicable);
      const opened = await postAction(inspect.url, sessionId, { action: 'open_runtime' });
      const answer = JSON.parse(opened.body) as { ok: boolean; result: { sequencing?: { how: string } } };
      assert.equal(answer.ok, true, opened.body);
      assert.ok(answer.result.sequencing, 'a multi-SCO course starts through sequencing');
      await feed.next('runtime', (m) => m.runtime.open);
      // The new runtime's calls count from 0 again; they reach the feed as its own did.
      await feed.next('api_calls', (m) => m.calls.some((c) => c.index === 0 && c.method === 'Initialize'));
      await feed.next('sequencing', (m) => m.sequencing.applicable);
    } finally {
      feed.close();
    }
  });

  test('SIGTERM closes the session and exits 0', async () => {
    const code = await inspect.stop();
    assert.equal(code, 0, inspect.stderr());
    assert.match(inspect.stderr(), /SIGTERM: closing the session/);
  });
});

describe('scorm-tester inspect: packages that fail validation still open', { concurrency: 2 }, () => {
  test('a missing launch file: the findings are shown and the runtime is disabled with the reason', async () => {
    const inspect = await startInspect(join(FIXTURES_DIR, 'courses/missing-launch'));
    try {
      const { base } = splitUrl(inspect.url);
      const [summary] = JSON.parse(
        (await rawRequest(inspect.url, `${base}api/sessions`)).body,
      ) as SessionSummary[];
      const feed = await openFeed(inspect.url, summary!.id);
      const { snapshot } = await feed.next('snapshot');
      feed.close();
      assert.equal(snapshot.findings?.valid, false);
      assert.ok(snapshot.findings?.findings.some((f) => f.rule === 'cp.launch_file_missing'));
      assert.equal(snapshot.runtime.open, false);
      assert.match(snapshot.runtime.disabled_reason ?? '', /Validation failed .*cp\.launch_file_missing/);
      assert.match(inspect.stderr(), /Course not running/);
    } finally {
      await inspect.stop();
    }
  });

  test('a manifest that does not parse: findings, no session to run, the reason says why', async () => {
    const dir = tempDir('scorm-tester-inspect-broken-');
    writeFileSync(join(dir, 'imsmanifest.xml'), '<manifest identifier="x"><organizations>');
    const inspect = await startInspect(dir, '--mode', 'validate_live');
    try {
      const { base } = splitUrl(inspect.url);
      const [summary] = JSON.parse(
        (await rawRequest(inspect.url, `${base}api/sessions`)).body,
      ) as SessionSummary[];
      assert.equal(summary!.development_mode, 'validate_live');
      const feed = await openFeed(inspect.url, summary!.id);
      const { snapshot } = await feed.next('snapshot');
      feed.close();
      assert.equal(snapshot.findings?.valid, false);
      assert.ok(snapshot.findings?.findings.some((f) => f.rule.startsWith('xml.')));
      assert.equal(snapshot.runtime.open, false);
      assert.match(snapshot.runtime.disabled_reason ?? '', /cannot be opened \(MANIFEST_VALIDATION_ERROR\)/);
      const open = JSON.parse(
        (await postAction(inspect.url, summary!.id, { action: 'open_runtime' })).body,
      ) as {
        ok: boolean;
        error: { code: string };
      };
      assert.equal(open.ok, false);
      assert.equal(open.error.code, 'SESSION_NOT_FOUND');
    } finally {
      await inspect.stop();
    }
  });

  test('bad flags exit 2 naming the flag', async () => {
    const { cli } = await import('../helpers/cli.js');
    const port = await cli('inspect', NAV_FLOW, '--port', 'x');
    assert.equal(port.status, 2);
    assert.match(port.stderr, /--port must be a whole number/);
    const mode = await cli('inspect', NAV_FLOW, '--mode', 'party');
    assert.equal(mode.status, 2);
    assert.match(mode.stderr, /--mode must be one of/);
    const taken = createServer();
    await new Promise<void>((resolve) => taken.listen(0, '127.0.0.1', resolve));
    const busy = await cli('inspect', NAV_FLOW, '--port', String((taken.address() as AddressInfo).port));
    taken.close();
    assert.equal(busy.status, 2);
    assert.match(busy.stderr, /INSPECTOR_START_FAILED: Port \d+ on 127\.0\.0\.1 is already in use/);
    const missing = await cli('inspect', join(FIXTURES_DIR, 'courses/does-not-exist'));
    assert.equal(missing.status, 2);
    assert.match(missing.stderr, /PATH_RESOLUTION_ERROR|not found|does not exist/i);
  });
});
