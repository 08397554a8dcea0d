import assert from 'node:assert/strict';
import { test } from 'node:test';
import {
  learnerStep,
  newLearnerMemory,
  type LearnerCall,
  type StepContext,
} from '../../bench/learner-step.js';

/** Records the learner's calls and answers each from a table (tool → answer), so the rules run without a browser. */
function recorder(
  answers: Record<string, { ok: boolean; data?: Record<string, unknown>; error_code?: string }> = {},
): {
  call: LearnerCall;
  calls: Array<{ tool: string; args: Record<string, unknown> }>;
} {
  const calls: Array<{ tool: string; args: Record<string, unknown> }> = [];
  const call: LearnerCall = async (tool, args) => {
    calls.push({ tool, args });
    const a = answers[tool] ?? { ok: true, data: {} };
    return { ok: a.ok, data: a.data, ...(a.error_code ? { error_code: a.error_code } : {}) };
  };
  return { call, calls };
}

const ctx = (controls: unknown[], fingerprint = 'page-1', place = fingerprint): StepContext => ({
  session_id: 's1',
  fingerprint,
  place,
  elements: { interactive_elements: controls },
  slide: null,
});

// The page was already read to its end, so each step goes straight to "go on".
function readMemory(fingerprint = 'page-1') {
  const memory = newLearnerMemory();
  memory.scrolled.add(fingerprint);
  return memory;
}

test('a popup is closed first, once per page, before the next control', async () => {
  const { call, calls } = recorder();
  const memory = readMemory();
  const controls = [
    { ref: 'e1', name: 'Next', role: 'button', purpose: 'next' },
    { ref: 'e9', name: 'Close', role: 'button', purpose: 'close' },
  ];
  await learnerStep(call, ctx(controls), memory);
  await learnerStep(call, ctx(controls), memory);
  assert.deepEqual(
    calls.map((c) => [c.tool, c.args.ref]),
    [
      ['scorm_dom_click', 'e9'],
      ['scorm_dom_click', 'e1'],
    ],
  );
});

test("between SCOs the LMS's Next comes before the course's own link; when it delivers nothing, the course's next", async () => {
  const delivered = recorder({ scorm_nav_next: { ok: true, data: { outcome: 'delivered' } } });
  const memory = readMemory();
  memory.multiSco = true;
  const controls = [{ ref: 'e1', name: 'Chapter 2', role: 'link', purpose: 'next' }];
  const out = await learnerStep(delivered.call, ctx(controls), memory);
  assert.deepEqual(out.actions, ['scorm_nav_next']);
  assert.deepEqual(
    delivered.calls.map((c) => c.tool),
    ['scorm_nav_next'],
  );

  const refused = recorder({ scorm_nav_next: { ok: true, data: { outcome: 'not_delivered' } } });
  const memory2 = readMemory();
  memory2.multiSco = true;
  await learnerStep(refused.call, ctx(controls), memory2);
  assert.deepEqual(
    refused.calls.map((c) => [c.tool, c.args.ref]),
    [
      ['scorm_nav_next', undefined],
      ['scorm_dom_click', 'e1'],
    ],
  );
  assert.equal(memory2.lmsNextUnavailable, true);
});

test('a course waiting for Play is started once, before its links are followed', async () => {
  const { call, calls } = recorder();
  const memory = readMemory();
  memory.lmsNextUnavailable = true;
  const controls = [
    { ref: 'e1', name: 'Glossary', role: 'link', purpose: 'link' },
    { ref: 'e2', name: 'Play video', role: 'button', purpose: 'play_pause' },
  ];
  await learnerStep(call, ctx(controls), memory);
  await learnerStep(call, ctx(controls), memory);
  assert.deepEqual(
    calls.map((c) => c.args.ref),
    ['e2', 'e1'],
  );
});

test('a page without a next control: its links, then its other buttons (hotspots), each once, then it says what is missing', async () => {
  const { call, calls } = recorder();
  const memory = readMemory();
  memory.lmsNextUnavailable = true;
  const controls = [
    { ref: 'e1', name: 'Hotspot 1', role: 'button', purpose: 'other' },
    { ref: 'e2', name: 'Section A', role: 'link', purpose: 'link' },
    { ref: 'e3', name: 'Hidden skip', role: 'button', purpose: 'other', state: { visually_hidden: true } },
  ];
  await learnerStep(call, ctx(controls), memory);
  await learnerStep(call, ctx(controls), memory);
  const last = await learnerStep(call, ctx(controls), memory);
  assert.deepEqual(
    calls.map((c) => c.args.ref),
    ['e2', 'e1'],
  );
  assert.match(last.blocker ?? '', /no next control/);
});

