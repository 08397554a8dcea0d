/**
 * Reads the SCO's page once for the read tools: Playwright's accessibility snapshot (roles, names,
 * states, refs) of the SCO frames, one capped in-page pass per frame (selectors, form and question
 * context), and the two paired by document order, role and name (pair.ts); nodes left unpaired are
 * resolved from their refs.
 */
import { randomUUID } from 'node:crypto';
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
import { match, type ReadControl } from './pair.js';
import { pageVersion } from './page-version.js';
import { readKey, rememberRead, reusableRead } from './read-cache.js';

export type { ReadControl } from './pair.js';

export interface ReadOptions {
  /** Only this frame (label as in results). */
  frame?: string | undefined;
  /** Time limit of the snapshot and of each frame's pass. */
  timeoutMs?: number;
  /** Candidates read per frame. */
  maxCandidates?: number;
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

/** Names the page watcher's property in the course's window (page-version.ts), per server process. */
const WATCH_KEY = `__scormTesterWatch_${randomUUID().slice(0, 8)}`;

/** The page read, or the last one again when nothing it reports can have changed since (read-cache.ts). */
export async function readPage(runtime: CourseRuntime, opts: ReadOptions = {}): Promise<PageRead> {
  const maxCandidates = opts.maxCandidates ?? DEFAULT_MAX_CANDIDATES;
  const frames = await framesToSearch(runtime, opts.frame);
  const versions = await frameVersions(runtime, frames);
  const key = readKey(frames, versions.tokens, `${maxCandidates}`);
  const reused = key ? await reusableRead(runtime, key) : null;
  if (reused) return reused;
  const read = await freshRead(runtime, frames, versions.count, opts);
  if (key) rememberRead(runtime, key, read);
  return read;
}

async function freshRead(
  runtime: CourseRuntime,
  frames: ScoFrame[],
  size: number,
  opts: ReadOptions,
): Promise<PageRead> {
  const timeoutMs = opts.timeoutMs ?? DEFAULT_TIMEOUT_MS;
  const maxCandidates = opts.maxCandidates ?? DEFAULT_MAX_CANDIDATES;
  const notes: string[] = [];
  const top = frames[0] as ScoFrame;

  // The snapshot and the in-page passes are sent together: the page runs them one after the other, and
  // Node reads one result while the page works on the next (measured on 2,000 controls: 10-20% faster).
  const snapshotting = size > MAX_SNAPSHOT_ELEMENTS ? null : snapshotOf(runtime, top.frame, timeoutMs);
  const scanning = Promise.all(frames.map((f) => scanOf(runtime, f.frame, maxCandidates)));
  const [first, scans] = await Promise.all([snapshotting, scanning]);
  // A pass stuck in course code holds up the snapshot queued behind it until the pass is stopped.
  const stuck = scans.some((s) => s.timedOut);
  const snap =
    first && first.error !== null && stuck ? await snapshotOf(runtime, top.frame, timeoutMs) : first;

  const snapshot = snap?.snapshot ?? null;
  let snapshotError: string | null = snap ? snap.error : null;
  if (!snap) {
    const held = Number.isFinite(size) ? `hold ${size} elements` : 'could not be counted in time';
    snapshotError = `the SCO frames ${held}`;
    notes.push(
      `The SCO frames ${held}: more than the ${MAX_SNAPSHOT_ELEMENTS} elements an accessibility snapshot is taken of ` +
        '(it would take many seconds); controls come from the in-page pass only, without refs. Use selectors, or narrow with frame.',
    );
  } else if (snapshotError !== null) {
    notes.push(
      `The accessibility snapshot failed (${snapshotError}); controls come from the in-page pass only, without refs.`,
    );
  }
  const nodesByFrame = await assignNodesToFrames(
    runtime,
    snapshot ? controlNodes(snapshot) : [],
    frames,
    snapshot ? ownPrefix(snapshot) : null,
  );

  const out: FrameRead[] = [];
  for (const [i, frame] of frames.entries()) {
    const { scan, error: scanError } = scans[i] as ScanOutcome;
    if (scan?.truncated) {
      notes.push(
        `${frame.label}: ${scan.candidateCount} candidate elements; only the first ${maxCandidates} were read.`,
      );
    }
    if (scan && scan.failed > 0) {
      notes.push(
        `${frame.label}: ${scan.failed} elements could not be read (the page replaced DOM methods).`,
      );
    }
    if (scanError !== null) {
      notes.push(
        `${frame.label}: the in-page pass failed (${scanError}); selectors fall back to role selectors.`,
      );
    }
    const nodes = nodesByFrame.get(frame) ?? [];
    const paired = match(frame, nodes, scan?.candidates ?? []);
    const controls = scan
      ? await resolveUnpaired(runtime, frame.frame, paired.controls, SCAN_TIMEOUT_MS)
      : paired.controls;
    out.push({ frame, scan, scanError, controls, hidden: paired.hidden });
  }
  return { frames: out, snapshot, snapshotError, notes };
}

async function snapshotOf(
  runtime: CourseRuntime,
  frame: Frame,
  timeoutMs: number,
): Promise<{ snapshot: AriaNode[] | null; error: string | null }> {
  try {
    // Our own limit stops the snapshot's script in the page; Playwright's would only stop waiting for it.
    const snapshot = await boundedPageCall(runtime, frame, 'the accessibility snapshot', timeoutMs, () =>
      takeAriaSnapshot(frame, timeoutMs + 2_000),
    );
    return { snapshot, error: null };
  } catch (err) {
    return { snapshot: null, error: message(err) };
  }
}

interface ScanOutcome {
  scan: ScanResult | null;
  error: string | null;
  timedOut: boolean;
}

async function scanOf(runtime: CourseRuntime, frame: Frame, maxCandidates: number): Promise<ScanOutcome> {
  try {
    const scan = await runScan(runtime, frame, SCAN_TIMEOUT_MS, { maxCandidates, maxText: MAX_TEXT });
    return { scan, error: null, timedOut: false };
  } catch (err) {
    const timedOut = isScormTesterError(err) && err.code === 'DOM_TIMEOUT';
    return { scan: null, error: message(err), timedOut };
  }
}

/**
 * Elements in the frames (Infinity when a frame could not be counted in time: too big or stuck) and each
 * frame's version token. The page's own count is fast; when course code broke it, Playwright counts in
 * its own world (and the frame has no token).
 */
async function frameVersions(
  runtime: CourseRuntime,
  frames: ScoFrame[],
): Promise<{ count: number; tokens: Array<string | null> }> {
  let count = 0;
  const tokens: Array<string | null> = [];
  for (const f of frames) {
    const bounded = <T>(op: () => Promise<T>): Promise<T> =>
      boundedPageCall(runtime, f.frame, 'counting elements', SCAN_TIMEOUT_MS, op);
    try {
      const v = await bounded(() => f.frame.evaluate(pageVersion, WATCH_KEY));
      if (typeof v?.count !== 'number') throw new Error('not a count');
      count += v.count;
      tokens.push(typeof v.token === 'string' ? v.token : null);
    } catch (err) {
      if (isScormTesterError(err) && err.code === 'DOM_TIMEOUT') return { count: Infinity, tokens: [] };
      count += await bounded(() => f.frame.locator('*').count()).catch(() => Infinity);
      tokens.push(null);
    }
  }
  return { count, tokens };
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
      v.candidates.every((c) => typeof c.selector === 'string' && typeof c.ariaRole !== 'undefined');
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

/** Unpaired nodes resolved from their refs per frame and round, at most (each costs a page round trip). */
const MAX_RESOLVED = 100;
const RESOLVE_ROUNDS = 3;

/**
 * Nodes the order pairing left without a candidate: their refs resolve to their elements, which give the
 * selector; when a candidate has that selector it is this node's (taken from the node that had it, which
 * is resolved in the next round).
 */
async function resolveUnpaired(
  runtime: CourseRuntime,
  frame: Frame,
  controls: ReadControl[],
  timeoutMs: number,
): Promise<ReadControl[]> {
  const owner = new Map<string, ReadControl>();
  for (const c of controls) if (c.candidate) owner.set(c.candidate.selector, c);
  const dropped = new Set<ReadControl>();
  const tried = new Set<ReadControl>();
  for (let round = 0; round < RESOLVE_ROUNDS; round++) {
    const missing = controls
      .filter((c) => c.node?.node.ref && !c.candidate && !tried.has(c))
      .slice(0, MAX_RESOLVED);
    if (missing.length === 0) break;
    for (const c of missing) tried.add(c);
    const handles = await Promise.all(
      missing.map((c) =>
        runtime.playerPage
          .getByRef(c.node?.node.ref as string)
          .elementHandle({ timeout: 1_000 })
          .catch(() => null),
      ),
    );
    const found = handles.filter((h): h is NonNullable<typeof h> => h !== null);
    let located: Array<string | null> = [];
    try {
      const res = await runScan(runtime, frame, timeoutMs, {
        maxCandidates: 0,
        maxText: MAX_TEXT,
        locate: found,
      });
      located = res.located;
    } catch {
      // no selectors from refs: role selectors are used instead
    } finally {
      await Promise.all(found.map((h) => h.dispose().catch(() => undefined)));
    }
    let index = 0;
    handles.forEach((handle, i) => {
      if (!handle) return;
      const selector = located[index++] ?? null;
      const control = missing[i] as ReadControl;
      const holder = selector ? owner.get(selector) : undefined;
      if (!selector || !holder) {
        control.locatedSelector = selector;
        return;
      }
      control.candidate = holder.candidate;
      owner.set(selector, control);
      if (holder.node) holder.candidate = null;
      else dropped.add(holder);
    });
  }
  return dropped.size > 0 ? controls.filter((c) => !dropped.has(c)) : controls;
}

function message(err: unknown): string {
  if (isScormTesterError(err)) return err.message;
  const msg = err instanceof Error ? err.message : String(err);
  return (msg.split('\n')[0] ?? msg).slice(0, 300);
}
