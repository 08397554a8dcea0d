import { test } from 'node:test';
import assert from 'node:assert/strict';
import { dragDropOfSlideData } from '../../src/dom/players/storyline-slide-data.js';

const file = (json: string): string => `window.globalProvideData('slide', '${json}');`;

test('a slide data file: its drag items and drop targets by model id, grouped by interaction, titled by the slide', () => {
  const source = file(
    '{"title":"Sort the \\u201cfiles\\u201d: it\\\'s easy","slideLayers":[{"objects":[' +
      '{"id":"box1","objects":[{"id":"inner"}],"dragdrop":{"dropenabled":true,"dragdropids":["item1","_drop_q1"]}},' +
      '{"id":"item1","dragdrop":{"dragenabled":true,"dropenabled":false,"dragdropids":["item1","_drop_q1"]}},' +
      '{"id":"text","dragdrop":{"dragenabled":false,"dropenabled":false}}]}]}',
  );
  assert.deepEqual(dragDropOfSlideData(source), {
    box1: { role: 'target', group: '_drop_q1', question: "Sort the “files”: it's easy" },
    item1: { role: 'item', group: '_drop_q1', question: "Sort the “files”: it's easy" },
  });
});

test('a data file that is not one, or is malformed, declares nothing (it is never run)', () => {
  assert.deepEqual(dragDropOfSlideData('alert(1)'), {});
  assert.deepEqual(dragDropOfSlideData(file('{"title":')), {});
  assert.deepEqual(dragDropOfSlideData("window.globalProvideData('slide', '{\\u{zz}')"), {});
  assert.deepEqual(dragDropOfSlideData("window.globalProvideData('slide', '{\"a\":1}"), {});
  assert.deepEqual(dragDropOfSlideData(file('[1,2]')), {});
});
