/**
 * Which input operation a value means for an element, or why the value does not fit it. Pure: the
 * element is described by inspectElement, so every rule here is unit-tested without a browser.
 */
import { CourseTextFields } from '../course-text-fields.js';
import { ScormTesterError } from '../../core/errors.js';
import type { ElementInspection, FillKind } from './inspect-element.js';

export type FillValue = string | number | boolean | string[];

export type FillOperation =
  | { op: 'fill'; text: string }
  | { op: 'check'; checked: boolean }
  | { op: 'select'; options: Array<{ value: string } | { label: string }> };

const NUMBER = /^[-+]?(\d+\.?\d*|\.\d+)([eE][-+]?\d+)?$/;
const FORMATS: Partial<Record<FillKind, { pattern: RegExp; example: string; real: string }>> = {
  date: { pattern: /^\d{4}-\d{2}-\d{2}$/, example: '"2024-05-31" (YYYY-MM-DD)', real: 'a date that exists' },
  time: {
    pattern: /^\d{2}:\d{2}(:\d{2}(\.\d{1,3})?)?$/,
    example: '"13:45" or "13:45:30" (HH:MM[:SS])',
    real: 'a time of day from 00:00 to 23:59:59',
  },
  'datetime-local': {
    pattern: /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d{1,3})?)?$/,
    example: '"2024-05-31T13:45" (YYYY-MM-DDTHH:MM)',
    real: 'a date that exists and a time of day',
  },
  month: { pattern: /^\d{4}-\d{2}$/, example: '"2024-05" (YYYY-MM)', real: 'a month from 01 to 12' },
  week: {
    pattern: /^\d{4}-W\d{2}$/,
    example: '"2024-W22" (YYYY-Www)',
    real: 'a week the year has (W01 to W52, or W53 in long years)',
  },
  color: { pattern: /^#[0-9a-fA-F]{6}$/, example: '"#1a2b3c" (#rrggbb)', real: 'a colour' },
};

/**
 * Kinds whose value Playwright sets directly and the browser sanitizes: an impossible value (February 30,
 * 24:00, week 53 of a short year) comes out empty, a range's is moved into min..max onto a step. The
 * browser's verdict is read before filling (browserKeeps) and judged by expectKept.
 */
export const SANITIZED_KINDS: ReadonlySet<FillKind> = new Set([
  ...(Object.keys(FORMATS) as FillKind[]),
  'range',
]);

/** What the browser makes of a value on a copy of the input, and the range limits as written. */
export interface KeptValue {
  value: string;
  min: string;
  max: string;
  step: string;
}

/** The operation for `value` on the element, or DOM_INVALID_VALUE / DOM_NOT_ACTIONABLE naming what fits. */
export function fillOperation(
  info: ElementInspection,
  value: FillValue,
  where: { selector: string; frame: string },
): FillOperation {
  const what = describeInput(info);
  const invalid = (accepts: string): never => invalidValue(info, value, where, accepts);
  if (Array.isArray(value) && info.kind !== 'select') {
    invalid(`one value, not a list (lists are for multi-selects)`);
  }
  switch (info.kind) {
    case 'text':
      if (typeof value === 'string') return { op: 'fill', text: value };
      if (typeof value === 'number' && Number.isFinite(value)) return { op: 'fill', text: String(value) };
      return invalid('text (a string; numbers are written as text)');
    case 'number':
    case 'range': {
      const text =
        typeof value === 'number' ? String(value) : typeof value === 'string' ? value.trim() : null;
      if (text !== null && (NUMBER.test(text) || (text === '' && info.kind === 'number'))) {
        if (!Number.isFinite(Number(text)))
          return invalid('a finite number (this one overflows to infinity)');
        return { op: 'fill', text };
      }
      return invalid('a number (e.g. 42, -1.5 or "42")');
    }
    case 'date':
    case 'time':
    case 'datetime-local':
    case 'month':
    case 'week':
    case 'color': {
      const format = FORMATS[info.kind] as { pattern: RegExp; example: string; real: string };
      if (
        typeof value === 'string' &&
        (format.pattern.test(value) || (value === '' && info.kind !== 'color'))
      ) {
        return { op: 'fill', text: value };
      }
      return invalid(`a string like ${format.example}`);
    }
    case 'checkbox': {
      const checked = booleanOf(value);
      if (checked === null) return invalid('true or false (or "true" / "false") to check or uncheck it');
      return { op: 'check', checked };
    }
    case 'radio': {
      const checked = booleanOf(value);
      if (checked !== true) {
        return invalid(
          'only true (or "true"): a radio button cannot be unchecked by a learner; check another radio of its group instead',
        );
      }
      return { op: 'check', checked: true };
    }
    case 'select': {
      const quoted = new CourseTextFields();
      const invalidOption = (accepts: string): never =>
        invalidValue(info, value, where, accepts, undefined, quoted);
      return { op: 'select', options: selectOptions(info, value, invalidOption, quoted) };
    }
    case 'file':
      return invalid('files, which these tools do not upload');
    case 'button':
    case 'none':
      throw new ScormTesterError(
        'DOM_NOT_ACTIONABLE',
        `"${where.selector}" is ${what}${info.role ? ` (role ${info.role})` : ''}, not something a learner fills in. ` +
          'Target an input, textarea, select or contenteditable element (or a role=checkbox/radio/textbox), or use scorm_dom_click.',
        { ...where, reason: 'not_fillable' },
      );
  }
}

