/** The element fields results show, from one inspection. */
import type { ElementInspection } from './inspect-element.js';

export interface ClickedElement {
  tagName: string;
  id: string;
  className: string;
  textContent: string;
  role: string | null;
  name: string | null;
}

export interface FilledElement {
  tagName: string;
  type: string | null;
  value: string | null;
  checked: boolean | null;
  id: string;
  role: string | null;
  name: string | null;
}

export function clickedElement(info: ElementInspection): ClickedElement {
  const { tagName, id, className, textContent, role, name } = info;
  return { tagName, id, className, textContent, role, name };
}

export function filledElement(info: ElementInspection): FilledElement {
  const { tagName, type, value, checked, id, role, name } = info;
  return { tagName, type, value, checked, id, role, name };
}
