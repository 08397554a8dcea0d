/** Which fill operation a value means for each kind of control, and the errors for values that do not fit. */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import type { ScormTesterError } from '../../src/core/errors.js';
import {
  expectKept,
  fillOperation,
  type FillValue,
  type KeptValue,
} from '../../src/dom/actions/fill-value.js';
import { courseTextOf } from '../helpers/course-text.js';
import type { ElementInspection, FillKind } from '../../src/dom/actions/inspect-element.js';
import { checkKeys } from '../../src/dom/actions/keyboard.js';

const where = { selector: '#x', frame: 'sco' };

function element(kind: FillKind, extra: Partial<ElementInspection> = {}): ElementInspection {
  return {
    connected: true,
    tagName: kind === 'select' ? 'SELECT' : 'INPUT',
    id: 'x',
    className: '',
    textContent: '',
    role: null,
    name: null,
    type: kind === 'select' ? null : kind,
    value: '',
    checked: null,
    kind,
    multiple: false,
    readOnly: false,
    options: [],
    optionCount: 0,
    hidden: null,
    ariaHiddenBy: null,
    visuallyHidden: null,
    disabled: null,
    control: true,
    box: { x: 0, y: 0, width: 10, height: 10 },
    inViewport: true,
    hit: null,
    ...extra,
  };
}

function errorOf(kind: FillKind, value: FillValue, extra: Partial<ElementInspection> = {}): ScormTesterError {
  try {
    fillOperation(element(kind, extra), value, where);
  } catch (err) {
    return err as ScormTesterError;
  }
  throw new Error(`${kind} accepted ${JSON.stringify(value)}`);
}

test('text, number and date-like inputs take values of their format', () => {
  assert.deepEqual(fillOperation(element('text'), 'hello', where), { op: 'fill', text: 'hello' });
  assert.deepEqual(fillOperation(element('text'), 12, where), { op: 'fill', text: '12' });
  assert.deepEqual(fillOperation(element('number'), -1.5, where), { op: 'fill', text: '-1.5' });
  assert.deepEqual(fillOperation(element('number'), ' 42 ', where), { op: 'fill', text: '42' });
  assert.deepEqual(fillOperation(element('range'), '7', where), { op: 'fill', text: '7' });
  assert.deepEqual(fillOperation(element('date'), '2024-05-31', where), { op: 'fill', text: '2024-05-31' });
  assert.deepEqual(fillOperation(element('time'), '13:45', where), { op: 'fill', text: '13:45' });
  assert.deepEqual(fillOperation(element('color'), '#A0b1C2', where), { op: 'fill', text: '#A0b1C2' });
});

test('checkboxes take booleans, radios only true', () => {
  assert.deepEqual(fillOperation(element('checkbox'), 'false', where), { op: 'check', checked: false });
  assert.deepEqual(fillOperation(element('radio'), true, where), { op: 'check', checked: true });
  assert.match(errorOf('radio', false).message, /cannot be unchecked/);
  assert.match(errorOf('checkbox', 'yes').message, /true or false/);
  assert.equal(errorOf('checkbox', 1).code, 'DOM_INVALID_VALUE');
});

test('selects match by value, then label; lists only for multi-selects', () => {
  const options = [
    { value: 'fr', label: 'France' },
    { value: 'de', label: 'Germany' },
  ];
  const select = { options, optionCount: 2 };
  assert.deepEqual(fillOperation(element('select', select), 'de', where), {
    op: 'select',
    options: [{ value: 'de' }],
  });
  assert.deepEqual(fillOperation(element('select', select), 'France', where), {
    op: 'select',
    options: [{ label: 'France' }],
  });
  // The options are the course's words: in course_text, named by the sentence.
  const spain = errorOf('select', 'Spain', select);
  assert.match(spain.message, /of those in `course_text\.options`/);
  assert.equal(courseTextOf(spain.details ?? {}, 'options'), '"fr" (France)\n"de" (Germany)');
  assert.match(errorOf('select', ['fr'], select).message, /not a multi-select/);
  assert.deepEqual(
    fillOperation(element('select', { ...select, multiple: true }), ['fr', 'Germany'], where),
    {
      op: 'select',
      options: [{ value: 'fr' }, { label: 'Germany' }],
    },
  );
});