test("when the way on is closed, what the page offers is clicked before the player's frame seen on other pages", async () => {
  const { call, calls } = recorder();
  const memory = readMemory('page-3');
  memory.lmsNextUnavailable = true;
  const frame = [
    { ref: 'h', name: 'Home', role: 'button', purpose: 'other' },
    { ref: 'r', name: 'Resources', role: 'button', purpose: 'other' },
  ];
  // Lectora: Home and Resources were on the pages before; this page asks to click its Guide, Next is disabled.
  for (const page of ['page-1', 'page-2'])
    memory.chrome.see(
      page,
      frame.map((c) => c.name),
    );
  const controls = [
    ...frame,
    { ref: 'n', name: '>', role: 'button', purpose: 'next', state: { disabled: true } },
    { ref: 'g', name: 'Button 1', role: 'button', purpose: 'other' },
  ];
  const step = (): StepContext => ({ ...ctx(controls, 'page-3'), page: 'page-3' });
  await learnerStep(call, step(), memory);
  // Next still locked and nothing of the page's own left: the learner looks again once (a control still appearing).
  const looked = await learnerStep(call, step(), memory);
  assert.match(looked.actions[0] ?? '', /looked again/);
  await learnerStep(call, step(), memory);
  assert.deepEqual(
    calls.map((c) => c.args.ref),
    ['g', 'h'],
    'the Guide first, the frame only after',
  );
});

test('unnamed buttons are told apart by ref: each is clicked once', async () => {
  const { call, calls } = recorder();
  const memory = readMemory();
  memory.lmsNextUnavailable = true;
  // Lectora's topic buttons are images with an empty label.
  const controls = [
    { ref: 'e1', name: '', role: 'button', purpose: 'other' },
    { ref: 'e2', name: '', role: 'button', purpose: 'other' },
  ];
  await learnerStep(call, ctx(controls), memory);
  await learnerStep(call, ctx(controls), memory);
  assert.deepEqual(
    calls.map((c) => c.args.ref),
    ['e1', 'e2'],
  );
});

test('a question is answered and submitted in its own step; a refused Submit is the blocker, with its code', async () => {
  const { call, calls } = recorder({ scorm_dom_click: { ok: false, error_code: 'DOM_NOT_ACTIONABLE' } });
  const memory = readMemory();
  const step: StepContext = {
    ...ctx([
      { ref: 'o1', name: 'A', role: 'radio', purpose: 'choice' },
      { ref: 's1', name: 'Submit', role: 'button', purpose: 'submit' },
    ]),
    elements: {
      interactive_elements: [
        { ref: 'o1', name: 'A', role: 'radio', purpose: 'choice' },
        { ref: 's1', name: 'Submit', role: 'button', purpose: 'submit' },
      ],
      assessments: [{ question: 'Q1', type: 'choice', options: ['o1'] }],
    },
  };
  const out = await learnerStep(call, step, memory);
  assert.deepEqual(
    calls.map((c) => c.args.ref),
    ['o1', 's1'],
  );
  assert.match(out.blocker ?? '', /"Submit" \(s1\) \(DOM_NOT_ACTIONABLE\)/);
});

test('a Submit listed disabled before the answer is clicked after it (the choice enables it)', async () => {
  const { call, calls } = recorder();
  const memory = readMemory();
  const controls = [
    { ref: 'o1', name: 'Sleep', role: 'checkbox', purpose: 'answer_option' },
    { ref: 's1', name: 'SUBMIT', role: 'button', purpose: 'submit', state: { disabled: true } },
  ];
  await learnerStep(
    call,
    {
      ...ctx(controls),
      elements: {
        interactive_elements: controls,
        assessments: [{ question: 'Q', type: 'multiple_choice', options: ['o1'] }],
      },
    },
    memory,
  );
  assert.deepEqual(
    calls.map((c) => c.args.ref),
    ['o1', 's1'],
  );
});

