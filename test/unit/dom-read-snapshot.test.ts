/**
 * The pure parts of the DOM read tools: purpose inference, the snapshot YAML rendering and clipping,
 * the pairing of snapshot nodes with in-page candidates, and the value describer (run here in Node).
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { controlNodes, renderSnapshotYaml, type AriaNode } from '../../src/dom/snapshot/aria.js';
import { inferPurpose, type PurposeInput } from '../../src/dom/snapshot/purpose.js';
import { pairNodes } from '../../src/dom/snapshot/pair.js';
import type { ScanCandidate } from '../../src/dom/snapshot/page/types.js';
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

test('snapshot YAML: Playwright-like notation with states and refs, clipped at a line; a pointer cursor only where the role does not say "clickable"', () => {
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
      '  - link "Home" [ref=f1e4]:',
      '    - /url: "#top"',
    ].join('\n'),
  );
  const clipped = renderSnapshotYaml(roots, 70);
  assert.equal(clipped.truncated, true);
  assert.equal(clipped.yaml, '- generic [ref=f1e1]:\n  - heading "Quiz" [level=1] [ref=f1e2]');
});

test("snapshot YAML: a bare generic around one node is left out (its node takes its place), so is a label's text beside its control, an empty paragraph and a lone bare root; a group of several stays", () => {
  const bare = (...children: AriaNode['children'] & unknown[]): AriaNode => ({ role: 'generic', children });
  const roots: AriaNode[] = [
    bare(
      bare(bare({ role: 'paragraph', text: 'Intro' })),
      bare(),
      bare(node('button', 'Next', 'f1e2', [0, 0, 10, 10]), node('button', 'Back', 'f1e3', [0, 0, 10, 10])),
      { role: 'generic', name: 'slide: INTRO' },
      bare(node('checkbox', 'Rain', 'f1e4', [0, 0, 10, 10]), 'Rain'),
      { role: 'generic', cursor: 'pointer', children: ['Continue'] },
      { role: 'paragraph' },
    ),
  ];
  assert.equal(
    renderSnapshotYaml(roots, 10_000).yaml,
    [
      '- paragraph: Intro',
      '- generic:',
      '  - button "Next" [ref=f1e2]',
      '  - button "Back" [ref=f1e3]',
      '- generic "slide: INTRO"',
      '- checkbox "Rain" [ref=f1e4]',
      '- generic [cursor=pointer]:',
      '  - text: Continue',
    ].join('\n'),
  );
  // Two roots are kept as they are: each groups what it holds.
  assert.equal(
    renderSnapshotYaml([bare('A', 'B'), bare('C', 'D')], 10_000).yaml,
    ['- generic:', '  - text: A', '  - text: B', '- generic:', '  - text: C', '  - text: D'].join('\n'),
  );
});

const candidate = (
  selector: string,
  tag: string,
  ariaRole: string | null,
  over: Partial<ScanCandidate> = {},
): ScanCandidate => ({
  ref: null,
  selector,
  tag,
  type: null,
  role: null,
  ariaRole,
  accName: '',
  rendered: true,
  pointerEvents: true,
  srOnly: false,
  clickable: false,
  text: '',
  label: '',
  labelledBy: '',
  href: null,
  hints: '',
  form: -1,
  group: -1,
  name: null,
  value: null,
  checked: null,
  disabled: false,
  ...over,
});

const pairs = (nodes: AriaNode[], candidates: ScanCandidate[]): string[] => {
  const flat = controlNodes([{ role: 'generic', children: nodes }]);
  const paired = pairNodes(flat, candidates);
  return flat.map((n) => `${n.node.ref ?? '-'}=${paired.get(n)?.selector ?? '-'}`);
};
const at: [number, number, number, number] = [0, 0, 10, 10];

test('pairing (snapshot YAML refs): in document order by role and name; unrendered controls are never taken', () => {
  assert.deepEqual(
    pairs(
      [
        node('button', 'Outer', 'f1e1', at),
        node('checkbox', 'Agree', 'f1e2', at),
        node('radio', 'A', 'f1e3', at),
        node('radio', 'B', 'f1e4', at),
        node('button', 'Gone', 'f1e5', at),
      ],
      [
        candidate('#outer', 'div', 'button', { role: 'button', text: 'Outer' }),
        candidate('#agree', 'input', 'checkbox', { labelledBy: 'Agree' }),
        candidate('#a', 'input', 'radio', { labelledBy: 'A' }),
        candidate('#b', 'input', 'radio', { labelledBy: 'B' }),
        candidate('#gone', 'button', 'button', { rendered: false, text: 'Gone' }),
        candidate('#tabstop', 'div', null, { text: 'Tab stop' }),
      ],
    ),
    ['f1e1=#outer', 'f1e2=#agree', 'f1e3=#a', 'f1e4=#b', 'f1e5=-'],
  );
});

test('pairing: two buttons with the same name get their own refs, in document order', () => {
  assert.deepEqual(
    pairs(
      [node('button', 'Check', 'f1e1', at), node('button', 'Check', 'f1e2', at)],
      [
        candidate('#first', 'button', 'button', { text: 'Check' }),
        candidate('#second', 'button', 'button', { text: 'Check' }),
      ],
    ),
    ['f1e1=#first', 'f1e2=#second'],
  );
});

test('pairing: candidates the snapshot does not list are skipped by name, not taken by the next node', () => {
  assert.deepEqual(
    pairs(
      [node('button', 'Next', 'f1e1', at), node('link', 'Help', 'f1e2', at, { url: '#help' })],
      [
        // Rendered for the page, left out by the snapshot (an invalid role the page pass took literally).
        candidate('#ghost', 'button', 'button', { text: 'Ghost' }),
        candidate('#next', 'button', 'button', { text: 'Next' }),
        // pointer-events: none gets no ref from Playwright: never paired, kept without a ref.
        candidate('#inert', 'a', 'link', { text: 'Help', href: '#help', pointerEvents: false }),
        candidate('#help', 'a', 'link', { text: 'Help', href: '#help' }),
      ],
    ),
    ['f1e1=#next', 'f1e2=#help'],
  );
});

test('pairing: a node with no control of its own (a clickable div the read left out, a shadow-root control) shows no ref', () => {
  assert.deepEqual(
    pairs(
      [
        // cursor:pointer div the page pass does not list, then a real button of another role.
        node('generic', '', 'f1e1', at, { cursor: 'pointer', text: 'Continue' }),
        node('button', 'OK', 'f1e2', at),
        // A nameless button in a shadow root, then a nameless light-DOM button further on.
        node('button', '', 'f1e3', at),
        node('checkbox', 'Remember me', 'f1e4', at, { checked: true }),
        node('button', '', 'f1e5', at),
      ],
      [
        candidate('#ok', 'button', 'button', { text: 'OK' }),
        // Unchecked: not the checked node's element.
        candidate('#other-box', 'input', 'checkbox', { labelledBy: 'Remember me', checked: false }),
        candidate('#remember', 'input', 'checkbox', { labelledBy: 'Remember me', checked: true }),
        candidate('#icon', 'button', 'button'),
      ],
    ),
    ['f1e1=-', 'f1e2=#ok', 'f1e3=-', 'f1e4=#remember', 'f1e5=#icon'],
  );
});

test('describeValue: odd values described, cycles marked, strings and lists capped with the original size', () => {
  const o: Record<string, unknown> = { a: 1, list: [1, 2] };
  o.self = o;
  const shared = { x: 1 };
  const limits = { maxChars: 1_000, maxDepth: 5, maxItems: 10 };
  assert.deepEqual(describeValue({ holder: { value: o }, limits }).result, {
    a: 1,
    list: [1, 2],
    self: { $type: 'circular' },
  });
  assert.deepEqual(
    describeValue({ holder: { value: [shared, shared] }, limits }).result,
    [{ x: 1 }, { x: 1 }],
    'shared, not circular',
  );
  assert.deepEqual(describeValue({ holder: { value: [undefined, 5n, Infinity, -0] }, limits }).result, [
    { $type: 'undefined' },
    { $type: 'bigint', value: '5' },
    { $type: 'number', value: 'Infinity' },
    -0,
  ]);
  const long = describeValue({ holder: { value: 'y'.repeat(5_000) }, limits });
  assert.equal(long.truncated, true);
  assert.equal(long.original_size, 5_000);
  assert.equal((long.result as string).length, 1_000);
  const many = describeValue({ holder: { value: Array.from({ length: 50 }, (_, i) => i) }, limits });
  assert.equal(many.truncated, true);
  assert.equal((many.result as unknown[]).length, 10);
  assert.equal(many.original_size, JSON.stringify(Array.from({ length: 50 }, (_, i) => i)).length);
  assert.deepEqual(describeValue({ holder: { value: 10n }, limits }), {
    type: 'bigint',
    result: { $type: 'bigint', value: '10' },
    truncated: false,
  });
  const deep = describeValue({ holder: { value: { a: { b: { c: { d: { e: { f: 1 } } } } } } }, limits });
  assert.equal(deep.truncated, true);
  const getter = describeValue({
    holder: {
      value: Object.defineProperty({}, 'bad', {
        enumerable: true,
        get() {
          throw new Error('no');
        },
      }),
    },
    limits,
  });
  assert.deepEqual(getter.result, { bad: { $type: 'error', message: 'reading bad threw: Error: no' } });
});
