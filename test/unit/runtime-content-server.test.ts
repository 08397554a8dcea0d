import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdirSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { request } from 'node:http';
import { join } from 'node:path';
import { ScormTesterError } from '../../src/core/errors.js';
import {
  ContentServer,
  encodeRelative,
  safeRelative,
  type Mount,
  type ServedRequest,
  moduleToClassicScript,
} from '../../src/runtime/content-server.js';
import { checkLaunchFile } from '../../src/runtime/launch-check.js';
import { tempDir } from '../helpers/temp.js';

let dir: string;
let outside: string;
let server: ContentServer;
let mount: Mount;
const served: ServedRequest[] = [];

before(async () => {
  dir = tempDir('st-content-');
  outside = tempDir('st-outside-');
  mkdirSync(join(dir, 'sub dir'));
  writeFileSync(join(dir, 'index.html'), '<p>hi</p>');
  writeFileSync(join(dir, 'sub dir', 'a b.js'), 'var x = 1;');
  writeFileSync(join(dir, 'video.mp4'), Buffer.alloc(1000, 7));
  writeFileSync(join(outside, 'secret.txt'), 'secret');
  symlinkSync(join(outside, 'secret.txt'), join(dir, 'link.txt'));
  server = await ContentServer.start();
  mount = await server.mount(dir, '<html>player</html>');
  mount.onRequest((r) => served.push(r));
});

after(async () => {
  await server.close();
  rmSync(dir, { recursive: true, force: true });
  rmSync(outside, { recursive: true, force: true });
});

function get(url: string, headers: Record<string, string> = {}, method = 'GET') {
  return new Promise<{
    status: number;
    type: string | undefined;
    body: Buffer;
    headers: Record<string, unknown>;
  }>((resolve, reject) => {
    // Raw path: WHATWG URL parsing would already resolve "%2e%2e" segments.
    const u = new URL(url);
    const path = url.slice(u.origin.length);
    const req = request({ host: u.hostname, port: u.port, path, method, headers }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () =>
        resolve({
          status: res.statusCode ?? 0,
          type: res.headers['content-type'],
          body: Buffer.concat(chunks),
          headers: res.headers,
        }),
      );
    });
    req.on('error', reject);
    req.end();
  });
}

test('serves package files under the token with the right content type', async () => {
  assert.match(mount.baseUrl, /^http:\/\/127\.0\.0\.1:\d+\/[A-Za-z0-9_-]{24}\/$/);
  const html = await get(mount.contentUrl('index.html'));
  assert.equal(html.status, 200);
  assert.equal(html.type, 'text/html');
  assert.equal(html.body.toString(), '<p>hi</p>');
  assert.equal(html.headers['cache-control'], 'no-store');
  const js = await get(mount.contentUrl('sub dir/a b.js'));
  assert.equal(js.status, 200);
  assert.equal(js.type, 'text/javascript');
  // Hrefs written percent-encoded in the manifest work too, and a query/fragment is kept.
  assert.equal(mount.contentUrl('sub%20dir/a%20b.js?x=1#f').endsWith('/c/sub%20dir/a%20b.js?x=1#f'), true);
});

test('player assets share the origin and token; the engine bundle is served', async () => {
  const player = await get(mount.playerUrl);
  assert.equal(player.body.toString(), '<html>player</html>');
  const engine = await get(`${mount.baseUrl}p/scorm2004.js`);
  assert.equal(engine.status, 200);
  assert.ok(engine.body.length > 100_000);
  assert.ok(engine.body.toString('utf8').trimEnd().endsWith('window.Scorm2004API=Scorm2004API;\n})();'));
});

test('missing files, traversal, symlinks out of the package and directories are 404/400', async () => {
  served.length = 0;
  assert.equal((await get(mount.contentUrl('nope.html'))).status, 404);
  assert.equal((await get(`${mount.baseUrl}c/%2e%2e/%2e%2e/etc/passwd`)).status, 400);
  assert.equal((await get(`${mount.baseUrl}c/sub%2fdir`)).status, 400);
  assert.equal((await get(mount.contentUrl('link.txt'))).status, 404);
  assert.equal((await get(mount.contentUrl('sub dir'))).status, 404);
  assert.deepEqual(
    served.map((r) => [r.path, r.status]),
    [
      ['nope.html', 404],
      ['%2e%2e/%2e%2e/etc/passwd', 400],
      ['sub%2fdir', 400],
      ['link.txt', 404],
      ['sub dir', 404],
    ],
  );
});

