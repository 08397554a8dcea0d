/**
 * The page state within the answer budget without the guard's cut (issue 22), measured once and cut
 * once. Every control of the page should be reachable from one answer: by its ref on a kept snapshot
 * line, or by a compact entry in interactive_elements. So the snapshot keeps the most lines (within
 * max_chars) that leave room for an entry for every control after them; only when not every control
 * fits whatever the snapshot keeps does it keep the default's lines, and the controls take what is left.
 * A course controls how long its title and headings are, so they have a share of their own.
 */
import { cutText } from '../../output/answer-budget.js';

/** Characters of the title and of each heading's text. */
export const TEXT_CHARS = 200;
/** JSON bytes of the headings listed. */
const HEADINGS_BYTES = 1_500;
/** JSON bytes left to the controls beside the default's snapshot when not every control fits. */
const CONTROLS_FLOOR_BYTES = 3_000;

export interface SnapshotPlan {
  /** Lines of the snapshot kept. */
  lines: number;
  /** Whether an entry for every control not on a kept line fits beside them. */
  everyControl: boolean;
}

export interface SnapshotPlanInput {
  /** JSON bytes for the snapshot, the headings and controls listed and the text summary. */
  room: number;
  /** JSON bytes of each snapshot line, its newline included. */
  lineBytes: readonly number[];
  /** Lines of the default's snapshot: kept, room allowing, when not every control fits. */
  floorLines: number;
  /** JSON bytes of the text summary, which an answer holding the whole snapshot leaves out. */
  summaryBytes: number;
  /** Every line kept is the whole snapshot (it was not clipped at max_chars, nor failed). */
  wholeWithEveryLine: boolean;
  /** Each heading: the index of the line carrying its ref (Infinity: none) and its entry's JSON bytes. */
  headings: ReadonlyArray<{ line: number; bytes: number }>;
  /** Each control: the index of its line (Infinity: none) and its JSON bytes off and on that line. */
  controls: ReadonlyArray<{ line: number; off: number; on: number }>;
}

/**
 * How many snapshot lines to keep: the most whose answer (with an entry for every control not on them)
 * fits the room, found in one pass over the lines with each control and heading counted once.
 */
export function planSnapshotLines(p: SnapshotPlanInput): SnapshotPlan {
  const n = p.lineBytes.length;
  const gains = Array.from({ length: n }, () => ({ controls: 0, headings: 0 }));
  let controls = 2;
  let headingsOff = 2;
  for (const c of p.controls) {
    controls += c.off;
    if (c.line < n) gains[c.line]!.controls += c.on - c.off;
  }
  for (const h of p.headings) {
    headingsOff += h.bytes;
    if (h.line < n) gains[h.line]!.headings -= h.bytes;
  }
  let yaml = 2;
  let best = -1;
  // Without every control: the default's lines, with a share left to the controls.
  let floor = 0;
  for (let k = 0; ; k++) {
    const summary = k === n && p.wholeWithEveryLine ? 0 : p.summaryBytes;
    const rest = yaml + Math.min(headingsOff, HEADINGS_BYTES) + summary;
    if (rest + controls <= p.room) best = k;
    if (k <= p.floorLines && rest + CONTROLS_FLOOR_BYTES <= p.room) floor = k;
    if (k === n) break;
    yaml += p.lineBytes[k]!;
    controls += gains[k]!.controls;
    headingsOff += gains[k]!.headings;
  }
  return best >= 0 ? { lines: best, everyControl: true } : { lines: floor, everyControl: false };
}

/** The headings that fit their share, their text cut, and a note when some were left out. */
export function listHeadings<T extends { text: string }>(
  headings: readonly T[],
): { headings: T[]; note: string | null } {
  const cut = headings.map((h) => ({ ...h, text: cutText(h.text, { max: TEXT_CHARS, offset: 0 }) }));
  const kept = leading(cut, HEADINGS_BYTES);
  return {
    headings: kept,
    note:
      kept.length < headings.length
        ? `${kept.length} of the ${headings.length} headings are listed; the snapshot and scorm_dom_query show the rest.`
        : null,
  };
}

/** The leading entries whose JSON fits `budgetBytes` (at least the first). */
function leading<T>(list: readonly T[], budgetBytes: number): T[] {
  const kept: T[] = [];
  let used = 2;
  for (const entry of list) {
    used += Buffer.byteLength(JSON.stringify(entry), 'utf8') + 1;
    if (kept.length > 0 && used > budgetBytes) break;
    kept.push(entry);
  }
  return kept;
}

/**
 * The controls listed when not every one fits `room` (JSON bytes): first those on no kept line, which
 * only their entry makes reachable, in document order; then what the lines of the others do not show.
 */
export function controlsWithin<T>(
  controls: ReadonlyArray<{ entry: T; bytes: number; onLine: boolean }>,
  room: number,
): T[] {
  const kept = new Set<number>();
  let used = 2;
  for (const onLine of [false, true]) {
    for (const [i, c] of controls.entries()) {
      if (c.onLine !== onLine) continue;
      if (used + c.bytes > room) break;
      used += c.bytes;
      kept.add(i);
    }
  }
  return controls.filter((_, i) => kept.has(i)).map((c) => c.entry);
}
