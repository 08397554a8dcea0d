/**
 * Reads the SCO's page for the read tools: one call per SCO frame into the DOM tools' isolated world
 * (control-world.ts, page/controls.ts), which lists the controls with their refs, roles, accessible names,
 * states and selectors, plus headings, dialogs and text. A frame whose page has not changed since the last
 * read (same version token, within TTL_MS) answers with its token only, and its last read is reused.
 */
import { quoted } from '../../core/course-text.js';
import { isScormTesterError } from '../../core/errors.js';
import { frameInSentence } from '../course-text-fields.js';
import type { CourseRuntime } from '../../runtime/course-runtime.js';
import type { ScoFrame } from '../frames.js';
import { framesToSearch } from '../target.js';
import { ControlWorlds } from './control-world.js';
import { failedFrameSrc } from './failed-frame.js';
import { mainFirst } from './main-first.js';
import { StorylineDragDrop } from './storyline-drag-drop.js';
import type * as Controls from './page/controls.js';
import type { ReadAnswer, ReadOptions as PageReadOptions, ScanCandidate, ScanResult } from './page/types.js';

export interface ReadOptions {
  /** Only this frame (label as in results). */
  frame?: string | undefined;
  /** Candidates read per frame. */
  maxCandidates?: number;
}

export interface FrameRead {
  frame: ScoFrame;
  scan: ScanResult | null;
  /** Why the frame could not be read (a stuck script, navigation, a frame of another process). */
  scanError: string | null;
  /** The src of a frame that failed to load (the browser shows its error page instead). */
  failedSrc?: string;
  /** Rendered controls, in document order. */
  controls: ScanCandidate[];
  /** Candidates that are not rendered (display:none, visibility:hidden, no box). */
  hidden: ScanCandidate[];
}

export interface PageRead {
  frames: FrameRead[];
  notes: string[];
}

/** The page's script is ours and reads a few properties per element: seconds mean course code is in the way. */
const READ_TIMEOUT_MS = 4_000;
const DEFAULT_MAX_CANDIDATES = 5_000;
/** Finding the elements that listen for clicks is a help, not the read: it gives up past this. */
const MARK_TIMEOUT_MS = 1_500;
/** Elements looked at for clickable non-controls and shadow roots (each costs a style lookup). */
const MAX_WALK = 20_000;
const MAX_TEXT = 120;
/** A bound on what the version token cannot see (a change that neither mutates the DOM nor fires an event). */
const TTL_MS = 5_000;

interface LastRead {
  key: string;
  at: number;
  tokens: string[];
  frames: FrameRead[];
}

const lastReads = new WeakMap<CourseRuntime, LastRead>();

export async function readPage(runtime: CourseRuntime, opts: ReadOptions = {}): Promise<PageRead> {
  const dragDrop = StorylineDragDrop.of(runtime);
  const first = await readOnce(runtime, opts, dragDrop);
  // A Storyline slide seen for the first time: its data file says what is dragged where (drop targets).
  if (!(await dragDrop.learn(first.frames))) return first;
  return readOnce(runtime, opts, dragDrop);
}

