/**
 * scorm_dom_find_interactive_elements lists each control once and names it elsewhere by ref (by selector
 * when it has no ref): these helpers turn those names back into the listed controls.
 */
import assert from 'node:assert/strict';

export interface ListedControl {
  ref: string | null;
  selector: string;
  name: string;
  purpose: string;
}

/** The listed control a grouping names; fails the test when the answer does not list it. */
export function controlOf<E extends ListedControl>(found: { interactive_elements: E[] }, key: string): E {
  const control = found.interactive_elements.find((e) => (e.ref ?? e.selector) === key);
  assert.ok(control, `${key} is named by a grouping but not listed in interactive_elements`);
  return control;
}

export function controlsOf<E extends ListedControl>(
  found: { interactive_elements: E[] },
  keys: readonly string[],
): E[] {
  return keys.map((key) => controlOf(found, key));
}
