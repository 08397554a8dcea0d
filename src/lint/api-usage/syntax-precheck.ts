/**
 * Compiling a big export's library code in V8 (the syntax check of compilesWithoutFacts) is the largest
 * single cost of validating it. For packages with enough JavaScript, a worker thread starts on that check
 * as soon as the file list is known, while this thread validates the manifest and walks the launch
 * chains; when the API lint needs the answers, this thread takes the files the worker has not started
 * yet (both claim files from one shared counter). Findings are the same either way: a file not cleared
 * is analysed as before, without this thread asking again; for a big one, the claimer also makes the
 * compile half of the region parse (frameRegionPlan), so this thread only parses the regions.
 * Whoever reads a script also takes its launch-chain references (js-refs.ts), so the launch-chain walk
 * and the dependency rules never read or scan those megabytes again on this thread.
 */
import { statSync } from 'node:fs';
import { stat } from 'node:fs/promises';
import { basename, dirname, extname, resolve } from 'node:path';
import { Worker } from 'node:worker_threads';
import { listPackageFiles } from '../../package/paths.js';
import { detachedScan } from '../launch-chain/detached-scan.js';
import { scanScript, type PageScan } from '../launch-chain/js-refs.js';
import { readScanText } from './read-scan-text.js';
import { resolveInside } from './resolve-file.js';
import { frameRegionPlan, type RegionPlan } from './frame-regions.js';
import { compilesWithoutFacts } from './syntax-check.js';
import { indexWords } from './word-index.js';

export interface PrecheckRequest {
  root: string;
  files: string[];
  /** Int32Array over a SharedArrayBuffer: [0] is the index of the next file to claim. */
  next: Int32Array;
}
export interface PrecheckReply {
  /** Files claimed that compile and cannot yield a fact: their syntax tree is not needed. */
  quiet: string[];
  /** What each file claimed and read loads (scanScript), for the launch-chain walk. */
  scans: [string, PageScan][];
  /** Files claimed and read that are not quiet, with their region plan (frameRegionPlan; null: none). */
  mayHoldFacts: [string, RegionPlan | null][];
}

/** Below this much script, a worker's start costs more than the check it would take off this thread. */
export const PRECHECK_MIN_BYTES = 1024 * 1024;

export interface PrecheckResults {
  quiet: ReadonlySet<string>;
  scans: ReadonlyMap<string, PageScan>;
  /**
   * Files that did not compile without facts, so the lint analyses them without asking again, with their
   * region plan (null: parsed whole). A file in neither set was not checked: the lint decides as before.
   */
  mayHoldFacts: ReadonlyMap<string, RegionPlan | null>;
}

export interface SyntaxPrecheck {
  /** Finishes the files nobody has claimed on this thread, then gathers both threads' answers (once). */
  results(): Promise<PrecheckResults>;
}

/** Reads a claimed file once: whether it is quiet, and what it loads (none when unreadable or too large). */
function checkScript(root: string, file: string, reply: PrecheckReply): void {
  let code: string | null;
  try {
    code = readScanText(root, file);
  } catch {
    return; // The lint and the scanner report it as they find it.
  }
  if (code === null) return;
  const words = indexWords(code);
  reply.scans.push([file, detachedScan(scanScript(code, words))]);
  const unit = { code, line: 1, column: 1, module: false, handler: false };
  if (compilesWithoutFacts(unit, words)) reply.quiet.push(file);
  else reply.mayHoldFacts.push([file, frameRegionPlan(unit, words) ?? null]);
}

/** Claims files from the shared counter until none is left. */
export function claimAndCheck(request: PrecheckRequest): PrecheckReply {
  const reply: PrecheckReply = { quiet: [], scans: [], mayHoldFacts: [] };
  for (;;) {
    const i = Atomics.add(request.next, 0, 1);
    const file = request.files[i];
    if (file === undefined) return reply;
    checkScript(request.root, file, reply);
  }
}

