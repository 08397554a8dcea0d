/**
 * scorm_get_page_state's answer from one page read and its snapshot YAML, within the answer budget
 * (issue 22): it measures the parts once, chooses how many snapshot lines to keep so that every control
 * after them has an entry (page-state-budget.ts), and builds the answer once, saying nothing twice and
 * no defaults.
 */
import { CourseTextFields } from '../course-text-fields.js';
import type { InteractiveElement } from './interactive.js';
import { ANSWER_BUDGET_BYTES, cutText, jsonBytes } from '../../output/answer-budget.js';
import { controlsWithin, listHeadings, planSnapshotLines, TEXT_CHARS } from './page-state-budget.js';
import { compactControl, entryBytes, groupByPurpose, type ControlEntry } from './page-state-controls.js';
import type { ScanHeading } from './page/types.js';

export interface PageStateParts {
  /** The fields read from the page, before the snapshot, headings and controls are fitted. */
  state: Record<string, unknown>;
  headings: ScanHeading[];
  controls: InteractiveElement[];
  focused: InteractiveElement | string | null;
  summary: string;
  summaryTruncated: boolean;
  /** The snapshot YAML as rendered within max_chars, or null when none was asked for. */
  snapshot: { yaml: string; truncated: boolean; note: string | null } | null;
  maxChars: number;
  /** Characters of snapshot kept when not every control fits (the default max_chars). */
  floorChars: number;
}

/** The JSON bytes a page state may take: the answer budget, less room for the MCP result around it. */
const PAGE_STATE_BYTES = ANSWER_BUDGET_BYTES - 1_000;
/** JSON bytes kept for the notes the fit adds (the snapshot's clip, the controls not listed). */
const NOTES_ROOM = 600;
/** JSON bytes of the note counting the controls named, when not every one fits. */
const COUNT_NOTE_BYTES = 300;
const REF = /\[ref=([^\]\s]+)\]/;

interface Layout {
  lines: number;
  controls: ControlEntry[];
  notes: string[];
}

export function fitPageState(parts: PageStateParts): Record<string, unknown> {
  const lines = parts.snapshot && parts.snapshot.yaml !== '' ? parts.snapshot.yaml.split('\n') : [];
  // Lines past the budget can never be kept (max_chars may ask for 500,000 characters): only the lines
  // up to it are measured, and a control on a later line counts as on none.
  const lineBytes: number[] = [];
  const lineOfRef = new Map<string, number>();
  for (let i = 0, size = 2; i < lines.length && size <= PAGE_STATE_BYTES; i++) {
    const line = lines[i]!;
    lineBytes.push(jsonBytes(line));
    size += lineBytes[i]!;
    const ref = REF.exec(line)?.[1];
    if (ref !== undefined && !lineOfRef.has(ref)) lineOfRef.set(ref, i);
  }
  const at = (ref: string | null): number => (ref === null ? Infinity : (lineOfRef.get(ref) ?? Infinity));
  const controls = parts.controls.map((e) => {
    const line = at(e.ref);
    const off = compactControl(e, null);
    const on = line < Infinity ? compactControl(e, headOf(lines[line]!, e.ref!)) : off;
    return { line, off, on, offBytes: entryBytes(off), onBytes: entryBytes(on) };
  });
  const compose = (layout: Layout, from = parts): Record<string, unknown> =>
    composeAnswer(from, lines, at, layout);
  // What the answer takes besides the snapshot, headings, controls and text summary the plan shares out.
  const base = jsonBytes(
    compose({ lines: 0, controls: [], notes: [] }, { ...parts, headings: [], summary: '' }),
  );
  const input = {
    lineBytes,
    floorLines: linesWithin(lines, Math.min(parts.maxChars, parts.floorChars)),
    summaryBytes: jsonBytes(parts.summary),
    wholeWithEveryLine:
      lineBytes.length === lines.length &&
      parts.snapshot !== null &&
      !parts.snapshot.truncated &&
      parts.snapshot.note === null,
    headings: parts.headings.map((h) => ({
      line: at(h.ref),
      bytes: jsonBytes({ ...h, text: cutText(h.text, { max: TEXT_CHARS, offset: 0 }) }) + 1,
    })),
    controls: controls.map((c) => ({ line: c.line, off: c.offBytes, on: c.onBytes })),
  };
  let budget = PAGE_STATE_BYTES;
  let answer: Record<string, unknown> = {};
  // The estimate holds unless the notes outgrow their room; then once more, with that much less.
  for (let tries = 0; tries < 3; tries++) {
    const plan = planSnapshotLines({ ...input, room: budget - base - NOTES_ROOM });
    const k = plan.lines;
    const placed = controls.map((c) =>
      c.line < k
        ? { entry: c.on, bytes: c.onBytes, onLine: true }
        : { entry: c.off, bytes: c.offBytes, onLine: false },
    );
    const notes = snapshotNotes(parts, lines, k, plan.everyControl);
    if (plan.everyControl) {
      answer = compose({ lines: k, controls: placed.map((c) => c.entry), notes });
    } else {
      const without = jsonBytes(compose({ lines: k, controls: [], notes }));
      const listed = new Set(controlsWithin(placed, budget - without - COUNT_NOTE_BYTES));
      const named = placed.filter((c) => c.onLine || listed.has(c.entry)).length;
      notes.push(
        `${named} of the ${placed.length} controls read are named here (by a ref on a snapshot line or in interactive_elements); scorm_dom_find_interactive_elements lists every one with its state (cursor gives the next page).`,
      );
      answer = compose({
        lines: k,
        controls: placed.filter((c) => listed.has(c.entry)).map((c) => c.entry),
        notes,
      });
    }
    const over = jsonBytes(answer) - PAGE_STATE_BYTES;
    if (over <= 0) break;
    budget -= over;
  }
  return answer;
}