test("when the course's Next left the page as it was, the slide's own button is tried (once) before answering again", async () => {
  const { call, calls } = recorder();
  const memory = readMemory();
  const controls = [
    { ref: 'e1', name: 'Call sign', role: 'textbox', purpose: 'text_entry' },
    { ref: 'e2', name: 'Begin', role: 'button', purpose: 'other' },
    { ref: 'e8', name: 'next', role: 'button', purpose: 'next' },
  ];
  await learnerStep(call, ctx(controls), memory);
  await learnerStep(call, ctx(controls), memory);
  await learnerStep(call, ctx(controls), memory);
  assert.deepEqual(
    calls.map((c) => [c.tool, c.args.ref]),
    [
      ['scorm_dom_click', 'e8'],
      ['scorm_dom_click', 'e2'],
      ['scorm_dom_click', 'e8'],
    ],
  );
});

test('a click that opened the course in a new window is an action, not a stop: the tools follow the window', async () => {
  const { call } = recorder({ scorm_dom_click: { ok: true, data: { windows_opened: 1 } } });
  const memory = readMemory();
  memory.lmsNextUnavailable = true;
  const controls = [{ ref: 'e1', name: 'Launch', role: 'button', purpose: 'other' }];
  const first = await learnerStep(call, ctx(controls), memory);
  assert.equal(first.blocker, null);
  assert.match(first.actions.join('; '), /opened the course in a new window/);
});

test('a control followed on one slide is followed again on another slide of the same name (storyline-2: the arrow image "nav1.png" on each slide)', async () => {
  const { call, calls } = recorder();
  const memory = readMemory('hub');
  memory.scrolled.add('sorting');
  memory.lmsNextUnavailable = true;
  const arrow = { ref: 'e7', name: 'nav1.png', role: 'button', purpose: 'other' };
  await learnerStep(call, ctx([arrow], 'hub', 'Opening'), memory);
  await learnerStep(call, ctx([{ ...arrow, ref: 'e28' }], 'sorting', 'Sorting'), memory);
  assert.deepEqual(
    calls.map((c) => c.args.ref),
    ['e7', 'e28'],
  );
  // Back on the first slide, the same arrow is not followed twice.
  calls.length = 0;
  const out = await learnerStep(call, ctx([arrow], 'hub', 'Opening'), memory);
  assert.deepEqual(calls, []);
  assert.match(String(out.blocker), /no next control/);
});

test("the course's Next that changed nothing is named as the course's dead end, with the slide (storyline-1)", async () => {
  const { call } = recorder({ scorm_dom_click: { ok: true, data: { success: true, changed: false } } });
  const memory = readMemory();
  const next = { ref: 'f1e7', name: 'next', role: 'button', purpose: 'next' };
  const out = await learnerStep(call, ctx([next], 'page-1', 'H — Hypothermia'), memory);
  assert.match(String(out.blocker), /next.*changed nothing on "H — Hypothermia".*dead end/);
});

test('drag items are not clicked as answer options; with no drop target listed, the step says so (storyline-2, storyline-3)', async () => {
  const { call, calls } = recorder();
  const memory = readMemory();
  memory.lmsNextUnavailable = true;
  const items = [
    { ref: 'f1e53', name: '.jpg', role: 'generic', purpose: 'answer_option', state: { draggable: true } },
    { ref: 'f1e54', name: '.ai', role: 'generic', purpose: 'answer_option', state: { draggable: true } },
  ];
  const elements = {
    interactive_elements: items,
    assessments: [{ kind: 'clickable', type: 'mixed', question: 'Drag each', options: ['f1e53', 'f1e54'] }],
  };
  const out = await learnerStep(call, { ...ctx([], 'page-1', 'Drag and Drop'), elements }, memory);
  assert.equal(
    calls.some((c) => c.tool === 'scorm_dom_click' && String(c.args.ref).startsWith('f1e5')),
    false,
    JSON.stringify(calls),
  );
  assert.match(String(out.blocker), /drag-and-drop on "Drag and Drop": 2 item\(s\) to drag.*no drop target/);
});

test('a page with no way on names its disabled controls and the drag-and-drop left undone before it (storyline-2: chapters locked until the sorting is done)', async () => {
  const { call } = recorder();
  const memory = readMemory('hub');
  memory.lmsNextUnavailable = true;
  memory.dragGate =
    'a drag-and-drop on "Sorting": 9 item(s) to drag (state.draggable), no drop target listed';
  const controls = [
    { ref: 'e10', name: 'Summary', role: 'button', purpose: 'other', state: { disabled: true } },
    { ref: 'e11', name: 'Machine', role: 'button', purpose: 'other', state: { disabled: true } },
  ];
  const out = await learnerStep(call, ctx(controls, 'hub', 'Opening'), memory);
  assert.match(
    String(out.blocker),
    /^no next control.*; 2 control\(s\) disabled: "Summary", "Machine"; left undone: a drag-and-drop on "Sorting"/,
  );
});

