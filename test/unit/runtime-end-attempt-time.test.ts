import { test } from 'node:test';
import assert from 'node:assert/strict';
import { addSessionTimeToTotal } from '../../src/runtime/data-model/end-attempt-time.js';
import { formatTimespan, timespanSeconds } from '../../src/rte/datamodel/types/cmi-timespan.js';

test('SCORM 2004: cmi.session_time joins cmi.total_time', () => {
  const data = { 'cmi.total_time': 'PT1H0M0S', 'cmi.session_time': 'PT2M30.5S' };
  addSessionTimeToTotal(data, '2004');
  assert.equal(data['cmi.total_time'], 'PT1H2M30.5S');
  const fresh: Record<string, string> = { 'cmi.session_time': 'PT30S' };
  addSessionTimeToTotal(fresh, '2004');
  assert.equal(fresh['cmi.total_time'], 'PT0H0M30S', 'no total yet counts as zero');
});

test('SCORM 2004: no session time reported, or not a timeinterval: the total is left as it was', () => {
  const none = { 'cmi.total_time': 'PT5S' };
  addSessionTimeToTotal(none, '2004');
  assert.deepEqual(none, { 'cmi.total_time': 'PT5S' });
  const bad = { 'cmi.total_time': 'PT5S', 'cmi.session_time': '00:00:30' };
  addSessionTimeToTotal(bad, '2004');
  assert.equal(bad['cmi.total_time'], 'PT5S');
});

test('SCORM 1.2: cmi.core.session_time joins cmi.core.total_time as a CMITimespan', () => {
  const data = { 'cmi.core.total_time': '0001:59:50', 'cmi.core.session_time': '00:00:15.25' };
  addSessionTimeToTotal(data, '1.2');
  assert.equal(data['cmi.core.total_time'], '0002:00:05.25');
  const fresh: Record<string, string> = { 'cmi.core.session_time': '00:01:00' };
  addSessionTimeToTotal(fresh, '1.2');
  assert.equal(fresh['cmi.core.total_time'], '0000:01:00');
  const none = { 'cmi.core.total_time': '0000:00:05' };
  addSessionTimeToTotal(none, '1.2');
  assert.equal(none['cmi.core.total_time'], '0000:00:05');
});

test('formatTimespan gives a valid CMITimespan that reads back to the same seconds', () => {
  for (const seconds of [0, 0.5, 59.99, 3600, 12 * 3600 + 34 * 60 + 56.78]) {
    const text = formatTimespan(seconds);
    assert.equal(timespanSeconds(text), seconds, text);
  }
});
