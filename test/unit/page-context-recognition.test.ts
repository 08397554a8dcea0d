/** Player recognition's pure parts: indicator parsing, confidence, choice of player, page type, slide targets. */
import { test } from 'node:test';
import { quoted } from '../../src/core/course-text.js';
import assert from 'node:assert/strict';
import { parsePercent, parseSlideIndicator, percentOf } from '../../src/dom/players/indicators.js';
import { confidence, recognise } from '../../src/dom/players/recognise.js';
import { inferPageType } from '../../src/dom/players/page-type.js';
import { resolveTarget } from '../../src/dom/players/navigate.js';
import { domSlides } from '../../src/dom/players/slide-map.js';
import { isScormTesterError } from '../../src/core/errors.js';
import type { FrameFacts, GenericFacts } from '../../src/dom/players/types.js';

test('slide indicators: the forms courses print, and what is not one', () => {
  for (const [text, current, total] of [
    ['3 / 10', 3, 10],
    ['Slide 3 of 10', 3, 10],
    ['page 3/10', 3, 10],
    ['Lesson 2 of 5', 2, 5],
    ['  Question 1 of 4 ', 1, 4],
    ['Step\n2 of 4', 2, 4],
    ['Seite 4 von 9', 4, 9],
  ] as const) {
    assert.deepEqual(parseSlideIndicator(text), { current, total }, text);
  }
  for (const text of [
    '0 / 10',
    '11 / 10',
    '1 / 1',
    '2024',
    '3 of 10 people agree with this long sentence here',
    'a / b',
    '10%',
  ]) {
    assert.equal(parseSlideIndicator(text), null, text);
  }
});

test('percentages: text and ranges', () => {
  assert.equal(parsePercent('40%'), 40);
  assert.equal(parsePercent('33% COMPLETE'), 33);
  assert.equal(parsePercent('Progress: 12.5 %'), 12.5);
  assert.equal(parsePercent('140%'), null);
  assert.equal(parsePercent('40% of learners fail this test'), null);
  assert.equal(percentOf(3, 0, 10), 30);
  assert.equal(percentOf(1, 0, 3), 33.3);
  assert.equal(percentOf(12, 0, 10), 100);
  assert.equal(percentOf(1, 5, 5), null);
  assert.equal(percentOf(Number.NaN, 0, 10), null);
});

test('confidence combines independent signals and never reaches 1', () => {
  assert.equal(confidence([]), 0);
  assert.equal(confidence([{ signal: 'a', weight: 0.6 }]), 0.6);
  assert.equal(
    confidence([
      { signal: 'a', weight: 0.5 },
      { signal: 'b', weight: 0.5 },
    ]),
    0.75,
  );
  assert.equal(
    confidence([
      { signal: 'a', weight: 1 },
      { signal: 'b', weight: 1 },
    ]),
    0.99,
  );
});

const noGeneric: GenericFacts = {
  indicator: null,
  progress: null,
  slides: null,
  nav: { next: null, previous: null, menu: null },
  heading: null,
  answerInputs: 0,
  headingText: '',
};
const facts = (players: FrameFacts['players'], generic: Partial<GenericFacts> = {}): FrameFacts => ({
  url: 'http://127.0.0.1/x',
  title: '',
  players,
  generic: { ...noGeneric, ...generic },
});

test('recognise: the strongest player wins, the template API wins over any other, in whichever frame', () => {
  const launch = facts({ storyline: [{ signal: '#preso', weight: 0.4 }] });
  const inner = facts({
    captivate: [
      { signal: 'window.cpAPIInterface', weight: 0.9 },
      { signal: '#cpMainContainer', weight: 0.6 },
    ],
  });
  const chosen = recognise([launch, inner]);
  assert.equal(chosen.player, 'captivate');
  assert.equal(chosen.frameIndex, 1);
  assert.equal(chosen.confidence, 0.96);
  assert.deepEqual(chosen.evidence, ['window.cpAPIInterface', '#cpMainContainer']);

  const withTemplate = recognise([
    inner,
    facts({ automation_api: [{ signal: 'SCORMAutomation', weight: 0.6 }] }),
  ]);
  assert.equal(withTemplate.player, 'automation_api');
  assert.equal(withTemplate.frameIndex, 1);
});

