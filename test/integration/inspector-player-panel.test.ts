/**
 * The player panel in a real browser page, under the inspector's own security headers, fed with the
 * frames of a real mirror on a real runtime. A loopback server in the test stands in for the inspector's
 * routes the panel uses (the package's content and the actions route, which calls the mirror), so the
 * panel is proven on its own: the course shows with its own styles, nothing of the course runs or fetches
 * from outside in the inspector's page, and what the person clicks and types reaches the real course.
 */
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { build } from 'esbuild';
import type { Page } from 'playwright-core';
import { isScormTesterError } from '../../src/core/errors.js';
import type { ActionResponse, InspectorAction, MirrorFrame } from '../../src/inspector/protocol.js';
import { serveUntrustedFile } from '../../src/inspector/server/files.js';
import { UI_HEADERS } from '../../src/inspector/server/security.js';
import { CHROMIUM_SKIP, filePool } from '../helpers/chromium.js';
import { openInspectorPage } from '../helpers/inspector-browser.js';
import { openMirrorHarness, TEST_TOKEN, type MirrorHarness } from '../helpers/inspector-mirror.js';
import { FIXTURES_DIR, REPO_ROOT } from '../helpers/paths.js';

const SKIP = CHROMIUM_SKIP;
const pool = filePool();
const PACKAGE_ROOT = join(FIXTURES_DIR, 'courses', 'insp-mirror-hostile');
let h: MirrorHarness;
let server: Server;
let page: Page;
let closePage: () => Promise<void>;
/** Set in after(): a mirror frame still on its way to the closing page is not a failure then. */
let closing = false;
const requested: string[] = [];
const failed = new Map<string, string>();
const answered: string[] = [];
const actions: InspectorAction[] = [];

async function perform(action: InspectorAction): Promise<Record<string, unknown>> {
  switch (action.action) {
    case 'mirror_click':
      return h.mirror.click(action.target);
    case 'mirror_fill':
      return h.mirror.fill(action.target, action.value);
    case 'mirror_key':
      return h.mirror.press(action.target, action.key);
    default:
      throw new Error(`not an action of the panel: ${action.action}`);
  }
}

async function answerAction(req: IncomingMessage, res: ServerResponse): Promise<void> {
  let body = '';
  for await (const chunk of req) body += String(chunk);
  const action = JSON.parse(body) as InspectorAction;
  actions.push(action);
  let response: ActionResponse;
  try {
    response = { ok: true, result: await perform(action) };
  } catch (error) {
    const code = isScormTesterError(error) ? error.code : 'INTERNAL_ERROR';
    response = { ok: false, error: { code, message: (error as Error).message } };
  }
  res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(response));
}