/**
 * Throws DOM_INVALID_VALUE when the browser would not keep `text` (the fill operation's text, already of
 * the right format) as asked: emptied, or a range value moved. Nothing has been filled yet.
 */
export function expectKept(
  info: ElementInspection,
  text: string,
  kept: KeptValue,
  where: { selector: string; frame: string },
): void {
  if (text === '' || !SANITIZED_KINDS.has(info.kind)) return;
  if (info.kind === 'range') {
    if (Number(kept.value) === Number(text)) return;
    const accepts =
      `a number from ${kept.min || '0'} to ${kept.max || '100'}` +
      (kept.step === 'any' ? '' : ` in steps of ${kept.step || '1'}`);
    invalidValue(info, text, where, accepts, {
      browserValue: kept.value,
      note: `The browser would set it to ${kept.value}, so nothing was filled.`,
    });
  }
  if (kept.value !== '') return;
  const format = FORMATS[info.kind] as { example: string; real: string };
  invalidValue(info, text, where, `${format.real}, written like ${format.example}`, {
    browserValue: '',
    note: 'The browser would leave the field empty for it, so nothing was filled.',
  });
}

function invalidValue(
  info: ElementInspection,
  value: FillValue,
  where: { selector: string; frame: string },
  accepts: string,
  browser?: { browserValue: string; note: string },
  quoted?: CourseTextFields,
): never {
  throw new ScormTesterError(
    'DOM_INVALID_VALUE',
    `${shown(value)} does not fit ${describeInput(info)} "${where.selector}": it accepts ${accepts}.` +
      (browser ? ` ${browser.note}` : ''),
    {
      ...where,
      input_type: info.type ?? info.tagName.toLowerCase(),
      accepts,
      value_type: typeOf(value),
      ...(browser ? { browser_value: browser.browserValue } : {}),
      ...quoted?.details(),
    },
  );
}

function describeInput(info: ElementInspection): string {
  return `${info.tagName.toLowerCase()}${info.type ? `[type=${info.type}]` : ''}`;
}

function selectOptions(
  info: ElementInspection,
  value: FillValue,
  invalid: (accepts: string) => never,
  quoted: CourseTextFields,
): Array<{ value: string } | { label: string }> {
  // The options' values and labels are the course's words: listed in course_text, not in the sentence.
  const listed = info.options.map((o) => `"${o.value}"${o.label !== o.value ? ` (${o.label})` : ''}`);
  const accepts = () =>
    `${info.multiple ? 'one option or a list of options' : 'one option'}, by value or label, of those in ${quoted.list('options', listed.slice(0, 15))}` +
    (info.optionCount > 15 ? ` (the first 15 of ${info.optionCount} options)` : '');
  if (typeof value === 'boolean') return invalid(accepts());
  if (Array.isArray(value) && !info.multiple) return invalid(`${accepts()} (it is not a multi-select)`);
  const wanted = (Array.isArray(value) ? value : [value]).map((v) => String(v));
  return wanted.map((w) => {
    if (info.options.some((o) => o.value === w)) return { value: w };
    if (info.options.some((o) => o.label === w.trim())) return { label: w.trim() };
    if (info.optionCount > info.options.length) return { value: w };
    return invalid(accepts());
  });
}

function booleanOf(value: FillValue): boolean | null {
  if (value === true || value === 'true') return true;
  if (value === false || value === 'false') return false;
  return null;
}

function typeOf(value: FillValue): string {
  return Array.isArray(value) ? 'array' : typeof value;
}

function shown(value: FillValue): string {
  const text = JSON.stringify(value);
  return `The ${typeOf(value)} ${text.length > 60 ? `${text.slice(0, 57)}...` : text}`;
}