test('a slide\'s own button tried on a drag-and-drop page that did not move keeps the drag-and-drop as the blocker (storyline-3 ended on "no control took the learner further")', async () => {
  const { call } = recorder();
  const memory = readMemory();
  memory.wentOnFrom = 'page-1';
  const elements = {
    interactive_elements: [
      { ref: 'f1e1', name: 'Back to top', role: 'button', purpose: 'other' },
      { ref: 'f1e53', name: '.jpg', role: 'generic', purpose: 'answer_option', state: { draggable: true } },
    ],
    assessments: [],
  };
  const out = await learnerStep(call, { ...ctx([], 'page-1', 'Check #3'), elements }, memory);
  assert.deepEqual(out.actions, ['scorm_dom_click button "Back to top" (f1e1)']);
  assert.match(String(out.blocker), /^a drag-and-drop on "Check #3": 1 item\(s\) to drag/);
});

test('told the answer was wrong, the learner presses Try again and answers with the next option; a dialog with Cancel is closed instead', async () => {
  const { call, calls } = recorder();
  const memory = readMemory();
  const options = [
    { ref: 'o1', name: 'A', role: 'generic', purpose: 'answer_option' },
    { ref: 'o2', name: 'B', role: 'generic', purpose: 'answer_option' },
  ];
  const quiz = (fingerprint: string): StepContext => ({
    ...ctx([], fingerprint),
    elements: {
      interactive_elements: [...options, { ref: 's1', name: 'SUBMIT', role: 'button', purpose: 'submit' }],
      assessments: [{ kind: 'clickable', question: 'Q1', type: 'mixed', options: ['o1', 'o2'] }],
    },
  });
  const tryAgain = [{ ref: 'r1', name: 'TRY AGAIN', role: 'button', purpose: 'retry' }];
  await learnerStep(call, quiz('q'), memory);
  await learnerStep(call, ctx(tryAgain, 'wrong'), memory);
  await learnerStep(call, quiz('q'), memory);
  assert.deepEqual(
    calls.map((c) => c.args.ref),
    ['o1', 's1', 'r1', 'o2', 's1'],
  );
  const dialog = [...tryAgain, { ref: 'c1', name: 'CANCEL', role: 'button', purpose: 'close' }];
  calls.length = 0;
  memory.scrolled.add('dialog');
  await learnerStep(call, ctx(dialog, 'dialog'), memory);
  assert.deepEqual(
    calls.map((c) => c.args.ref),
    ['c1'],
  );
});

test('a field is filled as its label asks (an email), filled again when the course shows it wrong; links to another site are not followed', async () => {
  const { call, calls } = recorder();
  const memory = readMemory();
  const form = (invalid: boolean): StepContext => ({
    ...ctx([]),
    elements: {
      interactive_elements: [
        { ref: 'f1', name: '', role: 'textbox', purpose: 'text_entry', state: invalid ? { invalid } : {} },
        { ref: 'l1', name: 'Created with a tool', role: 'link', purpose: 'link', state: { external: true } },
      ],
      assessments: [{ kind: 'field', question: 'Email*', type: 'text_entry', options: ['f1'] }],
    },
  });
  await learnerStep(call, form(false), memory);
  await learnerStep(call, form(true), memory);
  memory.lmsNextUnavailable = true;
  const last = await learnerStep(call, form(false), memory);
  assert.deepEqual(
    calls.map((c) => [c.args.ref, c.args.value]),
    [
      ['f1', 'learner@example.com'],
      ['f1', 'answer'],
    ],
  );
  assert.match(last.blocker ?? '', /no next control/);
});