function scriptsOf(files: readonly string[]): string[] {
  return files.filter((f) => extname(f).toLowerCase() === '.js');
}

/**
 * The scripts to claim, largest first (so the two threads end together: small files fill the gaps), or
 * undefined when there is too little script for a worker to pay off.
 */
function claimOrder(root: string, scripts: readonly string[]): string[] | undefined {
  const sizes = new Map<string, number>();
  let bytes = 0;
  for (const file of scripts) {
    try {
      const size = statSync(resolveInside(root, file)).size;
      sizes.set(file, size);
      bytes += size;
    } catch {
      sizes.set(file, 0); // The lint reports it.
    }
  }
  if (bytes < PRECHECK_MIN_BYTES) return undefined;
  return [...scripts].sort((a, b) => (sizes.get(b) ?? 0) - (sizes.get(a) ?? 0));
}

interface Started {
  root: string;
  scripts: readonly string[];
  worker: Worker;
  precheck: SyntaxPrecheck;
}

/** A pre-check the CLI started before the validator asked for one (startSyntaxPrecheckEarly). */
let early: Started | undefined;

export function startSyntaxPrecheck(root: string, files: readonly string[]): SyntaxPrecheck | undefined {
  const scripts = scriptsOf(files);
  const waiting = early;
  early = undefined;
  if (waiting) {
    const same =
      waiting.root === root &&
      waiting.scripts.length === scripts.length &&
      waiting.scripts.every((f, i) => f === scripts[i]);
    if (same) {
      waiting.worker.ref();
      return waiting.precheck;
    }
    void waiting.worker.terminate();
  }
  const order = claimOrder(root, scripts);
  return order ? launch(root, scripts, order)?.precheck : undefined;
}

/**
 * The CLI's head start: for a course folder (or its imsmanifest.xml), starts the pre-check of its scripts
 * while the validator's own code is still loading. startSyntaxPrecheck takes it over when it asks for
 * the same scripts of the same folder (a deep scan of an unchanged folder does) and stops it otherwise.
 * It never keeps the process alive by itself; whatever is wrong with the path, the validation reports.
 */
export async function startSyntaxPrecheckEarly(path: string): Promise<void> {
  try {
    const abs = resolve(path);
    const info = await stat(abs);
    const root = info.isDirectory() ? abs : basename(abs) === 'imsmanifest.xml' ? dirname(abs) : null;
    if (root === null) return;
    const scripts = scriptsOf(await listPackageFiles(root));
    const order = claimOrder(root, scripts);
    if (!order) return;
    const started = launch(root, scripts, order);
    started?.worker.unref();
    early = started;
  } catch {
    // Not a folder we can list: the validation says why.
  }
}

function launch(root: string, scripts: readonly string[], order: string[]): Started | undefined {
  const request: PrecheckRequest = { root, files: order, next: new Int32Array(new SharedArrayBuffer(4)) };
  let worker: Worker;
  try {
    worker = new Worker(new URL('./syntax-worker.js', import.meta.url), { workerData: request });
  } catch {
    return undefined;
  }
  const fromWorker = new Promise<PrecheckReply>((resolve) => {
    worker.once('message', resolve);
    // Files it claimed and never answered are analysed (and scanned) on this thread as usual.
    worker.once('error', () => resolve({ quiet: [], scans: [], mayHoldFacts: [] }));
    worker.once('exit', () => resolve({ quiet: [], scans: [], mayHoldFacts: [] }));
  });
  let results: Promise<PrecheckResults> | undefined;
  const gather = async (): Promise<PrecheckResults> => {
    const mine = claimAndCheck(request);
    const theirs = await fromWorker;
    return {
      quiet: new Set([...mine.quiet, ...theirs.quiet]),
      scans: new Map([...mine.scans, ...theirs.scans]),
      mayHoldFacts: new Map([...mine.mayHoldFacts, ...theirs.mayHoldFacts]),
    };
  };
  return { root, scripts, worker, precheck: { results: () => (results ??= gather()) } };
}
