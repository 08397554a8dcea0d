/**
 * Where a schema location points, and reading schema files strictly from inside the package root.
 */
import { percentDecode } from '../../package/paths.js';
import { closeSync, lstatSync, readFileSync, realpathSync, statSync, type BigIntStats } from 'node:fs';
import { openRegularFileSync } from '../../core/regular-file.js';
import { readdir } from 'node:fs/promises';
import { posix, relative, resolve, sep, isAbsolute } from 'node:path';
import { decodeXmlBytes } from './decode-xml.js';

export type LocationTarget =
  { kind: 'package'; rel: string } | { kind: 'remote'; url: string } | { kind: 'outside'; reason: string };

/** Resolves `location` (a URI reference) against the package-relative folder `baseDir`. */
export function classifyLocation(baseDir: string, location: string): LocationTarget {
  if (/^[A-Za-z][A-Za-z0-9+.-]+:/.test(location) || location.startsWith('//')) {
    return { kind: 'remote', url: location };
  }
  const path = percentDecode(location.replace(/[?#].*$/, '').replace(/\\/g, '/'));
  if (path.startsWith('/') || /^[A-Za-z]:/.test(path)) {
    return { kind: 'outside', reason: 'is an absolute path' };
  }
  if (path.includes('\0')) return { kind: 'outside', reason: 'contains a NUL character' };
  const joined = posix.normalize(posix.join('/', baseDir, path));
  if (joined === '/' || path === '') return { kind: 'outside', reason: 'is empty' };
  // posix.join with a leading '/' clamps '..' at the root; detect climbing out explicitly.
  const climbed = posix.normalize(posix.join(baseDir === '' ? '.' : baseDir, path));
  if (climbed === '..' || climbed.startsWith('../')) {
    return { kind: 'outside', reason: 'points outside the package root' };
  }
  return { kind: 'package', rel: joined.slice(1) };
}

export type ReadResult =
  | { ok: true; text: string }
  | { ok: false; reason: 'missing' | 'not_a_file' | 'outside'; caseVariant?: string };

export const READ_FAILURE: Record<'missing' | 'not_a_file' | 'outside', string> = {
  missing: 'is not in the package',
  not_a_file: 'is not a regular file',
  outside: 'is a link to a file outside the package',
};

export class PackageFiles {
  private realRoot: string | undefined;
  private readonly reads = new Map<string, Promise<ReadResult>>();

  constructor(readonly root: string) {}

  /**
   * Reads a package-relative file; symlinks are followed only if they stay inside the root.
   * Each file is read once per instance, so callers can start reads early and await them later.
   */
  read(rel: string): Promise<ReadResult> {
    let pending = this.reads.get(rel);
    if (!pending) {
      pending = this.readOnce(rel);
      this.reads.set(rel, pending);
    }
    return pending;
  }

  private async readOnce(rel: string): Promise<ReadResult> {
    const abs = resolve(this.root, ...rel.split('/'));
    // Synchronous on purpose: schema files are few and small, and the thread-pool round trips of
    // the promise API cost more than the reads themselves.
    try {
      let info = lstatSync(abs, { bigint: true });
      if (info.isSymbolicLink()) {
        if (!isInside(this.rootReal(), realpathSync(abs))) return { ok: false, reason: 'outside' };
        info = statSync(abs, { bigint: true });
      }
      if (!info.isFile()) return { ok: false, reason: 'not_a_file' };
      return { ok: true, text: readDecoded(abs, info) };
    } catch {
      const caseVariant = await this.caseVariant(rel);
      return caseVariant ? { ok: false, reason: 'missing', caseVariant } : { ok: false, reason: 'missing' };
    }
  }

  private rootReal(): string {
    if (this.realRoot === undefined) {
      try {
        this.realRoot = realpathSync(this.root);
      } catch {
        this.realRoot = resolve(this.root);
      }
    }
    return this.realRoot;
  }

  /** A file whose path differs only in letter case (it works on Windows, fails on most servers). */
  private async caseVariant(rel: string): Promise<string | undefined> {
    const dir = posix.dirname(rel);
    const base = posix.basename(rel).toLowerCase();
    try {
      const entries = await readdir(resolve(this.root, ...(dir === '.' ? [] : dir.split('/'))));
      const hit = entries.find((e) => e.toLowerCase() === base);
      return hit === undefined ? undefined : dir === '.' ? hit : `${dir}/${hit}`;
    } catch {
      return undefined;
    }
  }
}

interface CachedText {
  signature: string;
  text: string;
}

const textCache = new Map<string, CachedText>();
const TEXT_CACHE_LIMIT = 1024;

/**
 * Decoded text of a file, reused while its identity, size and times are unchanged: warm
 * validation of an unchanged package then reads no file content at all.
 */
function readDecoded(abs: string, info: BigIntStats): string {
  const signature = `${info.dev}:${info.ino}:${info.size}:${info.mtimeNs}:${info.ctimeNs}`;
  const cached = textCache.get(abs);
  if (cached?.signature === signature) return cached.text;
  // Never a blocking open: a FIFO swapped in after the lstat would hold the event loop forever.
  const { fd } = openRegularFileSync(abs, { followLinks: true });
  let text: string;
  try {
    text = decodeXmlBytes(readFileSync(fd));
  } finally {
    closeSync(fd);
  }
  if (textCache.size >= TEXT_CACHE_LIMIT) textCache.delete(textCache.keys().next().value as string);
  textCache.set(abs, { signature, text });
  return text;
}

function isInside(root: string, target: string): boolean {
  const rel = relative(root, target);
  return rel !== '' && !rel.startsWith(`..${sep}`) && rel !== '..' && !isAbsolute(rel);
}
