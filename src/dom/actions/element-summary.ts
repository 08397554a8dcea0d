/** The element fields results show, from one inspection. */
import type { ElementInspection } from './inspect-element.js';

export type ClickedElement = Pick<
  ElementInspection,
  'tagName' | 'id' | 'className' | 'textContent' | 'role' | 'name'
>;
export type FilledElement = Pick<
  ElementInspection,
  'tagName' | 'type' | 'value' | 'checked' | 'id' | 'role' | 'name'
>;

export function clickedElement(info: ElementInspection): ClickedElement {
  const { tagName, id, className, textContent, role, name } = info;
  return { tagName, id, className, textContent, role, name };
}

export function filledElement(info: ElementInspection): FilledElement {
  const { tagName, type, value, checked, id, role, name } = info;
  return { tagName, type, value, checked, id, role, name };
}