async function startPanelServer(script: string): Promise<string> {
  const base = `/${TEST_TOKEN}/`;
  server = createServer((req, res) => {
    const url = req.url ?? '/';
    if (url === base) {
      res.writeHead(200, { ...UI_HEADERS, 'content-type': 'text/html; charset=utf-8' });
      res.end(
        `<!DOCTYPE html><html><head><meta charset="utf-8"><title>Player panel</title></head>` +
          `<body><div id="root" data-session="${h.sessionId}"></div><script type="module" src="${base}panel.js"></script></body></html>`,
      );
    } else if (url === `${base}panel.js`) {
      res.writeHead(200, { ...UI_HEADERS, 'content-type': 'text/javascript; charset=utf-8' }).end(script);
    } else if (url === `${base}api/sessions/${h.sessionId}/actions` && req.method === 'POST') {
      void answerAction(req, res);
    } else if (url.startsWith(h.contentBase)) {
      void serveUntrustedFile(PACKAGE_ROOT, url.slice(h.contentBase.length), res, false).then((served) => {
        if (!served) res.writeHead(404).end();
      });
    } else {
      res.writeHead(404).end();
    }
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}${base}`;
}

before(async () => {
  if (SKIP) return;
  const bundled = await build({
    entryPoints: [join(REPO_ROOT, 'test/helpers/player-panel-page.ts')],
    bundle: true,
    format: 'esm',
    platform: 'browser',
    target: 'chrome120',
    jsx: 'automatic',
    jsxImportSource: 'preact',
    write: false,
    logLevel: 'warning',
  });
  h = await openMirrorHarness('insp-mirror-hostile');
  const url = await startPanelServer(bundled.outputFiles[0]!.text);
  const opened = await openInspectorPage(pool(), url);
  page = opened.page;
  closePage = opened.close;
  page.on('request', (r) => requested.push(r.url()));
  page.on('requestfailed', (r) => failed.set(r.url(), r.failure()?.errorText ?? ''));
  page.on('response', (r) => answered.push(r.url()));
  const show = (frame: MirrorFrame): void => {
    void page
      .evaluate((f) => (window as unknown as { __showMirror(f: MirrorFrame): void }).__showMirror(f), frame)
      .catch((error: unknown) => {
        if (!closing) throw error;
      });
  };
  h.subscribe(show);
  h.mirror.start();
  const first = await h.frame();
  show(first);
});

after(async () => {
  closing = true;
  await h?.close();
  await closePage?.();
  await new Promise((resolve) => server?.close(resolve));
});

const mirror = () => page.frameLocator('[data-testid="player-mirror"]');

test(
  'the panel shows the running SCO with its own styles, in a titled, sandboxed frame',
  { skip: SKIP },
  async () => {
    await mirror().getByText('Mirror me truthfully').waitFor();
    const iframe = page.getByTitle('Course: live view of the running SCO');
    assert.equal(await iframe.getAttribute('sandbox'), 'allow-same-origin');
    // course.css comes through the content route, resolved against the mirror's base.
    await page.waitForFunction(() => {
      const doc = (document.querySelector('[data-testid="player-mirror"]') as HTMLIFrameElement)
        .contentDocument;
      return doc && getComputedStyle(doc.body).color === 'rgb(10, 20, 30)';
    });
    assert.equal(
      await mirror()
        .locator('#title')
        .evaluate((el) => getComputedStyle(el).color),
      'rgb(1, 2, 3)',
    );
    await mirror().frameLocator('#content').getByText('Inner frame text').waitFor();
    assert.equal(
      await mirror()
        .locator('#scroller')
        .evaluate((el) => el.scrollTop),
      100,
    );
  },
);

test(
  "no course script runs in the inspector's page, and the course's outside URLs are never fetched",
  { skip: SKIP },
  async () => {
    await mirror().getByText('Mirror me truthfully').waitFor();
    const ran = await page.evaluate(() => {
      const win = window as unknown as { __courseScriptRan?: unknown };
      const doc = (document.querySelector('[data-testid="player-mirror"]') as HTMLIFrameElement)
        .contentWindow as unknown as {
        __courseScriptRan?: unknown;
      };
      return [win.__courseScriptRan ?? null, doc.__courseScriptRan ?? null];
    });
    assert.deepEqual(ran, [null, null]);
    const outside = requested.filter((u) => u.includes('203.0.113.9'));
    assert.deepEqual(
      outside.filter((u) => failed.get(u) !== 'csp'),
      [],
      "the mirror's policy stops every outside URL before it is fetched",
    );
    assert.deepEqual(
      answered.filter((u) => u.includes('203.0.113.9')),
      [],
    );
  },
);

test(
  'a click in the panel reaches the real course and the panel shows the result',
  { skip: SKIP },
  async () => {
    await mirror().getByRole('button', { name: 'Save' }).click();
    await mirror().getByText('clicked', { exact: true }).waitFor();
    const runtime = h.sessions.get(h.sessionId).runtime!;
    assert.ok(runtime.calls.some((c) => c.method === 'SetValue' && c.args[1] === 'mirrored-click'));
    assert.equal(actions.at(-1)?.action, 'mirror_click');
    // The mirrored page can show the click's effect before the action's answer clears the status line.
    await page.waitForFunction(
      () => document.querySelector('[data-testid="player-status"]')?.textContent === '',
    );
    assert.equal(await page.getByTestId('player-status').textContent(), '');
  },
);

test(
  'typing in a field of the panel fills the real field, and Enter is pressed there',
  { skip: SKIP },
  async () => {
    const field = mirror().locator('#name');
    await field.fill('typed in the panel');
    await field.press('Enter');
    // Read through the mirror's own world: the course fakes input values in its world.
    await h.frame((f) => f.html.includes('value="typed in the panel"'));
    for (let i = 0; i < 100 && actions.at(-1)?.action !== 'mirror_key'; i++) {
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    assert.deepEqual(
      actions.slice(-2).map((a) => a.action),
      ['mirror_fill', 'mirror_key'],
    );
  },
);

test('a disabled runtime shows why', { skip: SKIP }, async () => {
  await page.evaluate(() =>
    (window as unknown as { __setRuntime(v: unknown): void }).__setRuntime({
      open: false,
      disabled_reason: 'the package failed validation',
      sco_id: null,
      sco_url: null,
    }),
  );
  assert.equal(
    await page.getByTestId('player-disabled').textContent(),
    'runtime disabled: the package failed validation',
  );
  assert.equal(await page.getByTestId('player-mirror').isHidden(), true);
});
