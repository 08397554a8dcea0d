/**
 * Reads the SCO's page once for the read tools: Playwright's accessibility snapshot (roles, names,
 * states, refs) of the SCO frames, one capped in-page pass per frame (selectors, boxes, form and question
 * context), and the two matched by bounding box, role and document order.
 */
import { frameOfRef } from '../refs.js';
import type { Frame } from 'playwright-core';
import { isScormTesterError } from '../../core/errors.js';
import type { CourseRuntime } from '../../runtime/course-runtime.js';
import { boundedPageCall } from '../bounded.js';
import { framesToSearch } from '../target.js';
import type { ScoFrame } from '../frames.js';
import {
  controlNodes,
  refPrefix,
  takeAriaSnapshot,
  walkNodes,
  type AriaNode,
  type FlatNode,
} from './aria.js';
import { scanFrame, type ScanCandidate, type ScanResult } from './page-scan.js';

export interface ReadOptions {
  /** Only this frame (label as in results). */
  frame?: string | undefined;
  /** Time limit of the snapshot and of each frame's pass. */
  timeoutMs?: number;
  /** Candidates read per frame. */
  maxCandidates?: number;
}

/** One control: the snapshot node and/or the in-page candidate it was matched with. */
export interface ReadControl {
  frame: ScoFrame;
  node: FlatNode | null;
  candidate: ScanCandidate | null;
  /** Selector found by the box of a snapshot node no candidate matched. */
  locatedSelector: string | null;
}

export interface FrameRead {
  frame: ScoFrame;
  scan: ScanResult | null;
  /** Why the in-page pass gave nothing (a replaced DOM method, a stuck script, navigation). */
  scanError: string | null;
  controls: ReadControl[];
  /** Candidates that are not rendered (display:none, visibility:hidden, no box). */
  hidden: ScanCandidate[];
}

export interface PageRead {
  frames: FrameRead[];
  /** The snapshot of the first frame read (its nested frames included), or null when it failed. */
  snapshot: AriaNode[] | null;
  snapshotError: string | null;
  notes: string[];
}

const DEFAULT_TIMEOUT_MS = 8_000;
/** The in-page pass reads a few attributes per candidate: seconds mean course code is in the way. */
const SCAN_TIMEOUT_MS = 4_000;
/** Above this many elements in the frames read, Playwright's snapshot takes seconds (measured: 50,000 took 6-25 s). */
const MAX_SNAPSHOT_ELEMENTS = 20_000;
const DEFAULT_MAX_CANDIDATES = 5_000;
const MAX_TEXT = 120;

export async function readPage(runtime: CourseRuntime, opts: ReadOptions = {}): Promise<PageRead> {
  const timeoutMs = opts.timeoutMs ?? DEFAULT_TIMEOUT_MS;
  const maxCandidates = opts.maxCandidates ?? DEFAULT_MAX_CANDIDATES;
  const frames = await framesToSearch(runtime, opts.frame);
  const notes: string[] = [];
  const top = frames[0] as ScoFrame;

  let snapshot: AriaNode[] | null = null;
  let snapshotError: string | null = null;
  const size = await elementCount(runtime, frames);
  if (size > MAX_SNAPSHOT_ELEMENTS) {
    const held = Number.isFinite(size) ? `hold ${size} elements` : 'could not be counted in time';
    snapshotError = `the SCO frames ${held}`;
    notes.push(
      `The SCO frames ${held}: more than the ${MAX_SNAPSHOT_ELEMENTS} elements an accessibility snapshot is taken of ` +
        '(it would take many seconds); controls come from the in-page pass only, without refs. Use selectors, or narrow with frame.',
    );
  } else {
    try {
      // Our own limit stops the snapshot's script in the page; Playwright's would only stop waiting for it.
      snapshot = await boundedPageCall(runtime, top.frame, 'the accessibility snapshot', timeoutMs, () =>
        takeAriaSnapshot(top.frame, timeoutMs + 2_000),
      );
    } catch (err) {
      snapshotError = message(err);
      notes.push(
        `The accessibility snapshot failed (${snapshotError}); controls come from the in-page pass only, without refs.`,
      );
    }
  }
  const nodesByFrame = await assignNodesToFrames(
    runtime,
    snapshot ? controlNodes(snapshot) : [],
    frames,
    snapshot ? ownPrefix(snapshot) : null,
  );

  const out: FrameRead[] = [];
  for (const frame of frames) {
    let scan: ScanResult | null = null;
    let scanError: string | null = null;
    try {
      scan = await runScan(runtime, frame.frame, SCAN_TIMEOUT_MS, { maxCandidates, maxText: MAX_TEXT });
      if (scan.truncated) {
        notes.push(
          `${frame.label}: ${scan.candidateCount} candidate elements; only the first ${maxCandidates} were read.`,
        );
      }
      if (scan.failed > 0) {
        notes.push(
          `${frame.label}: ${scan.failed} elements could not be read (the page replaced DOM methods).`,
        );
      }
    } catch (err) {
      scanError = message(err);
      notes.push(
        `${frame.label}: the in-page pass failed (${scanError}); selectors fall back to role selectors.`,
      );
    }
    const nodes = nodesByFrame.get(frame) ?? [];
    const { controls, hidden } = match(frame, nodes, scan?.candidates ?? []);
    if (scan) await locateUnmatched(runtime, frame.frame, controls, SCAN_TIMEOUT_MS);
    out.push({ frame, scan, scanError, controls, hidden });
  }
  return { frames: out, snapshot, snapshotError, notes };
}

