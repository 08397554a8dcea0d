/**
 * Roles, accessible names and ARIA states of elements (runs in the page), the way assistive technology
 * computes them: dom-accessibility-api implements the W3C role mapping and accname algorithm.
 */
import { computeAccessibleName, getRole } from 'dom-accessibility-api';

export function roleOf(el: Element): string | null {
  try {
    return getRole(el);
  } catch {
    return null;
  }
}

export function nameOf(el: Element, maxText: number): string {
  let name: string;
  try {
    name = computeAccessibleName(el, { computedStyleSupportsPseudoElements: true });
  } catch {
    name = '';
  }
  const t = name.replace(/\s+/g, ' ').trim();
  return t.length > maxText ? t.slice(0, maxText) : t;
}

/** aria-checked, or a checkbox's / radio's own state ("mixed" for an indeterminate checkbox). */
export function checkedOf(el: Element, checkable: boolean): boolean | 'mixed' | null {
  if (checkable) {
    const input = el as HTMLInputElement;
    return input.indeterminate && input.type === 'checkbox' ? 'mixed' : input.checked;
  }
  return triState(el.getAttribute('aria-checked'));
}

/** The ARIA states a control may carry besides checked and disabled, only those present. */
export function extraStates(el: Element): {
  expanded?: boolean;
  pressed?: boolean | 'mixed';
  selected?: boolean;
  invalid?: boolean;
} {
  const out: { expanded?: boolean; pressed?: boolean | 'mixed'; selected?: boolean; invalid?: boolean } = {};
  if (markedInvalid(el)) out.invalid = true;
  const expanded = el.getAttribute('aria-expanded');
  if (expanded === 'true' || expanded === 'false') out.expanded = expanded === 'true';
  const pressed = triState(el.getAttribute('aria-pressed'));
  if (pressed !== null) out.pressed = pressed;
  if (el.tagName === 'OPTION') out.selected = (el as HTMLOptionElement).selected;
  else {
    const selected = el.getAttribute('aria-selected');
    if (selected === 'true' || selected === 'false') out.selected = selected === 'true';
  }
  return out;
}

// A field the course styles as wrong (iSpring's "field-view__text-input_error", "is-invalid", "has-error").
const INVALID_CLASS = /(^|[\s_-])(error|invalid)([\s_-]|$)/i;
const FIELD_TAGS = new Set(['input', 'select', 'textarea']);

/**
 * A field the learner is shown as wrong: aria-invalid, the browser's check after the learner's input
 * (:user-invalid, not :invalid, which an untouched required field matches), or the course's error style
 * on the field itself (ispring-2 refused its form over an email field drawn red, with no attribute saying so).
 */
function markedInvalid(el: Element): boolean {
  const aria = el.getAttribute('aria-invalid');
  if (aria !== null && aria !== 'false') return true;
  if (!FIELD_TAGS.has(el.localName)) return false;
  try {
    if (el.matches(':user-invalid')) return true;
  } catch {
    // A browser without :user-invalid: the other signs still say it.
  }
  return typeof el.className === 'string' && INVALID_CLASS.test(el.className);
}

/** Disabled by its own attribute, a disabled fieldset, or aria-disabled on it or an ancestor. */
export function disabledOf(el: Element): boolean {
  if (el.matches(':disabled')) return true;
  return el.closest('[aria-disabled="true"]') !== null;
}

function triState(value: string | null): boolean | 'mixed' | null {
  if (value === 'mixed') return 'mixed';
  if (value === 'true') return true;
  if (value === 'false') return false;
  return null;
}
