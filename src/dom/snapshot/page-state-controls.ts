/**
 * How scorm_get_page_state says a control (issue 22): once, and only what its snapshot line does not.
 * A control on a kept line is named there by its ref; its entry adds its purpose and the state the line
 * does not show. A control past a clipped snapshot (or in an answer without one) gets a compact entry:
 * ref, role, name, purpose, state. Its selector is left to scorm_dom_find_interactive_elements, since
 * the ref acts on it; only a control without a ref (not rendered) needs one here.
 */
import { SCO_FRAME } from '../frames.js';
import type { InteractiveElement } from './interactive.js';

export type ControlEntry = Record<string, unknown>;

/**
 * What the snapshot line of a control (`line`, up to its ref; null: not on a kept line) does not say:
 * its purpose, frame and facts that are not the defaults.
 */
export function compactControl(e: InteractiveElement, line: string | null): ControlEntry {
  const { disabled, visible, focused: _focused, checked, ...rest } = e.state;
  const onSnapshotLine = line !== null;
  const state: Record<string, unknown> = {
    ...(disabled && !line?.includes('[disabled]') ? { disabled } : {}),
    ...(visible ? {} : { visible }),
    ...(checked === false || checked === undefined || line?.includes('[checked') ? {} : { checked }),
    ...rest,
  };
  return {
    ref: e.ref,
    ...(e.ref === null ? { selector: e.selector } : {}),
    ...(e.frame === SCO_FRAME ? {} : { frame: e.frame }),
    ...(onSnapshotLine ? {} : { role: e.role, name: e.name }),
    ...(e.purpose === e.role ? {} : { purpose: e.purpose }),
    ...(Object.keys(state).length > 0 ? { state } : {}),
  };
}

/** An entry that only names its ref and purpose: its line says the rest. */
export function lineSaysAll(c: ControlEntry): boolean {
  return typeof c.ref === 'string' && Object.keys(c).every((k) => k === 'ref' || k === 'purpose');
}

/**
 * The JSON bytes a control costs in the answer: a ref under its purpose in controls_by_purpose when its
 * line says the rest (nothing when its purpose is its role too), otherwise its entry.
 */
export function entryBytes(c: ControlEntry): number {
  if (!lineSaysAll(c)) return Buffer.byteLength(JSON.stringify(c), 'utf8') + 1;
  return typeof c.purpose === 'string' ? (c.ref as string).length + 3 : 0;
}

/**
 * A control whose snapshot line says all but its purpose is named there; the answer only groups its ref
 * under that purpose (one of "next", "answer_option"… as find_interactive_elements assigns them). One
 * whose purpose is its role is said by its line alone.
 */
export function groupByPurpose(controls: ControlEntry[]): {
  byPurpose: Record<string, string[]>;
  others: ControlEntry[];
} {
  const byPurpose: Record<string, string[]> = {};
  const others: ControlEntry[] = [];
  for (const c of controls) {
    if (!lineSaysAll(c)) others.push(c);
    else if (typeof c.purpose === 'string') (byPurpose[c.purpose] ??= []).push(c.ref as string);
  }
  return { byPurpose, others };
}