test('unknown tokens reveal nothing; unmount stops serving', async () => {
  assert.equal((await get(`${server.origin}/not-a-token/c/index.html`)).status, 404);
  const other = await server.mount(dir);
  assert.equal((await get(other.contentUrl('index.html'))).status, 200);
  other.unmount();
  assert.equal((await get(other.contentUrl('index.html'))).status, 404);
});

test('read-only: POST is refused; HEAD and byte ranges work', async () => {
  assert.equal((await get(mount.contentUrl('index.html'), {}, 'POST')).status, 405);
  const head = await get(mount.contentUrl('index.html'), {}, 'HEAD');
  assert.equal(head.status, 200);
  assert.equal(head.body.length, 0);
  const part = await get(mount.contentUrl('video.mp4'), { Range: 'bytes=10-19' });
  assert.equal(part.status, 206);
  assert.equal(part.body.length, 10);
  assert.equal(part.headers['content-range'], 'bytes 10-19/1000');
  assert.equal((await get(mount.contentUrl('video.mp4'), { Range: 'bytes=5000-' })).status, 416);
});

test('path helpers', () => {
  assert.equal(safeRelative('a/./b//c.html'), 'a/b/c.html');
  assert.equal(safeRelative('a/../b'), null);
  assert.equal(safeRelative('a%5Cb'), null);
  assert.equal(encodeRelative('my page.html?q=a b#x'), 'my%20page.html?q=a b#x');
  assert.equal(encodeRelative('already%20encoded.html'), 'already%20encoded.html');
});

test('launch check: missing file, outside the package, absolute URL', async () => {
  assert.equal(await checkLaunchFile(dir, 'sub%20dir/a%20b.js?x=1#top', 's'), 'sub dir/a b.js');
  const codeOf = async (p: string) => {
    try {
      await checkLaunchFile(dir, p, 's');
      return 'ok';
    } catch (err) {
      assert.ok(err instanceof ScormTesterError);
      return err.code;
    }
  };
  assert.equal(await codeOf('start.html'), 'MANIFEST_LAUNCH_NOT_FOUND');
  assert.equal(await codeOf('../outside/secret.txt'), 'SECURITY_VIOLATION');
  assert.equal(await codeOf('https://example.com/sco.html'), 'MANIFEST_LAUNCH_NOT_FOUND');
  assert.equal(await codeOf(''), 'INVALID_ARGUMENT');
});

test('the engine module becomes a classic script setting its global; anything else is refused', () => {
  assert.equal(
    moduleToClassicScript('class A{}export{A};\n//# sourceMappingURL=a.map', 'A', 'a.js'),
    '(function(){class A{}window.A=A;\n})();',
  );
  assert.throws(() => moduleToClassicScript('import x from "y";export{A};', 'A', 'a.js'), /self-contained/);
  assert.throws(() => moduleToClassicScript('class A{}', 'A', 'a.js'), /export\{A\}/);
});

test('Host check: only 127.0.0.1 and localhost on our port are answered (DNS-rebinding defence)', async () => {
  const url = mount.contentUrl('index.html');
  const port = new URL(url).port;
  for (const host of [`127.0.0.1:${port}`, `localhost:${port}`, `LOCALHOST:${port}`])
    assert.equal((await get(url, { Host: host })).status, 200, host);
  for (const host of [
    `attacker.example:${port}`,
    `127.0.0.1.nip.io:${port}`,
    `127.0.0.1:${Number(port) + 1}`,
    '127.0.0.1',
    `[::1]:${port}`,
    `vm:${port}`,
  ]) {
    const res = await get(url, { Host: host });
    assert.equal(res.status, 421, host);
    assert.doesNotMatch(res.body.toString(), /<p>hi<\/p>/);
  }
});

test('a service-worker script fetch is refused and reported', async () => {
  served.length = 0;
  const res = await get(mount.contentUrl('index.html'), { 'Service-Worker': 'script' });
  assert.equal(res.status, 403);
  assert.match(res.body.toString(), /Service workers are blocked/);
  assert.deepEqual(
    served.map((r) => [r.path, r.status, r.serviceWorker]),
    [['c/index.html', 403, true]],
  );
});
