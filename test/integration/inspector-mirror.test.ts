/**
 * The inspector's player mirror on a real runtime (in process: the tools the MCP server builds, run
 * through their handlers): the SCO's live DOM with its form state, nested frames and canvas, nothing that
 * could run, and the course unable to fake or break it; clicks and fills forwarded by element number
 * reach the very element the person saw and land in the run's records.
 */
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import type { ScormTesterError } from '../../src/core/errors.js';
import type { MirrorFrame } from '../../src/inspector/protocol.js';
import { CHROMIUM_SKIP } from '../helpers/chromium.js';
import { join } from 'node:path';
import { createMirror, DEFAULT_MAX_HTML_CHARS } from '../../src/inspector/mirror/mirror.js';
import {
  numberOfId,
  openMirrorHarness,
  TEST_TOKEN,
  type MirrorHarness,
} from '../helpers/inspector-mirror.js';
import { FIXTURES_DIR } from '../helpers/paths.js';
import { until } from '../helpers/until.js';
import { sharedBrowserPool } from '../../src/runtime/browser-pool.js';

const SKIP = CHROMIUM_SKIP;
let h: MirrorHarness;
before(async () => {
  if (SKIP) return;
  h = await openMirrorHarness('insp-mirror-hostile');
  h.mirror.start();
});
after(async () => {
  await h?.close();
});

async function codeOf(promise: Promise<unknown>): Promise<string> {
  try {
    await promise;
  } catch (err) {
    return (err as ScormTesterError).code;
  }
  return 'no error';
}

const startTag = (html: string, id: string): string =>
  new RegExp(`<[a-z]+[^<>]*\\bid="${id}"[^<>]*>`).exec(html)?.[0] ?? `(no element #${id})`;

