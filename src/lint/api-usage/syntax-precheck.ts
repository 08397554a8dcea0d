/**
 * Compiling a big export's library code in V8 (the syntax check of compilesWithoutFacts) is the largest
 * single cost of validating it. For packages with enough JavaScript, a worker thread starts on that check
 * as soon as the file list is known, while this thread validates the manifest and walks the launch
 * chains; when the API lint needs the answers, this thread takes the files the worker has not started
 * yet (both claim files from one shared counter). Findings are the same either way: a file not cleared
 * is analysed as before.
 */
import { statSync } from 'node:fs';
import { extname } from 'node:path';
import { Worker } from 'node:worker_threads';
import { readScanText } from './read-scan-text.js';
import { resolveInside } from './resolve-file.js';
import { compilesWithoutFacts } from './syntax-check.js';

export interface PrecheckRequest {
  root: string;
  files: string[];
  /** Int32Array over a SharedArrayBuffer: [0] is the index of the next file to claim. */
  next: Int32Array;
}
export interface PrecheckReply {
  /** Files the worker claimed that compile and cannot yield a fact: their syntax tree is not needed. */
  quiet: string[];
}

/** Below this much script, a worker's start costs more than the check it would take off this thread. */
export const PRECHECK_MIN_BYTES = 1024 * 1024;

export interface SyntaxPrecheck {
  /** The .js files that compile without any fact; finishes the files nobody has claimed on this thread. */
  quietFiles(): Promise<ReadonlySet<string>>;
}

/** True when the file compiles and cannot yield a fact (false when unreadable: the lint reports that). */
export function isQuietScript(root: string, file: string): boolean {
  try {
    const code = readScanText(root, file);
    return code !== null && compilesWithoutFacts({ code, line: 1, column: 1, module: false, handler: false });
  } catch {
    return false;
  }
}

/** Claims files from the shared counter until none is left; returns the quiet ones. */
export function claimAndCheck(request: PrecheckRequest): string[] {
  const quiet: string[] = [];
  for (;;) {
    const i = Atomics.add(request.next, 0, 1);
    const file = request.files[i];
    if (file === undefined) return quiet;
    if (isQuietScript(request.root, file)) quiet.push(file);
  }
}

export function startSyntaxPrecheck(root: string, files: readonly string[]): SyntaxPrecheck | undefined {
  const scripts = files.filter((f) => extname(f).toLowerCase() === '.js');
  let bytes = 0;
  for (const file of scripts) {
    try {
      bytes += statSync(resolveInside(root, file)).size;
    } catch {
      // The lint reports it.
    }
  }
  if (bytes < PRECHECK_MIN_BYTES) return undefined;
  const request: PrecheckRequest = { root, files: scripts, next: new Int32Array(new SharedArrayBuffer(4)) };
  let worker: Worker;
  try {
    worker = new Worker(new URL('./syntax-worker.js', import.meta.url), { workerData: request });
  } catch {
    return undefined;
  }
  const fromWorker = new Promise<readonly string[]>((resolve) => {
    worker.once('message', (reply: PrecheckReply) => resolve(reply.quiet));
    // Files it claimed and never answered are analysed by the lint as usual.
    worker.once('error', () => resolve([]));
    worker.once('exit', () => resolve([]));
  });
  return {
    async quietFiles() {
      const mine = claimAndCheck(request);
      return new Set([...mine, ...(await fromWorker)]);
    },
  };
}
