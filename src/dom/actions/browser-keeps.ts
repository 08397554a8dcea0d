/**
 * What the browser keeps of a value for an input whose value it sanitizes (dates, times, colours,
 * ranges): the value is set on a detached copy of the input made from its type and limits, so neither
 * the course's listeners nor its custom elements see it, and nothing on the page changes.
 */
import { readElementValue } from '../element-read.js';
import type { KeptValue } from './fill-value.js';
import type { PerformContext } from './run-action.js';

/** Read in the DOM tools' isolated world (../element-read.ts): the course's value setters do not run. */
export async function browserKeeps(ctx: PerformContext, text: string): Promise<KeptValue> {
  const kept = await readElementValue(ctx.runtime, ctx.target, keptOnCopy, text, ctx.timeoutMs);
  // The element was read a moment ago: no answer now means it left the page.
  if (kept === null) throw new Error('element detached');
  return kept;
}

/** Runs in the page's isolated world, so it references nothing outside its body. */
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
