/**
 * A file of the package beside the page a frame shows (a player's data file), read as text and never run;
 * null when it is absent, too large, or would lead outside the package.
 */
import { posix } from 'node:path';
import { realPathInside } from '../../core/real-path-inside.js';
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
    const real = await realPathInside(runtime.packageRoot, file);
    if (!real) return null;
    return (await readRegularFile(real, { maxBytes })).toString('utf8');
  } catch {
    return null;
  }
}
