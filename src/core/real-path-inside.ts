import { realpath } from 'node:fs/promises';
import { isAbsolute, relative, resolve, sep } from 'node:path';

/**
 * The real path of `file` (relative to `root`, or absolute) when both its written path and the path its
 * links lead to stay inside `root`; null otherwise or when it does not exist. A package, a workspace or an
 * inspector folder is untrusted: a symlink in it must not lead a read outside it.
 */
export async function realPathInside(root: string, file: string): Promise<string | null> {
  const base = resolve(root);
  const target = resolve(base, file);
  if (!isInside(base, target)) return null;
  try {
    const [realRoot, real] = await Promise.all([realpath(base), realpath(target)]);
    return isInside(realRoot, real) ? real : null;
  } catch {
    return null;
  }
}

/** Strictly below `root` (not `root` itself). */
export function isInside(root: string, target: string): boolean {
  const rel = relative(root, target);
  return rel !== '' && rel !== '..' && !rel.startsWith(`..${sep}`) && !isAbsolute(rel);
}
