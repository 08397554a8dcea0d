/**
 * The pure parts of the DOM read tools: purpose inference, the snapshot YAML rendering and clipping,
 * the pairing of snapshot nodes with in-page candidates, and the value describer (run here in Node).
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { controlNodes, renderSnapshotYaml, type AriaNode } from '../../src/dom/snapshot/aria.js';
import { inferPurpose, type PurposeInput } from '../../src/dom/snapshot/purpose.js';
import { match } from '../../src/dom/snapshot/read-page.js';
import type { ScanCandidate } from '../../src/dom/snapshot/page-scan.js';
import type { ScoFrame } from '../../src/dom/frames.js';
import { describeValue } from '../../src/dom/query/describe-value.js';

const base: PurposeInput = {
  role: 'button',
  tag: 'button',
  type: 'button',
  name: '',
  text: '',
  hints: '',
  inQuestionGroup: false,
  inForm: false,
};
const purpose = (over: Partial<PurposeInput>): string => inferPurpose({ ...base, ...over });

test('purpose: from role, then name and text, then class hints, then position', () => {
  assert.equal(purpose({ name: 'Next slide' }), 'next');
  assert.equal(purpose({ name: '›' }), 'next');
  assert.equal(purpose({ name: 'Back' }), 'previous');
  assert.equal(purpose({ name: 'Submit answers' }), 'submit');
  assert.equal(purpose({ name: 'Check my answer' }), 'submit');
  assert.equal(purpose({ name: '☰' }), 'menu');
  assert.equal(purpose({ name: '×' }), 'close');
  assert.equal(purpose({ name: 'Play audio' }), 'play_pause');
  assert.equal(purpose({ name: 'Resume course' }), 'start_resume');
  assert.equal(purpose({ name: 'Try again' }), 'retry');
  assert.equal(purpose({ name: '', hints: 'btn icon-chevron-right' }), 'next');
  assert.equal(purpose({ name: '', hints: 'nav-prev' }), 'previous');
  assert.equal(purpose({ type: 'submit', inForm: true, name: 'Go' }), 'submit');
  assert.equal(
    purpose({ type: 'submit', inForm: false, name: 'Help' }),
    'other',
    'a <button> outside a form',
  );
  assert.equal(purpose({ role: 'radio', tag: 'input', type: 'radio', name: 'Paris' }), 'answer_option');
  assert.equal(purpose({ role: 'checkbox', name: 'Agree', inQuestionGroup: false }), 'toggle');
  assert.equal(purpose({ role: 'checkbox', name: 'Red', inQuestionGroup: true }), 'answer_option');
  assert.equal(purpose({ role: 'textbox', name: 'Your answer' }), 'text_entry');
  assert.equal(purpose({ role: 'combobox' }), 'selection');
  assert.equal(purpose({ role: 'link', tag: 'a', name: 'Glossary' }), 'link');
  assert.equal(purpose({ name: 'A) Paris', inQuestionGroup: true }), 'answer_option');
});

const node = (
  role: string,
  name: string,
  ref: string,
  box: [number, number, number, number],
  extra: Partial<AriaNode> = {},
): AriaNode => ({
  role,
  name,
  ref,
  box: { x: box[0], y: box[1], width: box[2], height: box[3] },
  ...extra,
});

test('snapshot YAML: Playwright-like notation with states and refs, clipped at a line', () => {
  const roots: AriaNode[] = [
    {
      role: 'generic',
      ref: 'f1e1',
      children: [
        node('heading', 'Quiz', 'f1e2', [0, 0, 10, 10], { level: 1 }),
        node('radio', 'Paris', 'f1e3', [0, 0, 10, 10], { checked: true }),
        'Some "quoted" text',
        node('link', 'Home', 'f1e4', [0, 0, 10, 10], { url: '#top', cursor: 'pointer' }),
      ],
    },
  ];
  const { yaml, truncated } = renderSnapshotYaml(roots, 10_000);
  assert.equal(truncated, false);
  assert.equal(
    yaml,
    [
      '- generic [ref=f1e1]:',
      '  - heading "Quiz" [level=1] [ref=f1e2]',
      '  - radio "Paris" [checked] [ref=f1e3]',
      '  - text: "Some \\"quoted\\" text"',
      '  - link "Home" [ref=f1e4] [cursor=pointer]:',
      '    - /url: "#top"',
    ].join('\n'),
  );
  const clipped = renderSnapshotYaml(roots, 70);
  assert.equal(clipped.truncated, true);
  assert.equal(clipped.yaml, '- generic [ref=f1e1]:\n  - heading "Quiz" [level=1] [ref=f1e2]');
});

const candidate = (
  selector: string,
  tag: string,
  type: string | null,
  box: [number, number, number, number],
  over: Partial<ScanCandidate> = {},
): ScanCandidate => ({
  selector,
  tag,
  type,
  role: null,
  box,
  rendered: true,
  srOnly: false,
  text: '',
  label: '',
  hints: '',
  form: -1,
  group: -1,
  name: null,
  value: null,
  checked: null,
  disabled: false,
  ...over,
});

test('pairing: by box and role in document order; unrendered candidates are hidden, others kept without a ref', () => {
  const frame = { label: 'sco', depth: 0 } as unknown as ScoFrame;
  const nodes = controlNodes([
    {
      role: 'generic',
      children: [
        // A custom button wrapping a native one in the same box: roles tell them apart.
        node('button', 'Outer', 'f1e1', [0, 0, 50, 20]),
        node('checkbox', 'Agree', 'f1e2', [0, 0, 50, 20]),
        node('radio', 'A', 'f1e3', [0, 30, 10, 10]),
        node('radio', 'B', 'f1e4', [0, 30, 10, 10]),
      ],
    },
  ]);
  const { controls, hidden } = match(frame, nodes, [
    candidate('#outer', 'div', null, [0, 0, 50, 20], { role: 'button' }),
    candidate('#agree', 'input', 'checkbox', [0, 0, 50, 20]),
    candidate('#a', 'input', 'radio', [0, 30, 10, 10]),
    candidate('#b', 'input', 'radio', [0, 30, 10, 10]),
    candidate('#gone', 'button', 'submit', [0, 0, 0, 0], { rendered: false }),
    candidate('#tabstop', 'div', null, [0, 60, 30, 10]),
  ]);
  assert.deepEqual(
    controls.map((c) => `${c.node?.node.ref ?? '-'}=${c.candidate?.selector ?? '-'}`),
    ['f1e1=#outer', 'f1e2=#agree', 'f1e3=#a', 'f1e4=#b', '-=#tabstop'],
  );
  assert.deepEqual(
    hidden.map((c) => c.selector),
    ['#gone'],
  );
});

test('describeValue: odd values described, cycles marked, strings and lists capped with the original size', () => {
  const o: Record<string, unknown> = { a: 1, list: [1, 2] };
  o.self = o;
  const shared = { x: 1 };
  const limits = { maxChars: 1_000, maxDepth: 5, maxItems: 10 };
  assert.deepEqual(describeValue({ value: o, limits }).result, {
    a: 1,
    list: [1, 2],
    self: { $type: 'circular' },
  });
  assert.deepEqual(
    describeValue({ value: [shared, shared], limits }).result,
    [{ x: 1 }, { x: 1 }],
    'shared, not circular',
  );
  assert.deepEqual(describeValue({ value: [undefined, 5n, Infinity, -0], limits }).result, [
    { $type: 'undefined' },
    { $type: 'bigint', value: '5' },
    { $type: 'number', value: 'Infinity' },
    -0,
  ]);
  const long = describeValue({ value: 'y'.repeat(5_000), limits });
  assert.equal(long.truncated, true);
  assert.equal(long.original_size, 5_000);
  assert.equal((long.result as string).length, 1_000);
  const many = describeValue({ value: Array.from({ length: 50 }, (_, i) => i), limits });
  assert.equal(many.truncated, true);
  assert.equal((many.result as unknown[]).length, 10);
  const deep = describeValue({ value: { a: { b: { c: { d: { e: { f: 1 } } } } } }, limits });
  assert.equal(deep.truncated, true);
  const getter = describeValue({
    value: Object.defineProperty({}, 'bad', {
      enumerable: true,
      get() {
        throw new Error('no');
      },
    }),
    limits,
  });
  assert.deepEqual(getter.result, { bad: { $type: 'error', message: 'reading bad threw: Error: no' } });
});