/**
 * Elements in the frames (Infinity when a frame could not be counted in time: too big or stuck). The
 * page's own count is fast; when course code broke it, Playwright counts in its own world.
 */
async function elementCount(runtime: CourseRuntime, frames: ScoFrame[]): Promise<number> {
  let total = 0;
  for (const f of frames) {
    const count = (op: () => Promise<number>): Promise<number> =>
      boundedPageCall(runtime, f.frame, 'counting elements', SCAN_TIMEOUT_MS, op);
    try {
      total += await count(() =>
        f.frame.evaluate(() => {
          const n = document.getElementsByTagName('*').length;
          if (typeof n !== 'number') throw new Error('not a count');
          return n;
        }),
      );
    } catch (err) {
      if (isScormTesterError(err) && err.code === 'DOM_TIMEOUT') return Infinity;
      total += await count(() => f.frame.locator('*').count()).catch(() => Infinity);
    }
  }
  return total;
}

async function runScan(
  runtime: CourseRuntime,
  frame: Frame,
  timeoutMs: number,
  opts: Parameters<typeof scanFrame>[0],
): Promise<ScanResult> {
  return boundedPageCall(runtime, frame, 'the in-page element pass', timeoutMs, async () => {
    const json = await frame.evaluate(scanFrame, { ...opts, asJson: true });
    const parsed = parseScan(json);
    if (parsed) return parsed;
    // JSON.stringify replaced by the course: take the slow, value-by-value form.
    const value = await frame.evaluate(scanFrame, { ...opts, asJson: false });
    const checked = typeof value === 'string' ? null : parseScan(JSON.stringify(value));
    if (!checked) throw new Error('the page returned a malformed element list');
    return checked;
  });
}

/** The scan result if `json` has its shape, else null. */
function parseScan(json: unknown): ScanResult | null {
  if (typeof json !== 'string') return null;
  try {
    const v = JSON.parse(json) as ScanResult;
    const ok =
      v !== null &&
      typeof v === 'object' &&
      Array.isArray(v.candidates) &&
      Array.isArray(v.groups) &&
      Array.isArray(v.forms) &&
      Array.isArray(v.located) &&
      v.candidates.every((c) => typeof c.selector === 'string' && Array.isArray(c.box) && c.box.length === 4);
    return ok ? v : null;
  } catch {
    return null;
  }
}

/** The snapshotted frame's own ref prefix: its first ref in document order (an iframe's node precedes its content). */
export function ownPrefix(roots: AriaNode[]): string | null {
  let prefix: string | null = null;
  walkNodes(roots, (node) => {
    if (prefix === null && node.ref) prefix = refPrefix(node.ref);
  });
  return prefix;
}

/** Each snapshot node to the frame its ref belongs to (refs of a frame share an "fN" prefix). */
export async function assignNodesToFrames(
  runtime: CourseRuntime,
  nodes: FlatNode[],
  frames: ScoFrame[],
  topPrefix: string | null,
): Promise<Map<ScoFrame, FlatNode[]>> {
  const byPrefix = new Map<string, FlatNode[]>();
  for (const n of nodes) {
    const list = byPrefix.get(n.prefix) ?? [];
    list.push(n);
    byPrefix.set(n.prefix, list);
  }
  const out = new Map<ScoFrame, FlatNode[]>();
  for (const [prefix, list] of byPrefix) {
    const owner =
      prefix === topPrefix
        ? frames[0]?.frame
        : await frameOfRef(runtime, (list[0] as FlatNode).node.ref as string);
    const frame = frames.find((f) => f.frame === owner);
    if (frame) out.set(frame, list);
  }
  return out;
}

