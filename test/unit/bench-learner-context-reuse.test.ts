import assert from 'node:assert/strict';
import { test } from 'node:test';
import { contextSaysNoMore, contextStillHolds, placeOf } from '../../bench/learner-context-reuse.js';

const state = (url: string, heading: string): Record<string, unknown> => ({
  sco_url: 'scormdriver/indexAPI.html',
  title: 'Course',
  headings: [{ text: heading }],
  frames: [{ url: 'scormdriver/indexAPI.html' }, { url }],
});

test('after a step that only scrolled, the same page keeps its page context; another page does not', () => {
  const before = placeOf(state('story.html', 'Slide A'), 'storyline');
  assert.equal(contextStillHolds(before, placeOf(state('story.html', 'Slide A'), 'storyline'), true), true);
  assert.equal(contextStillHolds(before, placeOf(state('story.html', 'Slide B'), 'storyline'), true), false);
  // A click may change a slide whose address stays the same: read again.
  assert.equal(contextStillHolds(before, placeOf(state('story.html', 'Slide A'), 'storyline'), false), false);
  assert.equal(contextStillHolds(null, before, true), false);
});

test("Rise's lesson is its route: the same address keeps the page context, another route does not", () => {
  const lesson = placeOf(state('scormcontent/index.html#/lessons/a1', 'Managing Stress'), 'rise');
  const more = placeOf(state('scormcontent/index.html#/lessons/a1', 'Managing Stress'), 'rise');
  const next = placeOf(state('scormcontent/index.html#/lessons/b2', 'Managing Stress'), 'rise');
  assert.equal(contextStillHolds(lesson, more, false), true);
  assert.equal(contextStillHolds(lesson, next, false), false);
});

test("a player's context that names the page only as page state does is not read again; a slide title or id page state lacks is", () => {
  // lectora-1: the page context's title is page state's first heading.
  assert.equal(contextSaysNoMore({ slideTitle: 'Principles of access' }, 'Principles of access'), true);
  assert.equal(contextSaysNoMore({ slideTitle: null }, 'Course'), true);
  // storyline-2: one document title on every slide, no heading; the slide's title and id only in the context.
  assert.equal(contextSaysNoMore({ slideTitle: 'Drag and Drop' }, 'laundryMountain'), false);
  assert.equal(contextSaysNoMore({ slideTitle: 'סיכום', slideId: '5lCu5mUrKk9' }, 'סיכום'), false);
});