/** What the answer says of a snapshot it clipped, and where the controls after the clip are. */
function snapshotNotes(
  parts: PageStateParts,
  lines: string[],
  kept: number,
  everyControl: boolean,
): string[] {
  const snap = parts.snapshot;
  if (!snap) return [];
  if (snap.note) return [snap.note];
  // When not every control fits, the note counting those named says where the rest are.
  const after = everyControl ? '; interactive_elements lists every control after the clip' : '';
  if (kept < lines.length) {
    const chars = lines.slice(0, kept).join('\n').length;
    return [
      `The snapshot was clipped at ${chars} characters (max_chars ${parts.maxChars}), the most that fits the ${ANSWER_BUDGET_BYTES}-byte answer budget with the rest of the page state${after}. scorm_dom_query reads any part of the page.`,
    ];
  }
  if (snap.truncated)
    return [`The snapshot was clipped at ${parts.maxChars} characters (max_chars)${after}.`];
  return [];
}

/** The answer with `layout.lines` snapshot lines and the control entries given. */
function composeAnswer(
  parts: PageStateParts,
  lines: string[],
  at: (ref: string | null) => number,
  layout: Layout,
): Record<string, unknown> {
  const state: Record<string, unknown> = { ...parts.state, notes: [...(parts.state.notes as string[])] };
  const notes = state.notes as string[];
  const k = layout.lines;
  let wholeSnapshot = false;
  if (parts.snapshot) {
    state.snapshot = lines.slice(0, k).join('\n');
    state.snapshot_truncated = parts.snapshot.truncated || k < lines.length;
    wholeSnapshot = !state.snapshot_truncated && parts.snapshot.note === null;
  }
  notes.push(...layout.notes);
  const headings = listHeadings(parts.headings.filter((h) => at(h.ref) >= k));
  state.title = cutText(String(state.title), { max: TEXT_CHARS, offset: 0 });
  state.headings = headings.headings;
  if (headings.note) notes.push(headings.note);
  const { byPurpose, others } = groupByPurpose(layout.controls);
  state.interactive_elements = others;
  state.controls_by_purpose = byPurpose;
  const focused = parts.focused;
  if (focused && typeof focused === 'object') {
    const line = at(focused.ref);
    state.focused = compactControl(focused, line < k ? headOf(lines[line]!, focused.ref!) : null);
  }
  // A whole snapshot already holds the page's text; the summary is for answers without one.
  if (!wholeSnapshot) {
    state.text_summary = parts.summary;
    state.text_truncated = parts.summaryTruncated;
  }
  const fields = new CourseTextFields();
  state.notes = notes.map((n) => fields.sentence(n));
  return leaveOutDefaults({ ...state, ...fields.details() });
}

/** A snapshot line up to the ref it carries: what the line says of its control. */
function headOf(line: string, ref: string): string {
  return line.slice(0, line.indexOf(`[ref=${ref}]`));
}

/** How many leading lines fit `chars` characters (as renderSnapshotYaml clips). */
function linesWithin(lines: string[], chars: number): number {
  let size = 0;
  let n = 0;
  for (const line of lines) {
    if (size + line.length + 1 > chars) break;
    size += line.length + 1;
    n++;
  }
  return n;
}

const LEFT_OUT_EMPTY = new Set(['dialogs', 'notes', 'headings', 'interactive_elements']);

/**
 * An agent reads the page state after every action, so it says nothing twice and no defaults (issue 22):
 * frames[0] is the SCO document, whose url and title are sco_url and title (so the SCO document alone is
 * no list); no focus, no dialog, no note,
 * a whole snapshot and SCORM values the course has not set are left out.
 */
function leaveOutDefaults(state: Record<string, unknown>): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(state)) {
    if (value === null && key === 'focused') continue;
    if (Array.isArray(value) && value.length === 0 && LEFT_OUT_EMPTY.has(key)) continue;
    if (key === 'controls_by_purpose' && Object.keys(value as object).length === 0) continue;
    if (value === false && (key === 'snapshot_truncated' || key === 'text_truncated')) continue;
    out[key] = value;
  }
  const frames = state.frames as Array<Record<string, unknown>>;
  const [sco, ...others] = frames;
  if (sco && others.length > 0) {
    const { url: _url, title: _title, ...rest } = sco;
    out.frames = [rest, ...others];
  } else delete out.frames;
  out.scorm = Object.fromEntries(
    Object.entries(state.scorm as Record<string, unknown>).filter(([, v]) => v !== null),
  );
  return out;
}