test("a course of several SCOs with flow off: the learner picks the next activity never attempted from the LMS's menu (other-2)", async () => {
  const toc = [
    { id: 'intro', title: 'Introduction', is_leaf: true, current: true, can_choose: true, attempt_count: 1 },
    { id: 'mod', title: 'Module', is_leaf: false, current: false, can_choose: true, attempt_count: 0 },
    { id: 'seen', title: 'Seen', is_leaf: true, current: false, can_choose: true, attempt_count: 1 },
    { id: 'locked', title: 'Locked', is_leaf: true, current: false, can_choose: false, attempt_count: 0 },
    { id: 'm1', title: 'Module 1', is_leaf: true, current: false, can_choose: true, attempt_count: 0 },
  ];
  const { call, calls } = recorder({
    scorm_nav_get_state: { ok: true, data: { toc } },
    scorm_nav_choice: { ok: true, data: { outcome: 'delivered' } },
  });
  const memory = readMemory();
  memory.multiSco = true;
  memory.lmsNextUnavailable = true;
  const out = await learnerStep(call, ctx([]), memory);
  assert.deepEqual(
    calls.filter((c) => c.tool === 'scorm_nav_choice').map((c) => c.args.targetId),
    ['m1'],
  );
  assert.equal(out.blocker, null);
  assert.deepEqual(out.actions, ['scorm_nav_choice "Module 1"']);
});

test('a drag-and-drop whose targets are listed: each item dragged by ref onto a target in turn, then submitted; the next try shifts the targets (storyline-2, storyline-3)', async () => {
  const { call, calls } = recorder();
  const memory = readMemory();
  const item = (ref: string, name: string) => ({
    ref,
    name,
    role: 'generic',
    purpose: 'answer_option',
    state: { draggable: true },
  });
  const box = (ref: string, name: string) => ({
    ref,
    name,
    role: 'generic',
    purpose: 'drop_target',
    state: { drop_target: true },
  });
  const elements = {
    interactive_elements: [
      item('f1e53', '.jpg'),
      item('f1e54', '.ai'),
      item('f1e55', '.gif'),
      box('f1e60', 'Raster'),
      box('f1e61', 'Vector'),
      { ref: 'f1e9', name: 'submit', role: 'button', purpose: 'submit' },
    ],
    assessments: [
      {
        kind: 'drag_drop',
        type: 'drag_and_drop',
        question: 'Drag and Drop',
        options: ['f1e53', 'f1e54', 'f1e55'],
        targets: ['f1e60', 'f1e61'],
      },
    ],
  };
  const out = await learnerStep(call, { ...ctx([], 'page-1', 'Drag and Drop'), elements }, memory);
  assert.equal(out.blocker, null);
  const pairs = (from: number) =>
    calls
      .slice(from)
      .filter((c) => c.tool === 'scorm_pointer_drag')
      .map((c) => [(c.args.from as { ref: string }).ref, (c.args.to as { ref: string }).ref]);
  assert.deepEqual(pairs(0), [
    ['f1e53', 'f1e60'],
    ['f1e54', 'f1e61'],
    ['f1e55', 'f1e60'],
  ]);
  assert.deepEqual(calls.at(-1), { tool: 'scorm_dom_click', args: { session_id: 's1', ref: 'f1e9' } });
  // Going on left the page as it was: the question is tried again, each item onto the next target.
  memory.wentOnFrom = 'page-1';
  const before = calls.length;
  await learnerStep(call, { ...ctx([], 'page-1', 'Drag and Drop'), elements }, memory);
  assert.deepEqual(pairs(before), [
    ['f1e53', 'f1e61'],
    ['f1e54', 'f1e60'],
    ['f1e55', 'f1e61'],
  ]);
});

test('a Next locked until the pop-ups are seen: the openers one after the other in one step, the pop-ups left open, then Next once unlocked (lectora-1)', async () => {
  const { call, calls } = recorder();
  const memory = readMemory('guide');
  memory.lmsNextUnavailable = true;
  const frame = { ref: 'e2', name: 'Back', role: 'button', purpose: 'previous' };
  const locked = { ref: 'e5', name: '>', role: 'button', purpose: 'next', state: { disabled: true } };
  const openers = [
    { ref: 'e6', name: '', role: 'button', purpose: 'other' },
    { ref: 'e7', name: '', role: 'button', purpose: 'other' },
  ];
  const close = { ref: 'e10', name: 'Close', role: 'button', purpose: 'close' };
  // One page to the learner (its title and heading), whatever the pop-ups change in its fingerprint.
  const on = (controls: unknown[], fingerprint: string): StepContext => ({
    ...ctx(controls, fingerprint, 'Guide'),
    page: 'Guide',
  });
  await learnerStep(call, on([frame, locked, ...openers], 'guide'), memory);
  const unlocked = { ...locked, state: {} };
  // The pop-ups' Close appeared since the last listing: it is not closed, Next is pressed.
  await learnerStep(call, on([frame, unlocked, ...openers, close], 'guide+2'), memory);
  assert.deepEqual(
    calls.map((c) => [c.tool, c.args.ref]),
    [
      ['scorm_dom_click', 'e6'],
      ['scorm_dom_click', 'e7'],
      ['scorm_dom_click', 'e5'],
    ],
  );
});

