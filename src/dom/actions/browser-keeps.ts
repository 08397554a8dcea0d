/**
 * What the browser keeps of a value for an input whose value it sanitizes (dates, times, colours,
 * ranges): the value is set on a detached copy of the input made from its type and limits, so neither
 * the course's listeners nor its custom elements see it, and nothing on the page changes.
 */
import type { Locator } from 'playwright-core';
import type { KeptValue } from './fill-value.js';

export async function browserKeeps(locator: Locator, text: string, timeoutMs: number): Promise<KeptValue> {
  return locator.evaluate(keptOnCopy, text, { timeout: timeoutMs });
}

/** Runs in the page: passed to Playwright's evaluate, so it references nothing outside its body. */
function keptOnCopy(el: Element, text: string): KeptValue {
  const input = el as HTMLInputElement;
  const copy = el.ownerDocument.createElement('input');
  copy.type = input.type;
  // The step base of a range is its min, else its value attribute: both are copied.
  for (const name of ['min', 'max', 'step', 'value']) {
    const attr = input.getAttribute(name);
    if (attr !== null) copy.setAttribute(name, attr);
  }
  copy.value = text;
  return { value: copy.value, min: input.min, max: input.max, step: input.step };
}
