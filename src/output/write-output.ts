/**
 * The one write policy for every path a user gives us (MCP `output_path`, CLI `--output`, `--report`,
 * `--screenshot`):
 * - the name must end in the extension of what we write;
 * - `..` and symbolic links are resolved before anything is decided, and we write at the resolved place;
 * - confined callers (the MCP tools) write only inside their allowed roots;
 * - an existing file is replaced only when it is one of our own outputs of the same kind (see
 *   output-kinds.ts), or, for the CLI, with --force; never a folder, a symbolic link, a device, FIFO or socket;
 * - the file is written atomically (temp file + rename in the same folder);
 * - every file-system operation is bounded in time.
 */
import { lstat, mkdir, realpath, stat, type FileHandle } from 'node:fs/promises';
import { basename, dirname, isAbsolute, join, relative, resolve } from 'node:path';
import { fail, isScormTesterError } from '../core/errors.js';
import { NotRegularFileError, openRegularFile } from '../core/regular-file.js';
import { writeFileAtomic } from '../session/atomic-write.js';
import { bounded } from './bounded.js';
import { HEAD_BYTES, OUTPUT_KINDS, type OutputKind, type OutputKindSpec } from './output-kinds.js';

export interface OutputRoot {
  dir: string;
  /** Why writing is allowed there, for messages (e.g. "the session workspace"). */
  label: string;
}

export type OutputPolicy =
  /** MCP: only inside these folders, and never over a file that is not ours. */
  | { confinedTo: readonly OutputRoot[] }
  /** CLI: wherever the user's shell points, but a file that is not ours only with --force. */
  | { force: boolean };

export interface OutputRequest {
  /** The path as the user gave it. */
  path: string;
  kind: OutputKind;
  /** Where a relative path starts. */
  base: string;
  policy: OutputPolicy;
  /** The parameter or flag that named the path, for messages (`output_path`, `--report`). */
  param: string;
  /** A cancelled call leaves no file (checked before the final rename). */
  signal?: AbortSignal | undefined;
}

interface Plan {
  target: string;
  parent: string;
  /** Folders between the nearest existing ancestor and the parent, to create, outermost first. */
  missing: string[];
}

function refuse(request: OutputRequest, reason: string, fix: string): never {
  fail('OUTPUT_PATH_REFUSED', `${request.param} "${request.path}": ${reason}. ${fix}`);
}

function writeFailed(target: string, error: unknown): never {
  if (isScormTesterError(error)) throw error;
  const e = error as NodeJS.ErrnoException;
  fail('OUTPUT_WRITE_FAILED', `Could not write ${target}: ${e.message}. Choose a writable path.`);
}

function isInside(path: string, root: string): boolean {
  const rel = relative(root, path);
  return rel === '' || (!rel.startsWith('..') && !isAbsolute(rel));
}

function hasExtension(path: string, spec: OutputKindSpec): boolean {
  const name = basename(path).toLowerCase();
  return spec.extensions.some((ext) => name.endsWith(ext) && name.length > ext.length);
}

async function lstatOrNull(path: string, what: string): Promise<Awaited<ReturnType<typeof lstat>> | null> {
  try {
    return await bounded(lstat(path), what);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
    if ((error as NodeJS.ErrnoException).code === 'ENOTDIR') return null;
    throw error;
  }
}

/** The nearest ancestor of `dir` that exists, and the names below it that do not. */
async function nearestExisting(dir: string): Promise<{ existing: string; missing: string[] }> {
  const missing: string[] = [];
  let current = dir;
  for (;;) {
    if (await lstatOrNull(current, `Looking up ${current}`)) return { existing: current, missing };
    const up = dirname(current);
    if (up === current) return { existing: current, missing };
    missing.unshift(basename(current));
    current = up;
  }
}

/** Creates `dirs` (outermost first) one level at a time: a recursive mkdir inside /proc never returns. */
async function makeDirs(dirs: readonly string[], mode?: number): Promise<void> {
  for (const dir of dirs) {
    await bounded(mkdir(dir, { mode }), `Creating ${dir}`).catch(async (error: unknown) => {
      const st = await lstatOrNull(dir, `Looking up ${dir}`);
      if (!st?.isDirectory()) throw error;
    });
  }
}

function below(existing: string, missing: readonly string[]): string[] {
  return missing.map((_, i) => join(existing, ...missing.slice(0, i + 1)));
}

async function realRoots(roots: readonly OutputRoot[]): Promise<OutputRoot[]> {
  return Promise.all(
    roots.map(async (root) => {
      const { existing, missing } = await nearestExisting(resolve(root.dir));
      await makeDirs(below(existing, missing), 0o700);
      return { ...root, dir: await bounded(realpath(root.dir), `Resolving ${root.dir}`) };
    }),
  );
}

