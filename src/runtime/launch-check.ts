import { promises as fsp } from 'node:fs';
import { isAbsolute, resolve, sep } from 'node:path';
import { courseText, courseRef } from '../core/course-text.js';
import { fail } from '../core/errors.js';
import { safeRelative } from './content-server.js';

/** The file part of a launch href ("a/b.html?x=1#top" -> "a/b.html"). */
export function launchFilePart(launchPath: string): string {
  return launchPath.split(/[?#]/)[0] ?? '';
}

/**
 * Fails fast when the launch href cannot be served: not a package-relative path, outside the package,
 * or no such file. Returns the package-relative file path.
 */
export async function checkLaunchFile(
  packageRoot: string,
  launchPath: string,
  scoId: string,
): Promise<string> {
  if (typeof launchPath !== 'string' || launchPath.trim() === '') {
    fail('INVALID_ARGUMENT', `No launch path given for the SCO ${courseRef('sco_id')}.`, named({ scoId }));
  }
  if (/^[a-z][a-z0-9+.-]*:/i.test(launchPath) || launchPath.startsWith('//') || isAbsolute(launchPath)) {
    fail(
      'MANIFEST_LAUNCH_NOT_FOUND',
      `The launch href ${courseRef('launch_path')} of the SCO ${courseRef('sco_id')} is not a path inside the package; ` +
        'a SCO must be launched from a file in the package (use a relative href).',
      named({ launchPath, scoId }),
    );
  }
  const file = launchFilePart(launchPath).replace(/\\/g, '/');
  const rel = safeRelative(file.split('/').map(encodeSegment).join('/'));
  if (rel === null) {
    fail('SECURITY_VIOLATION', OUTSIDE, named({ launchPath, scoId }));
  }
  const root = resolve(packageRoot);
  const abs = resolve(root, rel);
  if (abs !== root && !abs.startsWith(root + sep)) {
    fail('SECURITY_VIOLATION', OUTSIDE, named({ launchPath, scoId }));
  }
  const stat = await fsp.stat(abs).catch(() => null);
  if (!stat || !stat.isFile()) {
    fail(
      'MANIFEST_LAUNCH_NOT_FOUND',
      `The launch file ${courseRef('file')} of the SCO ${courseRef('sco_id')} does not exist in ${root}. ` +
        'Add the file or fix the resource href (and any xml:base) in imsmanifest.xml.',
      named({ launchPath, file: rel, scoId }),
    );
  }
  return rel;
}

const OUTSIDE = `The launch href ${courseRef('launch_path')} of the SCO ${courseRef('sco_id')} points outside the package.`;

/** The manifest's words in an error: as data, and in `course_text` for the sentence to name. */
function named(values: { launchPath?: string; file?: string; scoId: string }): Record<string, unknown> {
  const { launchPath, file, scoId } = values;
  return {
    ...values,
    course_text: {
      ...(launchPath === undefined ? {} : { launch_path: courseText(launchPath) }),
      ...(file === undefined ? {} : { file: courseText(file) }),
      sco_id: courseText(scoId),
    },
  };
}

/** Hrefs may be written percent-encoded or not; normalise to encoded segments for safeRelative. */
function encodeSegment(seg: string): string {
  try {
    return encodeURIComponent(decodeURIComponent(seg));
  } catch {
    return encodeURIComponent(seg);
  }
}
