import { promises as fsp } from 'node:fs';
import { isAbsolute, resolve, sep } from 'node:path';
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
    fail('INVALID_ARGUMENT', `No launch path given for SCO "${scoId}".`);
  }
  if (/^[a-z][a-z0-9+.-]*:/i.test(launchPath) || launchPath.startsWith('//') || isAbsolute(launchPath)) {
    fail(
      'MANIFEST_LAUNCH_NOT_FOUND',
      `Launch href "${launchPath}" of SCO "${scoId}" is not a path inside the package; ` +
        'a SCO must be launched from a file in the package (use a relative href).',
      { launchPath, scoId },
    );
  }
  const file = launchFilePart(launchPath).replace(/\\/g, '/');
  const rel = safeRelative(file.split('/').map(encodeSegment).join('/'));
  if (rel === null) {
    fail('SECURITY_VIOLATION', `Launch href "${launchPath}" of SCO "${scoId}" points outside the package.`, {
      launchPath,
      scoId,
    });
  }
  const root = resolve(packageRoot);
  const abs = resolve(root, rel);
  if (abs !== root && !abs.startsWith(root + sep)) {
    fail('SECURITY_VIOLATION', `Launch href "${launchPath}" of SCO "${scoId}" points outside the package.`);
  }
  const stat = await fsp.stat(abs).catch(() => null);
  if (!stat || !stat.isFile()) {
    fail(
      'MANIFEST_LAUNCH_NOT_FOUND',
      `Launch file "${rel}" of SCO "${scoId}" does not exist in ${root}. ` +
        'Add the file or fix the resource href (and any xml:base) in imsmanifest.xml.',
      { launchPath, file: rel, scoId },
    );
  }
  return rel;
}

/** Hrefs may be written percent-encoded or not; normalise to encoded segments for safeRelative. */
function encodeSegment(seg: string): string {
  try {
    return encodeURIComponent(decodeURIComponent(seg));
  } catch {
    return encodeURIComponent(seg);
  }
}
