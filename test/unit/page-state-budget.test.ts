import { test } from 'node:test';
import assert from 'node:assert/strict';
import { controlsWithin, listHeadings, planSnapshotLines } from '../../src/dom/snapshot/page-state-budget.js';
import { jsonBytes } from '../../src/output/answer-budget.js';

/** Ten lines of 100 bytes; controls on lines 2 and 8 and one on no line, each 50 bytes off its line. */
const PAGE = {
  lineBytes: Array.from({ length: 10 }, () => 100),
  floorLines: 4,
  summaryBytes: 300,
  wholeWithEveryLine: true,
  headings: [{ line: 0, bytes: 40 }],
  controls: [
    { line: 2, off: 50, on: 0 },
    { line: 8, off: 50, on: 10 },
    { line: Infinity, off: 50, on: 50 },
  ],
};

test('a snapshot that fits with every control is kept whole, without the text summary', () => {
  assert.deepEqual(planSnapshotLines({ ...PAGE, room: 2_000 }), { lines: 10, everyControl: true });
});

test('a snapshot is clipped where an entry for every control after the clip still fits', () => {
  // Eight lines (802) + the controls (line 2's on its line: 0; line 8's and the one on no line: 100; the
  // list: 2) + headings (2) + the summary (300) = 1,206; a ninth line would take 1,266.
  const plan = planSnapshotLines({ ...PAGE, wholeWithEveryLine: false, room: 1_210 });
  assert.deepEqual(plan, { lines: 8, everyControl: true });
});

test('when not every control fits beside any snapshot, the default lines are kept with room for controls', () => {
  const many = Array.from({ length: 100 }, () => ({ line: Infinity, off: 100, on: 100 }));
  const plan = planSnapshotLines({ ...PAGE, controls: many, room: 3_800 });
  assert.deepEqual(plan, { lines: 4, everyControl: false });
  // Less room: fewer lines, still a share for the controls.
  assert.deepEqual(planSnapshotLines({ ...PAGE, controls: many, room: 3_500 }), {
    lines: 1,
    everyControl: false,
  });
});

test('without a snapshot, every control fits or not', () => {
  const bare = { ...PAGE, lineBytes: [], floorLines: 0, wholeWithEveryLine: false };
  assert.deepEqual(planSnapshotLines({ ...bare, room: 500 }), { lines: 0, everyControl: true });
  assert.deepEqual(planSnapshotLines({ ...bare, room: 400 }), { lines: 0, everyControl: false });
});

test('headings: long texts cut, the share kept, the rest counted', () => {
  const many = Array.from({ length: 50 }, (_, i) => ({ level: 2, text: `H${i} ${'h'.repeat(300)}` }));
  const { headings, note } = listHeadings(many);
  assert.ok(headings.length < 50 && headings.length > 0);
  assert.ok(headings.every((h) => h.text.length <= 201));
  assert.ok(jsonBytes(headings) <= 1_500);
  assert.match(note ?? '', new RegExp(`^${headings.length} of the 50 headings are listed`));
  assert.deepEqual(listHeadings([{ text: 'Intro' }]), { headings: [{ text: 'Intro' }], note: null });
});

test('controls that do not all fit: those on no kept line come first, in document order', () => {
  const controls = [
    { entry: 'on-a', bytes: 30, onLine: true },
    { entry: 'off-b', bytes: 40, onLine: false },
    { entry: 'on-c', bytes: 30, onLine: true },
    { entry: 'off-d', bytes: 40, onLine: false },
  ];
  assert.deepEqual(controlsWithin(controls, 2 + 40 + 40 + 30), ['on-a', 'off-b', 'off-d']);
  assert.deepEqual(controlsWithin(controls, 1_000), ['on-a', 'off-b', 'on-c', 'off-d']);
});