async function readOnce(
  runtime: CourseRuntime,
  opts: ReadOptions,
  dragDrop: StorylineDragDrop,
): Promise<PageRead> {
  const maxCandidates = opts.maxCandidates ?? DEFAULT_MAX_CANDIDATES;
  const frames = await framesToSearch(runtime, opts.frame);
  const key = `${maxCandidates}|${dragDrop.version}|${frames.map((f) => f.label).join('|')}`;
  const last = lastReads.get(runtime);
  const reusable = last && last.key === key && Date.now() - last.at <= TTL_MS ? last : null;
  const worlds = ControlWorlds.of(runtime);
  const answers = await Promise.all(
    frames.map((f, i) =>
      readFrame(worlds, f, {
        maxCandidates,
        maxText: MAX_TEXT,
        maxWalk: MAX_WALK,
        lastToken: reusable?.frames[i]?.frame.frame === f.frame ? (reusable.tokens[i] ?? null) : null,
        ...(dragDrop.declarations ? { dragDrop: dragDrop.declarations } : {}),
      }),
    ),
  );
  const out: FrameRead[] = [];
  const tokens: string[] = [];
  answers.forEach((answer, i) => {
    const frame = frames[i] as ScoFrame;
    tokens.push(answer.ok ? answer.answer.token : '');
    if (!answer.ok) {
      const failed = answer.failedSrc === undefined ? {} : { failedSrc: answer.failedSrc };
      out.push({ frame, scan: null, scanError: answer.error, controls: [], hidden: [], ...failed });
    } else if (answer.answer.unchanged) {
      out.push(reusable?.frames[i] as FrameRead);
    } else {
      const scan = answer.answer.scan;
      out.push({
        frame,
        scan,
        scanError: null,
        // The page's own content first, its outline after: the current question before 30 lesson links.
        controls: mainFirst(scan.candidates.filter((c) => c.rendered)),
        hidden: scan.candidates.filter((c) => !c.rendered),
      });
    }
  });
  const allRead = answers.every((a) => a.ok && a.answer.token !== '');
  if (allRead) lastReads.set(runtime, { key, at: reusable?.at ?? Date.now(), tokens, frames: out });
  else lastReads.delete(runtime);
  return { frames: out, notes: notesOf(out, maxCandidates) };
}

async function readFrame(
  worlds: ControlWorlds,
  frame: ScoFrame,
  opts: PageReadOptions,
): Promise<{ ok: true; answer: ReadAnswer } | { ok: false; error: string; failedSrc?: string }> {
  const failedSrc = await failedFrameSrc(frame.frame);
  if (failedSrc !== null) return { ok: false, error: 'the frame failed to load', failedSrc };
  try {
    await worlds.markClickListeners(frame.frame, MARK_TIMEOUT_MS);
    const json = await worlds.call(
      frame.frame,
      'reading the page',
      READ_TIMEOUT_MS,
      (o: PageReadOptions) =>
        (globalThis as unknown as { scormTesterControls: typeof Controls }).scormTesterControls.read(o),
      opts,
    );
    return { ok: true, answer: JSON.parse(json) as ReadAnswer };
  } catch (err) {
    return { ok: false, error: message(err) };
  }
}

function notesOf(frames: FrameRead[], maxCandidates: number): string[] {
  const notes: string[] = [];
  for (const { frame: f, scan, scanError, failedSrc } of frames) {
    // Notes are marked sentences: the result's builder moves a course-named frame into course_text.
    const frame = { label: frameInSentence(f.label) };
    if (failedSrc !== undefined) notes.push(failedNote(frame.label, failedSrc));
    else if (scanError !== null)
      notes.push(`${frame.label}: the page could not be read (${quoted(scanError)}).`);
    if (!scan) continue;
    if (scan.truncated) {
      notes.push(
        `${frame.label}: ${scan.candidateCount} candidate elements; only the first ${maxCandidates} were read.`,
      );
    }
    if (scan.walkTruncated) {
      notes.push(
        `${frame.label}: ${scan.elementCount} elements; clickable non-controls (cursor: pointer) and shadow roots ` +
          `were looked for in the first ${MAX_WALK} only.`,
      );
    }
    if (scan.failed > 0) notes.push(`${frame.label}: ${scan.failed} elements could not be read.`);
  }
  return notes;
}

function failedNote(label: string, src: string): string {
  const what = src ? quoted(src) : 'its address (the frame has no src)';
  return (
    `${label}: the frame failed to load ${what}, and the browser shows its error page instead: the address ` +
    "was blocked in this session (scorm_session_open's execution.allow_network and allow_loopback open " +
    "public hosts and this machine's services), did not answer, or refused to be framed " +
    '(scorm_get_network_requests tells which).'
  );
}

function message(err: unknown): string {
  if (isScormTesterError(err)) return err.message;
  const msg = err instanceof Error ? err.message : String(err);
  return (msg.split('\n')[0] ?? msg).slice(0, 300);
}
