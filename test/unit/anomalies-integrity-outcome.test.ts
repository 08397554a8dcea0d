/** player_tampered says what the player did about the tampering, and claims no more than a check showed. */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { courseTextOf } from '../helpers/course-text.js';
import { integrityAnomalies } from '../../src/runtime/anomalies/integrity.js';
import type { IntegrityEvent } from '../../src/runtime/records.js';

const event = (kind: IntegrityEvent['kind'], detail: string, element?: string): IntegrityEvent => ({
  kind,
  detail,
  ...(element ? { element, recorded: 'a', engine: 'b' } : {}),
  scoId: 'item',
  attempt: 1,
  timestamp: 0,
});
const replaced = event(
  'intrinsic_replaced',
  'the course changed Array.prototype.Symbol(Symbol.iterator) (replaced, undone)',
);

function tamperedMessage(events: IntegrityEvent[]): string {
  const found = integrityAnomalies(events, '2004').find((a) => a.type === 'player_tampered');
  assert.ok(found);
  return found.message;
}

test('undone changes: no claim that the engine is unaffected; the comparison is named instead', () => {
  const message = tamperedMessage([replaced]);
  assert.doesNotMatch(message, /unaffected/);
  assert.match(message, /refused or undid each change/);
  assert.doesNotMatch(message, /any difference is reported/);
  assert.match(message, /does not show the engine holds what the record shows/);
  assert.match(message, /found no difference so far, and they cover only the elements the record shows/);
});

test('a difference Node found between what it received and the engine says the run was stopped', () => {
  const found = integrityAnomalies(
    [
      {
        ...event('record_engine_mismatch', 'cmi.success_status differs', 'cmi.success_status'),
        runStopped: true,
      },
    ],
    '2004',
  ).find((a) => a.type === 'record_engine_mismatch');
  assert.equal(found?.severity, 'error');
  assert.match(String(found?.message), /^Node compared the record it received with the run-time engine/);
  assert.match(String(found?.message), /so the run was stopped\.$/);
  assert.doesNotMatch(String(found?.message), /history now ends/);
});

test('undone changes and a record-engine mismatch: the message says they differ', () => {
  const message = tamperedMessage([
    replaced,
    event('record_engine_mismatch', 'cmi.location differs', 'cmi.location'),
  ]);
  assert.match(message, /yet the engine held values the record did not show/);
});

test('a change that could not be undone: the message says the run was stopped', () => {
  const message = tamperedMessage([
    {
      ...event(
        'intrinsic_replaced',
        'the course changed Array.prototype.toJSON (added, could not be undone)',
      ),
      runStopped: true,
    },
  ]);
  assert.match(message, /could not undo every change, so the run was stopped/);
  assert.doesNotMatch(message, /refused or undid/);
});

test('calls Node found unrecorded are an error anomaly naming the SCO and attempt', () => {
  const found = integrityAnomalies(
    [
      event(
        'unrecorded_calls',
        'the engine held values the SCO set with SetValue that the record does not show (cmi.success_status)',
      ),
    ],
    '2004',
  ).find((a) => a.type === 'unrecorded_api_calls');
  assert.equal(found?.severity, 'error');
  assert.match(String(found?.message), /\(`course_text.details`\): its calls reached the run-time engine/);
  assert.match(courseTextOf(found!, 'details'), /\(cmi\.success_status\)/);
  assert.equal(found?.sco_id, 'item');
  assert.equal(found?.attempt, 1);
});

test('code the player refused to run is player_tampered naming the SCO, said as code, not as a replacement', () => {
  const refused = event(
    'player_code_refused',
    "the course tried to run code from a string (eval, Function or a timer given text) in the LMS page's window",
  );
  const found = integrityAnomalies([refused], '2004').find((a) => a.type === 'player_tampered');
  assert.equal(found?.severity, 'error');
  assert.equal(found?.sco_id, 'item');
  assert.match(String(found?.message), /or to run its code there/);
  assert.match(String(found?.fix), /nor run code or add frames or scripts there/);
  assert.match(courseTextOf(found as Parameters<typeof courseTextOf>[0], 'details'), /code from a string/);
});