test('values of the wrong type name the input type and what it accepts', () => {
  const wrong = errorOf('number', 'abc');
  assert.equal(wrong.code, 'DOM_INVALID_VALUE');
  assert.match(wrong.message, /input\[type=number\]/);
  assert.equal(wrong.details?.accepts, 'a number (e.g. 42, -1.5 or "42")');
  assert.match(errorOf('text', true).message, /accepts text/);
  assert.match(errorOf('date', '31/05/2024').message, /YYYY-MM-DD/);
  assert.match(errorOf('text', ['a']).message, /not a list/);
  assert.match(errorOf('file', 'a.txt').message, /do not upload/);
  assert.equal(errorOf('none', 'x').code, 'DOM_NOT_ACTIONABLE');
  assert.equal(errorOf('number', Number.POSITIVE_INFINITY).code, 'DOM_INVALID_VALUE');
});

test('a number that overflows to infinity is refused', () => {
  assert.match(errorOf('number', '1e999').message, /finite number/);
  assert.match(errorOf('range', '-1e400').message, /finite number/);
});

function keptError(kind: FillKind, text: string, kept: Partial<KeptValue>): ScormTesterError | null {
  try {
    expectKept(element(kind), text, { value: '', min: '', max: '', step: '', ...kept }, where);
  } catch (err) {
    return err as ScormTesterError;
  }
  return null;
}

test('a value the browser keeps passes; one it empties or moves says what the input accepts', () => {
  assert.equal(keptError('date', '2024-02-29', { value: '2024-02-29' }), null);
  assert.equal(keptError('datetime-local', '2024-05-31T13:45:00', { value: '2024-05-31T13:45' }), null);
  assert.equal(keptError('color', '#A0B1C2', { value: '#a0b1c2' }), null);
  assert.equal(keptError('range', '+5', { value: '5' }), null);
  assert.equal(keptError('text', 'anything', { value: '' }), null, 'only sanitized kinds are judged');
  const date = keptError('date', '2024-02-30', { value: '' });
  assert.equal(date?.code, 'DOM_INVALID_VALUE');
  assert.match(date?.message ?? '', /accepts a date that exists, written like "2024-05-31" \(YYYY-MM-DD\)\./);
  assert.equal(date?.details?.browser_value, '');
  assert.match(keptError('week', '2024-W53', { value: '' })?.message ?? '', /W53 in long years/);
  const range = keptError('range', '7', { value: '5', min: '0', max: '100', step: '5' });
  assert.match(range?.message ?? '', /a number from 0 to 100 in steps of 5\. The browser would set it to 5/);
  assert.equal(range?.details?.accepts, 'a number from 0 to 100 in steps of 5');
  const defaults = keptError('range', '150', { value: '100' });
  assert.match(defaults?.message ?? '', /from 0 to 100 in steps of 1\b/);
  assert.doesNotMatch(
    keptError('range', '150', { value: '10', max: '10', step: 'any' })?.message ?? '',
    /steps/,
  );
});

test('key names are checked before anything is typed', () => {
  checkKeys(['Enter', 'Tab', 'Shift+Tab', 'ControlOrMeta+A', 'a', '+', 'F5', 'ArrowLeft', 'KeyZ']);
  for (const bad of ['Enterr', 'Shift+', 'Ctrl+A', 'F99', '']) {
    assert.throws(
      () => checkKeys([bad]),
      (err: ScormTesterError) => err.code === 'INVALID_ARGUMENT',
      bad,
    );
  }
});
