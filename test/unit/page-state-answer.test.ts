import { test } from 'node:test';
import assert from 'node:assert/strict';
import { fitPageState, type PageStateParts } from '../../src/dom/snapshot/page-state-answer.js';
import type { InteractiveElement } from '../../src/dom/snapshot/interactive.js';
import { ANSWER_BUDGET_BYTES, jsonBytes } from '../../src/output/answer-budget.js';

function control(i: number, name = `Reveal point ${i}`): InteractiveElement {
  return {
    ref: `f1e${i}`,
    selector: `#wrapper > div > div:nth-of-type(${i}) > button`,
    frame: 'sco',
    role: 'button',
    name,
    tag: 'button',
    purpose: 'other',
    state: { disabled: false, visible: true },
  };
}

/** A page whose text lines fill `textLines` lines of YAML, then one line per control. */
function page(controls: InteractiveElement[], textLines: number, maxChars = 8_000): PageStateParts {
  const lines = [
    ...Array.from({ length: textLines }, (_, i) => `- paragraph: Paragraph ${i} ${'words '.repeat(60)}`),
    ...controls.map((c) => `- button "${c.name}" [ref=${c.ref}]`),
  ];
  let yaml = '';
  for (const line of lines) {
    if (yaml.length + line.length + 1 > maxChars) break;
    yaml += (yaml ? '\n' : '') + line;
  }
  return {
    state: {
      sco_url: 'index.html',
      title: 'A long page',
      frames: [{ label: 'sco', url: 'http://x/index.html', title: 'A long page', element_count: 900 }],
      headings: [],
      interactive_elements: [],
      interactive_count: controls.length,
      focused: null,
      dialogs: [],
      scorm: { version: '1.2', initialize_state: 'initialized' },
      notes: [],
    },
    headings: [{ level: 1, text: 'Caring for a river', ref: null }],
    controls,
    focused: null,
    summary: 'Paragraph 0 words '.repeat(120).slice(0, 2_000),
    summaryTruncated: true,
    snapshot: { yaml, truncated: yaml.length < lines.join('\n').length, note: null },
    maxChars,
    floorChars: 8_000,
  };
}

/** The refs an agent can act on from the answer: on a snapshot line, or listed. */
function reachable(answer: Record<string, unknown>): Set<string> {
  const onLines = [...String(answer.snapshot ?? '').matchAll(/\[ref=([^\]]+)\]/g)].map((m) => m[1]!);
  const listed = ((answer.interactive_elements ?? []) as Array<{ ref: string }>).map((e) => e.ref);
  return new Set([...onLines, ...listed]);
}

const within = (answer: Record<string, unknown>): boolean => jsonBytes(answer) <= ANSWER_BUDGET_BYTES - 1_000;

test('60 controls after a long text: the snapshot keeps what leaves room for an entry for each', () => {
  const controls = Array.from({ length: 60 }, (_, i) => control(i + 1));
  for (const maxChars of [8_000, 500_000]) {
    const answer = fitPageState(page(controls, 40, maxChars));
    assert.ok(within(answer), `${jsonBytes(answer)} bytes`);
    assert.equal(answer.snapshot_truncated, true);
    assert.equal(reachable(answer).size, 60);
    const listed = answer.interactive_elements as Array<Record<string, unknown>>;
    assert.ok(listed.length > 0);
    for (const e of listed) assert.deepEqual(Object.keys(e), ['ref', 'role', 'name', 'purpose']);
    assert.match(
      (answer.notes as string[]).join(' '),
      /interactive_elements lists every control after the clip/,
    );
  }
});

test('without a snapshot, every control that fits the budget is listed; the rest are counted', () => {
  const some = Array.from({ length: 60 }, (_, i) => control(i + 1));
  const bare = fitPageState({ ...page(some, 40), snapshot: null });
  assert.equal((bare.interactive_elements as unknown[]).length, 60);
  assert.equal(bare.notes, undefined);
  const many = Array.from({ length: 200 }, (_, i) =>
    control(i + 1, `Activity ${i} ${'describe it '.repeat(12)}`),
  );
  const crowded = fitPageState({ ...page(many, 40), snapshot: null });
  assert.ok(within(crowded), `${jsonBytes(crowded)} bytes`);
  const named = reachable(crowded).size;
  assert.ok(named > 30 && named < 200, `${named}`);
  assert.match(
    (crowded.notes as string[]).join(' '),
    new RegExp(`${named} of the 200 controls read are named here`),
  );
});

test('a page whose controls cannot all fit keeps the default snapshot and names as many as fit', () => {
  const many = Array.from({ length: 200 }, (_, i) =>
    control(i + 1, `Activity ${i} ${'describe it '.repeat(12)}`),
  );
  const answer = fitPageState(page(many, 40, 500_000));
  assert.ok(within(answer), `${jsonBytes(answer)} bytes`);
  assert.ok(String(answer.snapshot).length > 6_000, `${String(answer.snapshot).length} characters`);
  const named = reachable(answer).size;
  assert.match(
    (answer.notes as string[]).join(' '),
    new RegExp(`${named} of the 200 controls read are named here`),
  );
});

test('a whole snapshot leaves out the text summary and lists nothing its lines say', () => {
  const controls = Array.from({ length: 5 }, (_, i) => control(i + 1));
  const answer = fitPageState(page(controls, 2));
  assert.equal(answer.snapshot_truncated, undefined);
  assert.equal(answer.text_summary, undefined);
  assert.equal(answer.interactive_elements, undefined);
  assert.equal(answer.notes, undefined);
});