test(
  'the mirror shows the SCO as it is: text, form state set by script, scroll, canvas and nested frames',
  { skip: SKIP },
  async () => {
    const frame = await h.frame((f) => f.html.includes('Inner frame text'));
    const { html } = frame;
    assert.equal(frame.truncated, false);
    assert.equal(frame.base_url, `${h.contentBase}launch.html`);
    assert.ok(html.includes('Mirror me truthfully'));
    assert.match(startTag(html, 'name'), /value="typed by script"/);
    assert.match(startTag(html, 'agree'), /\schecked[\s>]/);
    assert.match(html, /<option value="b"[^>]*\sselected/);
    assert.doesNotMatch(html, /<option value="a"[^>]*\sselected/);
    assert.ok(html.includes('notes &lt;/textarea&gt;&lt;script&gt;'), 'the textarea value is text, escaped');
    assert.match(startTag(html, 'scroller'), /data-st-scroll="0,100"/);
    assert.match(html, /<img id="drawing"[^>]*src="data:image\/png;base64,/);
    assert.ok(
      html.includes(`<link rel="stylesheet" href="${h.contentBase}course.css"`),
      'URLs are absolute, on the content route',
    );
    assert.ok(html.includes(`<img id="broken" src="${h.contentBase}missing.png"`));
    assert.ok(
      html.includes('url(&quot;http://203.0.113.9/inline.png&quot;)'),
      'outside URLs stay outside (the CSP blocks them)',
    );
    assert.doesNotMatch(html, /<base\b/, "the course's own base is dropped");
    assert.match(html, /<meta http-equiv="Content-Security-Policy" content="default-src 'none';/);
    assert.match(html, /<iframe id="content"[^>]*srcdoc="[^"]*Inner frame text/);
    const runtime = h.sessions.get(h.sessionId).runtime!;
    assert.ok(
      !html.includes(runtime.baseUrl),
      "the content server's URL is rewritten to the inspector's route",
    );
  },
);

test(
  'nothing that could run or fetch on its own survives, and the course cannot fake the mirror',
  { skip: SKIP },
  async () => {
    const { html } = await h.frame((f) => f.html.includes('Inner frame text'));
    assert.doesNotMatch(html, /<script/i);
    const markup = html.replace(/<style[^>]*>[^<]*(?:<(?!\/style>)[^<]*)*<\/style>/g, '<style></style>');
    assert.doesNotMatch(markup, /<[a-z][^<>]*\son[a-z]+=/i, 'no event-handler attribute');
    assert.doesNotMatch(html, /javascript:/i);
    assert.doesNotMatch(html, /http-equiv="refresh"/i);
    assert.doesNotMatch(html, /rel="prefetch"/);
    assert.doesNotMatch(html, /<\/style><img/i, 'a </style> inside CSS text cannot end the element');
    // The course replaced MutationObserver, XMLSerializer, Node.prototype, Array.from and value getters in its world.
    assert.ok(!html.includes('faked'), 'nothing the course faked in its own world shows');
    const save = startTag(html, 'save');
    assert.equal(save.match(/data-st-n=/g)?.length, 1, 'the course cannot set our element numbers');
    assert.doesNotMatch(save, /data-st-n="1"/);
  },
);

test(
  'style text inside <svg> and <math> stays CSS text when the mirror is parsed: no <img onerror>, no refresh',
  { skip: SKIP },
  async () => {
    const { html } = await h.frame((f) => f.html.includes('svgimg') && f.html.includes('mathmeta'));
    // Parsed as the inspector's browser parses it, where <style> in foreign content is not raw text.
    const lease = await sharedBrowserPool().newContext();
    try {
      const page = lease.page ?? (await lease.context.newPage());
      const parsed = await page.evaluate((markup) => {
        const doc = new DOMParser().parseFromString(markup, 'text/html');
        return {
          handlers: Array.from(doc.querySelectorAll('*')).flatMap((el) =>
            Array.from(el.attributes)
              .filter((a) => /^on/i.test(a.name))
              .map((a) => `<${el.localName} ${a.name}>`),
          ),
          refreshes: doc.querySelectorAll('meta[http-equiv="refresh" i]').length,
          broughtOut: doc.querySelectorAll('#svgimg, #mathmeta').length,
          svgStyle: doc.querySelector('#drawing-svg style')?.textContent ?? null,
          mathStyle: doc.querySelector('#formula style')?.textContent ?? null,
        };
      }, html);
      assert.deepEqual(parsed.handlers, [], 'no event-handler attribute anywhere in the parsed mirror');
      assert.equal(parsed.refreshes, 0, 'no refresh');
      assert.equal(parsed.broughtOut, 0, "the course's CSS text became no element");
      assert.match(parsed.svgStyle ?? '', /svgimg/, 'the SVG style keeps its text');
      assert.match(parsed.mathStyle ?? '', /mathmeta/, 'the MathML style keeps its text');
    } finally {
      await lease.close();
    }
  },
);

test(
  'a click in the mirror reaches the same element and is recorded like an agent click',
  { skip: SKIP },
  async () => {
    const frame = await h.frame((f) => f.html.includes('not clicked'));
    const result = await h.mirror.click({ doc: frame.doc, node: numberOfId(frame.html, 'save') });
    const changes = result.changes as { data_model_changes: Array<{ element: string; to: string }> };
    assert.deepEqual(
      changes.data_model_changes.map((c) => [c.element, c.to]),
      [['cmi.location', 'mirrored-click']],
    );
    assert.equal(result.frame, 'sco');
    const runtime = h.sessions.get(h.sessionId).runtime!;
    assert.ok(runtime.calls.some((c) => c.method === 'SetValue' && c.args[1] === 'mirrored-click'));
    await h.frame((f: MirrorFrame) => f.html.includes('>clicked</p>'));
  },
);

test('a click inside a nested frame is forwarded to that frame', { skip: SKIP }, async () => {
  const frame = await h.frame((f) => f.html.includes('Inner frame text'));
  const result = await h.mirror.click({ doc: frame.doc, node: numberOfId(frame.html, 'inner-save', 1) });
  assert.equal(result.frame, 'sco > iframe#content');
  const changes = result.changes as { data_model_changes: Array<{ element: string; to: string }> };
  assert.deepEqual(
    changes.data_model_changes.map((c) => [c.element, c.to]),
    [['cmi.suspend_data', 'inner-click']],
  );
  await h.frame((f) => f.html.includes('inner clicked'));
});

test(
  'a fill in the mirror types into the real field, and the mirror shows its new value',
  { skip: SKIP },
  async () => {
    const frame = await h.frame();
    await h.mirror.fill({ doc: frame.doc, node: numberOfId(frame.html, 'name') }, 'from the mirror');
    const next = await h.frame((f) => /value="from the mirror"/.test(startTag(f.html, 'name')));
    assert.ok(next.seq > frame.seq);
  },
);

test('an element that is gone, or a target from another page, is DOM_STALE_REF', { skip: SKIP }, async () => {
  const frame = await h.frame();
  const node = numberOfId(frame.html, 'jslink');
  assert.equal(await codeOf(h.mirror.click({ doc: 'another-page', node })), 'DOM_STALE_REF');
  const runtime = h.sessions.get(h.sessionId).runtime!;
  await (await runtime.scoFrame()).evaluate(() => document.getElementById('jslink')?.remove());
  assert.equal(await codeOf(h.mirror.click({ doc: frame.doc, node })), 'DOM_STALE_REF');
  assert.equal(await codeOf(h.mirror.click({ doc: frame.doc, node: -1 })), 'INVALID_ARGUMENT');
});

test(
  "a page kept busy by the course holds the mirror back without stopping the course's script",
  { skip: SKIP },
  async () => {
    const runtime = h.sessions.get(h.sessionId).runtime!;
    let stopped = 0;
    const off = runtime.log.on('script_terminated', () => stopped++);
    const scoFrame = await runtime.scoFrame();
    await scoFrame.evaluate(() => {
      setTimeout(() => {
        const started = Date.now();
        while (Date.now() - started < 4_000) {
          // the course's own busy loop
        }
        document.getElementById('title')!.textContent = 'after the busy loop';
      }, 0);
    });
    // The refresh ends (a probe gives up after its bound; a serialisation already under way may wait for
    // the loop, up to its own 10 s bound) and never stops the course's script.
    await h.mirror.refresh();
    await h.frame((f) => f.html.includes('after the busy loop'), 20_000);
    off();
    assert.equal(stopped, 0, "the mirror never stops the course's script");
  },
);

test(
  'a new document in the SCO frame gets a new id: targets from the old one are stale',
  { skip: SKIP },
  async () => {
    const before = await h.frame();
    const runtime = h.sessions.get(h.sessionId).runtime!;
    await (await runtime.scoFrame()).evaluate(() => location.reload());
    const after = await h.frame((f) => f.doc !== before.doc && f.html.includes('Mirror me truthfully'));
    assert.equal(
      await codeOf(h.mirror.click({ doc: before.doc, node: numberOfId(before.html, 'save') })),
      'DOM_STALE_REF',
    );
    await h.mirror.click({ doc: after.doc, node: numberOfId(after.html, 'save') });
    await h.frame((f) => f.doc === after.doc && f.html.includes('>clicked</p>'));
  },
);

test(
  'a page past the size limit gets a notice, not a cut page',
  { skip: SKIP, timeout: 120_000 },
  async () => {
    // A second session in the same process, on a page of about 2.4 MB of HTML.
    const { session_id } = (await h.call('scorm_session_open', {
      package_path: join(FIXTURES_DIR, 'courses', 'insp-mirror-huge'),
    })) as { session_id: string };
    await h.call('scorm_runtime_open', { session_id });
    const frames: MirrorFrame[] = [];
    const huge = createMirror({
      runtime: () => h.sessions.get(session_id).runtime,
      tools: h.tools,
      sessionId: session_id,
      contentBase: `/${TEST_TOKEN}/api/sessions/${session_id}/content/`,
      onFrame: (f) => frames.push(f),
    });
    try {
      // A busy page pushes nothing until it answers; the frame comes once it does.
      const frame = await until(async () => {
        await huge.refresh();
        return frames.at(-1);
      }, 'a frame of the huge page');
      assert.equal(frame.truncated, true);
      assert.ok(frame.html.length < 2_000);
      assert.match(frame.html, /larger than the mirror shows \(more than 2\.0 MB of HTML\)/);
      assert.match(frame.html, /^<!DOCTYPE html><html><head><meta http-equiv="Content-Security-Policy"/);
      assert.equal(DEFAULT_MAX_HTML_CHARS, 2 * 1024 * 1024);
    } finally {
      await huge.stop();
      await h.call('scorm_session_close', { session_id }).catch(() => undefined);
    }
  },
);
