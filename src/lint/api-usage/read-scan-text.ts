import { closeSync, readFileSync, type Stats } from 'node:fs';
import { openRegularFileSync } from '../../core/regular-file.js';
import { fail } from '../../core/errors.js';
import { resolveInside } from './resolve-file.js';

/** Files above this size are not parsed (reported as api.file_skipped). */
export const MAX_FILE_BYTES = 5 * 1024 * 1024;

export type ScanText = { text: string } | { tooLargeBytes: number };

/**
 * A package file's text as the API lint reads it (byte-order mark dropped), or its size when it is
 * above MAX_FILE_BYTES. Throws SECURITY_VIOLATION for paths outside the package and CONTENT_FILE_MISSING
 * for what is not a regular file.
 */
export function readScanFile(root: string, file: string): ScanText {
  return readResolvedScanFile(resolveInside(root, file), file);
}

/** readScanFile for a path already resolved inside the package (`file` names it in errors). */
export function readResolvedScanFile(full: string, file: string): ScanText {
  // Synchronous on purpose: these are small files in the page cache, and a thread-pool hop per call costs
  // more than the read (thousands of pages: ~100 µs a file asynchronously, ~15 µs synchronously).
  // Never a blocking open: a FIFO in the package would hold this thread (and the event loop) forever.
  let opened: { fd: number; stats: Stats };
  try {
    opened = openRegularFileSync(full, { followLinks: true });
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOTREG') throw error;
    fail('CONTENT_FILE_MISSING', `"${file}" is not a regular file; pass only HTML and JavaScript files`);
  }
  const { fd, stats } = opened;
  try {
    if (stats.size > MAX_FILE_BYTES) return { tooLargeBytes: stats.size };
    return { text: readFileSync(fd, 'utf8').replace(/^\uFEFF/, '') };
  } finally {
    closeSync(fd);
  }
}

/** The text, or null when the file is above the size limit. */
export function readScanText(root: string, file: string): string | null {
  const read = readScanFile(root, file);
  return 'text' in read ? read.text : null;
}
