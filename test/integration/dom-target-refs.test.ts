/**
 * Targets against real Chromium, in process: refs from the page read of the SCO frames resolve to their
 * element and frame, and fail fast once stale; malformed targets are refused.
 */
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { resolve } from 'node:path';
import type { ScormTesterError } from '../../src/core/errors.js';
import { clickElement } from '../../src/dom/actions/click.js';
import { buildInteractiveElements } from '../../src/dom/snapshot/interactive.js';
import { readPage } from '../../src/dom/snapshot/read-page.js';
import { resolveTarget } from '../../src/dom/target.js';
import { buildRteInit } from '../../src/rte/adapter/index.js';
import type { CourseRuntime } from '../../src/runtime/course-runtime.js';
import { openCourseRuntime } from '../../src/runtime/open-course-runtime.js';
import { CHROMIUM_SKIP, filePool } from '../helpers/chromium.js';
import { FIXTURES_DIR } from '../helpers/paths.js';

const SKIP = CHROMIUM_SKIP;
const pool = filePool();
let runtime: CourseRuntime;
before(async () => {
  if (SKIP) return;
  runtime = await openCourseRuntime({
    packageRoot: resolve(FIXTURES_DIR, 'courses/dom-actions-nested'),
    launchPath: 'launch.html',
    scormVersion: '2004',
    scoId: 'item',
    rte: buildRteInit({ version: '2004', scoId: 'item' }),
    pool: pool(),
    timeoutMs: 5_000,
    openTimeoutMs: 30_000,
  });
});
after(async () => {
  await runtime?.close();
});

/** The ref of the first control whose role and name match `pattern` ("button Save"), from a page read. */
async function refOf(pattern: RegExp): Promise<string> {
  const found = buildInteractiveElements(await readPage(runtime), { includeHidden: false, maxElements: 100 });
  const lines = found.interactive_elements.map((e) => `${e.role} "${e.name}" ${e.ref}`);
  const ref = found.interactive_elements.find((e) => pattern.test(`${e.role} "${e.name}"`))?.ref;
  assert.ok(ref, `no ref for ${pattern} in\n${lines.join('\n')}`);
  return ref;
}

async function codeOf(promise: Promise<unknown>): Promise<string> {
  try {
    await promise;
  } catch (err) {
    return (err as ScormTesterError).code;
  }
  return 'no error';
}

test(
  'a ref from the page read resolves to its element in a nested frame, and a click through it reports changes',
  { skip: SKIP },
  async () => {
    const ref = await refOf(/button "Save from inner"/);
    const target = await resolveTarget(runtime, { ref }, { waitMs: 0 });
    assert.equal(target.by, 'ref');
    assert.equal(target.frame.label, 'sco > iframe#content');
    const clicked = await clickElement(runtime, { selector: ref });
    assert.equal(clicked.target_by, 'ref');
    assert.equal(clicked.frame, 'sco > iframe#content');
    assert.deepEqual(
      clicked.changes.data_model_changes.map((c) => [c.element, c.to]),
      [['cmi.location', 'inner']],
    );
  },
);

test(
  'a ref whose element is gone is DOM_STALE_REF; malformed targets are refused',
  { skip: SKIP },
  async () => {
    const ref = await refOf(/textbox "Answer"/);
    const inner = (await runtime.scoFrame()).childFrames()[0];
    assert.ok(inner);
    await inner.evaluate(() => document.getElementById('inner-answer')?.remove());
    assert.equal(await codeOf(resolveTarget(runtime, { ref }, { waitMs: 0 })), 'DOM_STALE_REF');
    assert.equal(await codeOf(resolveTarget(runtime, { ref: 'e2' }, { waitMs: 0 })), 'INVALID_ARGUMENT');
    assert.equal(await codeOf(resolveTarget(runtime, { ref: 'f9e9' }, { waitMs: 0 })), 'DOM_STALE_REF');
    assert.equal(
      await codeOf(resolveTarget(runtime, { selector: 'button', ref: 'f1e1' }, { waitMs: 0 })),
      'INVALID_ARGUMENT',
    );
    assert.equal(
      await codeOf(resolveTarget(runtime, { selector: 'p', frame: 'nope' }, { waitMs: 0 })),
      'INVALID_ARGUMENT',
    );
    assert.equal(
      await codeOf(resolveTarget(runtime, { selector: 'p:has-text(' }, { waitMs: 0 })),
      'DOM_INVALID_SELECTOR',
    );
  },
);

test(
  'a ref goes stale when its document is replaced; the new document gives new refs',
  { skip: SKIP },
  async () => {
    const ref = await refOf(/button "Save from inner"/);
    const inner = (await runtime.scoFrame()).childFrames()[0];
    assert.ok(inner);
    await inner.goto(inner.url());
    assert.equal(await codeOf(resolveTarget(runtime, { ref }, { waitMs: 0 })), 'DOM_STALE_REF');
    const fresh = await refOf(/button "Save from inner"/);
    assert.notEqual(fresh, ref);
    assert.equal(
      (await resolveTarget(runtime, { ref: fresh }, { waitMs: 0 })).frame.label,
      'sco > iframe#content',
    );
  },
);

test('a ref goes stale when its element is replaced', { skip: SKIP }, async () => {
  const ref = await refOf(/button "Open another frame"/);
  const sco = await runtime.scoFrame();
  await sco.evaluate(() => {
    document.body.innerHTML = '<p>replaced</p>';
  });
  assert.equal(await codeOf(resolveTarget(runtime, { ref }, { waitMs: 0 })), 'DOM_STALE_REF');
});
