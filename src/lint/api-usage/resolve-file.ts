import { realpathSync } from 'node:fs';
import { isAbsolute, posix, resolve, sep } from 'node:path';
import { fail } from '../../core/errors.js';

/** The real path of a package-relative file; fails for paths or links that leave the package. */
export function resolveInside(root: string, file: string): string {
  const normalized = posix.normalize(file);
  if (isAbsolute(file) || file.includes('\\') || normalized.startsWith('../') || normalized === '..') {
    fail(
      'SECURITY_VIOLATION',
      `"${file}" is not a relative path inside the package; pass paths relative to packageRoot`,
    );
  }
  const full = resolve(root, normalized);
  let real: string;
  try {
    real = realpathSync(full);
  } catch {
    fail(
      'CONTENT_FILE_MISSING',
      `"${file}" does not exist under ${root}; pass only files the package contains`,
    );
  }
  if (real !== root && !real.startsWith(root + sep)) {
    fail('SECURITY_VIOLATION', `"${file}" resolves outside the package (symbolic link?); remove the link`);
  }
  return real;
}