const IMPLICIT_ROLES: Record<string, string> = {
  button: 'button',
  summary: 'button',
  a: 'link',
  area: 'link',
  textarea: 'textbox',
};

/** The role the candidate's tag and type imply, for telling apart controls drawn in the same box. */
function candidateRole(c: ScanCandidate): string | null {
  if (c.role) return c.role;
  if (c.tag === 'input') {
    if (c.type === 'checkbox' || c.type === 'radio') return c.type;
    if (c.type === 'button' || c.type === 'submit' || c.type === 'reset' || c.type === 'image')
      return 'button';
    if (c.type === 'range') return 'slider';
    if (c.type === 'number') return 'spinbutton';
    return c.type === 'search' ? 'searchbox' : 'textbox';
  }
  if (c.tag === 'select') return null;
  return IMPLICIT_ROLES[c.tag] ?? null;
}

function boxKey(box: readonly number[]): string {
  return box.map((v) => Math.round(v)).join(',');
}

/**
 * Pairs snapshot nodes with in-page candidates: same box, compatible role, first unused in document
 * order. Nodes left over keep their ref (a selector is looked for by box next); candidates left over are
 * not in the snapshot (hidden).
 */
export function match(
  frame: ScoFrame,
  nodes: FlatNode[],
  candidates: ScanCandidate[],
): { controls: ReadControl[]; hidden: ScanCandidate[] } {
  const buckets = new Map<string, FlatNode[]>();
  for (const n of nodes) {
    const b = n.node.box;
    if (!b) continue;
    const key = boxKey([b.x, b.y, b.width, b.height]);
    const list = buckets.get(key) ?? [];
    list.push(n);
    buckets.set(key, list);
  }
  const paired = new Map<FlatNode, ScanCandidate>();
  const unlisted: ScanCandidate[] = [];
  const hidden: ScanCandidate[] = [];
  for (const c of candidates) {
    const list = c.rendered ? buckets.get(boxKey(c.box)) : undefined;
    const role = candidateRole(c);
    let hit: FlatNode | undefined;
    if (list) {
      hit = list.find((n) => !paired.has(n) && (role === null || n.node.role === role));
      hit ??= list.find((n) => !paired.has(n) && role !== null && !sameRoleLater(list, role, paired));
    }
    if (hit) paired.set(hit, c);
    else if (c.rendered) unlisted.push(c);
    else hidden.push(c);
  }
  const controls = nodes.map<ReadControl>((node) => ({
    frame,
    node,
    candidate: paired.get(node) ?? null,
    locatedSelector: null,
  }));
  // Rendered candidates the snapshot lists without a control role (a tabindex div it calls generic, an
  // aria-hidden control): kept, without a ref.
  for (const candidate of unlisted) controls.push({ frame, node: null, candidate, locatedSelector: null });
  return { controls, hidden };
}

function sameRoleLater(list: FlatNode[], role: string, paired: Map<FlatNode, ScanCandidate>): boolean {
  return list.some((n) => !paired.has(n) && n.node.role === role);
}

async function locateUnmatched(
  runtime: CourseRuntime,
  frame: Frame,
  controls: ReadControl[],
  timeoutMs: number,
): Promise<void> {
  const missing = controls.filter((c) => !c.candidate && c.node?.node.box && c.node.node.box.width > 0);
  if (missing.length === 0) return;
  const locate = missing.map((c) => {
    const b = c.node?.node.box as { x: number; y: number; width: number; height: number };
    return [b.x, b.y, b.width, b.height].map((v) => Math.round(v)) as [number, number, number, number];
  });
  try {
    const res = await runScan(runtime, frame, timeoutMs, { maxCandidates: 0, maxText: MAX_TEXT, locate });
    missing.forEach((c, i) => {
      c.locatedSelector = res.located[i] ?? null;
    });
  } catch {
    // no selectors by box: role selectors are used instead
  }
}

function message(err: unknown): string {
  if (isScormTesterError(err)) return err.message;
  const msg = err instanceof Error ? err.message : String(err);
  return (msg.split('\n')[0] ?? msg).slice(0, 300);
}
