/**
 * The inspector's mirror on a course whose frames set window.name and rewrite their URL: it shows the SCO
 * (it used to wait for it forever), and a click forwarded into one of two sibling frames of one URL
 * reaches that frame.
 */
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { CHROMIUM_SKIP } from '../helpers/chromium.js';
import { numberOfId, openMirrorHarness, type MirrorHarness } from '../helpers/inspector-mirror.js';

const SKIP = CHROMIUM_SKIP;
let h: MirrorHarness;
before(async () => {
  if (SKIP) return;
  h = await openMirrorHarness('dom-frames-renamed');
  h.mirror.start();
});
after(async () => {
  await h?.close();
});

test('the mirror shows a SCO whose frames renamed themselves', { skip: SKIP }, async () => {
  const frame = await h.frame((f) => f.html.includes('Renamed frames') && f.html.includes('btn-second'));
  assert.match(frame.html, /<iframe id="second"[^>]*srcdoc="[^"]*Inner button/);
});

test('a click in one of two same-URL sibling frames is forwarded to that frame', { skip: SKIP }, async () => {
  const frame = await h.frame((f) => f.html.includes('btn-second'));
  const result = await h.mirror.click({ doc: frame.doc, node: numberOfId(frame.html, 'btn-second', 1) });
  assert.equal(result.frame, 'sco > iframe#second');
  const changes = result.changes as { data_model_changes: Array<{ element: string; to: string }> };
  assert.deepEqual(
    changes.data_model_changes.map((c) => [c.element, c.to]),
    [['cmi.location', 'second']],
  );
});
