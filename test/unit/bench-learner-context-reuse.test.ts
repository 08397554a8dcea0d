import assert from 'node:assert/strict';
import { test } from 'node:test';
import { contextStillHolds, placeOf } from '../../bench/learner-context-reuse.js';

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