async function readHead(path: string): Promise<Buffer> {
  // Should the file have been swapped for a FIFO since lstat, opening it does not wait for a writer.
  let handle: FileHandle;
  try {
    ({ handle } = await openRegularFile(path));
  } catch (error) {
    if (error instanceof NotRegularFileError) return Buffer.alloc(0);
    throw error;
  }
  try {
    const buffer = Buffer.alloc(HEAD_BYTES);
    const { bytesRead } = await handle.read(buffer, 0, HEAD_BYTES, 0);
    return buffer.subarray(0, bytesRead);
  } finally {
    await handle.close();
  }
}

async function checkExisting(request: OutputRequest, target: string, spec: OutputKindSpec): Promise<void> {
  const st = await lstatOrNull(target, `Looking up ${target}`);
  if (!st) return;
  const elsewhere = 'Choose a new file name';
  if (st.isSymbolicLink())
    refuse(request, `${target} is a symbolic link, and we never write through one`, `${elsewhere}.`);
  if (st.isDirectory())
    refuse(request, `${target} is a folder`, `Give a file name ending in ${spec.extensions[0]}.`);
  if (!st.isFile())
    refuse(request, `${target} is not a regular file (a device, FIFO or socket)`, `${elsewhere}.`);
  const head = await bounded(readHead(target), `Reading ${target}`);
  if (spec.isOurs(head)) return;
  const notOurs = `${target} exists and is not ${spec.label} written by scorm-tester, so it is left as it is`;
  if ('force' in request.policy) {
    if (request.policy.force) return;
    refuse(request, notOurs, `Choose another path, or pass --force to replace it.`);
  }
  refuse(request, notOurs, `${elsewhere}.`);
}

function whereAllowed(roots: readonly OutputRoot[]): string {
  return roots.map((r) => `${r.dir} (${r.label})`).join(' or ');
}

async function plan(request: OutputRequest): Promise<Plan> {
  try {
    return await planUnchecked(request);
  } catch (error) {
    writeFailed(resolve(request.base, request.path), error);
  }
}

async function planUnchecked(request: OutputRequest): Promise<Plan> {
  const spec = OUTPUT_KINDS[request.kind];
  if (request.path.includes('\0')) refuse(request, 'the path contains a NUL character', 'Give a plain path.');
  if (!hasExtension(request.path, spec)) {
    refuse(
      request,
      `${spec.label} is written only to a file whose name ends in ${spec.extensions.join(', ')}`,
      `Give a path like report${spec.extensions[0]}.`,
    );
  }
  const requested = resolve(request.base, request.path);
  const { existing, missing } = await nearestExisting(dirname(requested));
  const realExisting = await bounded(realpath(existing), `Resolving ${existing}`);
  if (!(await bounded(stat(realExisting), `Looking up ${realExisting}`)).isDirectory())
    refuse(request, `${realExisting} is not a folder`, 'Give a path inside a folder.');
  const parent = join(realExisting, ...missing);
  const target = join(parent, basename(requested));
  if ('confinedTo' in request.policy) {
    const roots = await realRoots(request.policy.confinedTo);
    if (!roots.some((root) => isInside(parent, root.dir))) {
      refuse(
        request,
        `it resolves to ${target}, outside the folders where scorm-tester writes: ${whereAllowed(roots)}`,
        `Give a path inside ${roots.length > 1 ? 'one of them' : 'it'} (a relative path starts at ${request.base}).`,
      );
    }
  }
  await checkExisting(request, target, spec);
  return { target, parent, missing: below(realExisting, missing) };
}

/** Checks a path against the policy without writing anything (to fail before long work). Returns where it would go. */
export async function checkOutput(request: OutputRequest): Promise<string> {
  return (await plan(request)).target;
}

/** Writes `data` at the path the user gave, under the policy. Returns the absolute path written. */
export async function writeOutput(request: OutputRequest, data: string | Buffer): Promise<string> {
  const { target, parent, missing } = await plan(request);
  const spec = OUTPUT_KINDS[request.kind];
  try {
    await makeDirs(missing);
    const bytes = spec.stamp ? spec.stamp(Buffer.from(data)) : data;
    await bounded(
      writeFileAtomic(target, bytes, {
        mode: 0o644,
        createDir: false,
        beforeRename: async () => {
          // The folder must still be where we checked it (not swapped for a link meanwhile).
          if ((await realpath(parent)) !== parent)
            refuse(request, `${parent} changed while writing`, 'Try again.');
        },
        signal: request.signal,
      }),
      `Writing ${target}`,
    );
  } catch (error) {
    writeFailed(target, error);
  }
  return target;
}
