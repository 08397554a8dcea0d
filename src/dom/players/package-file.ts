/**
 * A file of the package beside the page a frame shows (a player's data file), read as text and never run;
 * null when it is absent, too large, or would lead outside the package.
 */
import { realpath } from 'node:fs/promises';
import { posix, resolve, sep } from 'node:path';
import { readRegularFile } from '../../core/regular-file.js';
import type { CourseRuntime } from '../../runtime/course-runtime.js';
import { packageRelative } from '../../runtime/package-relative-url.js';

export async function readBesidePage(
  runtime: CourseRuntime,
  pageUrl: string,
  relative: string,
  maxBytes: number,
): Promise<string | null> {
  const url = pageUrl.replace(/[?#].*$/, '');
  const page = packageRelative(runtime, url);
  if (page === url || page.startsWith('/') || page.split('/').includes('..')) return null;
  const file = posix.join(posix.dirname(page), relative);
  try {
    const root = await realpath(runtime.packageRoot);
    const real = await realpath(resolve(root, file));
    // A link in the package must not lead outside it.
    if (!real.startsWith(root + sep)) return null;
    return (await readRegularFile(real, { maxBytes })).toString('utf8');
  } catch {
    return null;
  }
}
