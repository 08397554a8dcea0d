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
} {
  const out: { expanded?: boolean; pressed?: boolean | 'mixed'; selected?: boolean } = {};
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