test('recognise: weak signatures fall back to page indicators, then to unknown with the reason', () => {
  const weak = facts({ storyline: [{ signal: '#preso', weight: 0.4 }] });
  const unknown = recognise([weak]);
  assert.equal(unknown.player, 'unknown');
  assert.equal(unknown.confidence, 0);
  assert.match(unknown.reason ?? '', /No player signature/);
  assert.match(unknown.reason ?? '', /storyline 0\.4 \(#preso\)/);

  const generic = recognise([weak, facts({}, { indicator: { current: 2, total: 5, text: '2 / 5' } })]);
  assert.equal(generic.player, 'generic');
  assert.equal(generic.frameIndex, 1);
  // The indicator is the course's text: marked, so the result's builder moves it into course_text.
  assert.deepEqual(generic.evidence, [`indicator text ${quoted('2 / 5')}`]);

  const none = recognise([null, null]);
  assert.equal(none.frameIndex, null);
  assert.match(none.reason ?? '', /No frame/);
});

test('page type from what the page shows', () => {
  const at = (
    text: string,
    answerInputs = 0,
    slideNumber: number | null = null,
    totalSlides: number | null = null,
  ) => inferPageType({ text, answerInputs, slideNumber, totalSlides }).page_type;
  assert.equal(at('Question 1', 2), 'assessment');
  assert.equal(at('Knowledge check'), 'assessment');
  assert.equal(at('Quiz results'), 'summary');
  assert.equal(at('Quiz results', 3), 'assessment');
  assert.equal(at('Congratulations!'), 'summary');
  assert.equal(at('Welcome to the course'), 'intro');
  assert.equal(at('Lifting loads', 0, 1, 8), 'intro');
  assert.equal(at('Lifting loads', 0, 3, 8), 'content');
  assert.equal(at(''), 'unknown');
  // A player's menu of pages carries the course's title: "SCORM+LRS TEST" is no test page (adapt-2).
  const menu = inferPageType({
    text: 'SCORM+LRS TEST',
    answerInputs: 0,
    slideNumber: null,
    totalSlides: 1,
    courseMenu: true,
  });
  assert.deepEqual([menu.page_type, /menu/.test(menu.reason)], ['intro', true]);
});

test('slide targets: 1-based numbers within range, or ids; INVALID_ARGUMENT naming the range', () => {
  const slides = [
    { index: 1, id: 's1', current: true },
    { index: 2, id: 's2', current: false },
  ];
  assert.equal(resolveTarget(slides, 2).id, 's2');
  assert.equal(resolveTarget(slides, 's1').index, 1);
  for (const bad of [0, 3, -1]) {
    assert.throws(
      () => resolveTarget(slides, bad),
      (e) => isScormTesterError(e) && e.code === 'INVALID_ARGUMENT' && /slides 1 to 2/.test(e.message),
    );
  }
  assert.throws(
    () => resolveTarget(slides, 'nope'),
    (e) =>
      isScormTesterError(e) &&
      e.code === 'INVALID_ARGUMENT' &&
      /one of the 2 ids in details\.ids/.test(e.message) &&
      !e.message.includes('s1') &&
      JSON.stringify(e.details?.ids) === '["s1","s2"]',
  );
  assert.throws(
    () => resolveTarget([{ index: 1, current: true }], 'x'),
    (e) => isScormTesterError(e) && /have no ids: pass a slide number from 1 to 1/.test(e.message),
  );
});

test('slides from the page: containers with ids, or positions from an indicator', () => {
  const fromContainers = domSlides({
    ...noGeneric,
    slides: { total: 3, current: 2, source: 'x', ids: ['a', null, 'c'] },
  });
  assert.deepEqual(fromContainers, {
    supported: true,
    slides: [
      { index: 1, id: 'a', current: false },
      { index: 2, current: true },
      { index: 3, id: 'c', current: false },
    ],
  });
  const fromIndicator = domSlides({ ...noGeneric, indicator: { current: 1, total: 2, text: '1 / 2' } });
  assert.deepEqual(fromIndicator, {
    supported: true,
    slides: [
      { index: 1, current: true },
      { index: 2, current: false },
    ],
  });
  assert.equal(domSlides(noGeneric), null);
});