test('the openers stop at a click that left the page (a frame navigated)', async () => {
  const { call, calls } = recorder({
    scorm_dom_click: { ok: true, data: { changes: { navigation: [{ frame: 'f', from: 'a', to: 'b' }] } } },
  });
  const memory = readMemory('guide');
  memory.lmsNextUnavailable = true;
  const controls = [
    { ref: 'e5', name: '>', role: 'button', purpose: 'next', state: { disabled: true } },
    { ref: 'e6', name: '', role: 'button', purpose: 'other' },
    { ref: 'e7', name: '', role: 'button', purpose: 'other' },
  ];
  await learnerStep(call, ctx(controls, 'guide'), memory);
  assert.deepEqual(
    calls.map((c) => [c.tool, c.args.ref]),
    [['scorm_dom_click', 'e6']],
  );
});

test('a popup opened while Next was free is still closed first (feedback after an answer)', async () => {
  const { call, calls } = recorder();
  const memory = readMemory();
  const controls = [
    { ref: 'e1', name: 'Next', role: 'button', purpose: 'next' },
    { ref: 'e6', name: '', role: 'button', purpose: 'other' },
    { ref: 'e9', name: 'Close', role: 'button', purpose: 'close' },
  ];
  await learnerStep(call, ctx(controls), memory);
  assert.deepEqual(
    calls.map((c) => [c.tool, c.args.ref]),
    [['scorm_dom_click', 'e9']],
  );
});

test('a drawer the learner opened is closed before anything else, even a question still to answer (adapt-2)', async () => {
  const { call, calls } = recorder();
  const memory = readMemory();
  memory.lmsNextUnavailable = true;
  const page = [{ ref: 'e1', name: 'Hotspot', role: 'button', purpose: 'other' }];
  await learnerStep(call, ctx(page), memory);
  const opened = {
    session_id: 's1',
    fingerprint: 'page-1',
    place: 'page-1',
    elements: {
      interactive_elements: [
        ...page,
        { ref: 'e2', name: 'Yes', role: 'radio', purpose: 'answer_option', question: 'Q1' },
        { ref: 'e3', name: 'Close drawer', role: 'button', purpose: 'close' },
      ],
      assessments: [{ question: 'Q1', type: 'single_choice', options: ['e2'] }],
    },
    slide: null,
  };
  await learnerStep(call, opened, memory);
  await learnerStep(call, opened, memory);
  assert.deepEqual(
    // A radio with no Submit also asks where the session's events stand (learner-verdicts.ts).
    calls.filter((c) => c.tool !== 'scorm_session_events').map((c) => [c.tool, c.args.ref]),
    [
      ['scorm_dom_click', 'e1'],
      ['scorm_dom_click', 'e3'],
      ['scorm_dom_click', 'e2'],
    ],
    'the drawer closed once, then the question answered',
  );
});

test("a dialog that comes with a new page is the page's own: answered, not closed (adapt-2's email form)", async () => {
  const { call, calls } = recorder();
  const memory = readMemory('menu');
  memory.lmsNextUnavailable = true;
  await learnerStep(
    call,
    ctx([{ ref: 'e1', name: 'View', role: 'button', purpose: 'other' }], 'menu'),
    memory,
  );
  const page = {
    ...ctx([], 'page-1'),
    page: 'page-1',
    elements: {
      interactive_elements: [
        { ref: 'e7', name: 'Email address', role: 'textbox', purpose: 'text_entry', question: 'Email' },
        { ref: 'e9', name: 'Close popup', role: 'button', purpose: 'close' },
      ],
      assessments: [{ question: 'Email', type: 'text_entry', options: ['e7'] }],
    },
  };
  await learnerStep(call, page, memory);
  assert.deepEqual(
    calls.map((c) => [c.tool, c.args.ref]),
    [
      ['scorm_dom_click', 'e1'],
      ['scorm_dom_fill', 'e7'],
    ],
  );
});

