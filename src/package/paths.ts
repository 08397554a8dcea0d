/**
 * Path helpers shared by everything that reads files out of a package root.
 */
import { readdir } from 'node:fs/promises';
import { isAbsolute, join, relative, resolve, sep } from 'node:path';
import { fail } from '../core/errors.js';

/**
 * Forward slashes only. Backslashes are converted too: packages built on Windows write them in
 * hrefs and zip entry names, and on the systems we run on a backslash is never a separator anyway.
 */
export function toPosix(p: string): string {
  return p.split(sep).join('/').replace(/\\/g, '/');
}

/**
 * Percent-decodes segment by segment: a malformed escape in one segment must not stop `%2e%2e`
 * in another from being seen as `..` (browsers treat it as one).
 */
export function percentDecode(path: string): string {
  return path
    .split('/')
    .map((segment) => {
      try {
        return decodeURIComponent(segment);
      } catch {
        return segment;
      }
    })
    .join('/');
}

/**
 * The absolute path of `relativePosixPath` inside `root`. The check is lexical (symlinks are not
 * followed); callers strip any `?query` or `#fragment` first. Throws SECURITY_VIOLATION for paths
 * that are absolute, contain NUL, or climb out of the root, including through `%2e%2e` or `..%5c`.
 */
export function resolveInsideRoot(root: string, relativePosixPath: string): string {
  const decoded = toPosix(percentDecode(toPosix(relativePosixPath)));
  const details = { root, path: relativePosixPath };
  if (decoded.includes('\0')) {
    fail('SECURITY_VIOLATION', `Path "${relativePosixPath}" contains a NUL character; remove it.`, details);
  }
  if (decoded.startsWith('/') || /^[A-Za-z]:/.test(decoded) || isAbsolute(decoded)) {
    fail(
      'SECURITY_VIOLATION',
      `Path "${relativePosixPath}" is absolute; package paths must be relative to the folder that holds imsmanifest.xml.`,
      details,
    );
  }
  const absRoot = resolve(root);
  const target = resolve(absRoot, decoded);
  const rel = relative(absRoot, target);
  if (rel === '..' || rel.startsWith(`..${sep}`) || isAbsolute(rel)) {
    fail(
      'SECURITY_VIOLATION',
      `Path "${relativePosixPath}" points outside the package root; keep every referenced file inside the package.`,
      details,
    );
  }
  return target;
}

export interface ListPackageFilesOptions {
  maxFiles?: number;
}

/**
 * Relative posix paths of the regular files under `root`, recursively, sorted. Symlinks (to files
 * or folders) are skipped, never followed. More than `maxFiles` files -> SECURITY_VIOLATION.
 */
export async function listPackageFiles(
  root: string,
  options: ListPackageFilesOptions = {},
): Promise<string[]> {
  const maxFiles = options.maxFiles ?? 100_000;
  const absRoot = resolve(root);
  const files: string[] = [];
  const pending: string[] = [absRoot];
  while (pending.length > 0) {
    const dir = pending.pop() as string;
    let entries;
    try {
      entries = await readdir(dir, { withFileTypes: true });
    } catch (err) {
      fail('PATH_RESOLUTION_ERROR', `Cannot read folder ${dir}: ${(err as Error).message}`, { path: dir });
    }
    for (const entry of entries) {
      const full = join(dir, entry.name);
      if (entry.isDirectory()) {
        pending.push(full);
      } else if (entry.isFile()) {
        files.push(toPosix(relative(absRoot, full)));
        if (files.length > maxFiles) {
          fail(
            'SECURITY_VIOLATION',
            `Package at ${absRoot} holds more than ${maxFiles} files; this is far beyond any real course. Remove unrelated files or point at the course folder itself.`,
            { root: absRoot, limit: maxFiles },
          );
        }
      }
    }
  }
  return files.sort();
}