test("a form's fields share one Submit: it is pressed once, after the last field (ispring-2's six fields)", async () => {
  const { call, calls } = recorder();
  const memory = readMemory();
  const controls = [
    { ref: 'n', name: '', role: 'textbox', purpose: 'text_entry' },
    { ref: 'e', name: '', role: 'textbox', purpose: 'text_entry' },
    { ref: 'c', name: '', role: 'textbox', purpose: 'text_entry' },
    { ref: 's1', name: 'SUBMIT', role: 'button', purpose: 'submit' },
  ];
  await learnerStep(
    call,
    {
      ...ctx(controls),
      elements: {
        interactive_elements: controls,
        assessments: [
          { kind: 'field', question: 'Name*', type: 'text_entry', options: ['n'] },
          { kind: 'field', question: 'Email*', type: 'text_entry', options: ['e'] },
          { kind: 'field', question: 'Company*', type: 'text_entry', options: ['c'] },
        ],
      },
    },
    memory,
  );
  assert.deepEqual(
    calls.map((c) => [c.tool, c.args.ref]),
    [
      ['scorm_dom_fill', 'n'],
      ['scorm_dom_fill', 'e'],
      ['scorm_dom_fill', 'c'],
      ['scorm_dom_click', 's1'],
    ],
  );
});

test('a page scrolled to its very end by the last step is not scrolled again: the way on listed since is taken (rise-3)', async () => {
  const { call, calls } = recorder({
    scorm_scroll: { ok: true, data: { moved: true, at_end: true, after: { max_top: 3000 } } },
  });
  const memory = newLearnerMemory();
  const page = (fingerprint: string): StepContext => ({
    ...ctx([{ ref: 'e1', name: 'Lesson 3', role: 'link', purpose: 'next' }], fingerprint),
    page: 'lesson-2',
  });
  // The lesson's top: no way on listed yet, the scroll brings the rest of the lesson in.
  await learnerStep(call, { ...page('top'), elements: { interactive_elements: [] } }, memory);
  await learnerStep(call, page('bottom'), memory);
  assert.deepEqual(
    calls.map((c) => [c.tool, c.args.ref ?? c.args.to]),
    [
      ['scorm_scroll', 'end'],
      ['scorm_dom_click', 'e1'],
    ],
  );
});

test('a scroll that stopped short of the end, or another action since, lets the page be scrolled again', async () => {
  const short = recorder({
    scorm_scroll: { ok: true, data: { moved: true, at_end: false, after: { max_top: 3000 } } },
  });
  const memory = newLearnerMemory();
  const lesson = (fingerprint: string, controls: unknown[]): StepContext => ({
    ...ctx(controls, fingerprint),
    page: 'lesson-2',
  });
  await learnerStep(short.call, lesson('top', []), memory);
  await learnerStep(
    short.call,
    lesson('lower', [{ ref: 'e1', name: 'Lesson 3', role: 'link', purpose: 'next' }]),
    memory,
  );
  assert.deepEqual(
    short.calls.map((c) => c.tool),
    ['scorm_scroll', 'scorm_scroll', 'scorm_dom_click'],
  );
});

test("a scenario's numbered choices are answers, not the way on: the lesson's link below is taken (rise-3)", async () => {
  const { call, calls } = recorder();
  const memory = readMemory();
  const controls = [
    { ref: 'e1', name: '1 This is the correct choice, so continue', role: 'button', purpose: 'next' },
    { ref: 'e2', name: '2 This is an incorrect choice', role: 'button', purpose: 'other' },
    { ref: 'e3', name: '3 This is another incorrect choice', role: 'button', purpose: 'other' },
    { ref: 'e4', name: 'Lesson 13 - Relationships', role: 'link', purpose: 'next' },
  ];
  await learnerStep(call, ctx(controls), memory);
  assert.deepEqual(
    calls.map((c) => [c.tool, c.args.ref]),
    [['scorm_dom_click', 'e4']],
  );
});

test('a single numbered button ("1 more step") is still a way on', async () => {
  const { call, calls } = recorder();
  const memory = readMemory();
  await learnerStep(
    call,
    ctx([{ ref: 'e1', name: '1 more step: continue', role: 'button', purpose: 'next' }]),
    memory,
  );
  assert.deepEqual(
    calls.map((c) => [c.tool, c.args.ref]),
    [['scorm_dom_click', 'e1']],
  );
});
