import { randomBytes } from 'node:crypto';
import { mkdir, rename, rm, writeFile } from 'node:fs/promises';
import { dirname } from 'node:path';
import { throwIfCancelled } from '../core/progress.js';

export interface AtomicWriteOptions {
  /** Permission bits of the new file (default 0o600: private). */
  mode?: number;
  /** Create the parent folder first (default true). Callers writing at a user's path create it themselves. */
  createDir?: boolean;
  /** Runs after the data is written and before it replaces the target; throw to abandon the write. */
  beforeRename?: () => Promise<void>;
  /** A cancelled call writes nothing: checked last before the rename, the temp file is removed. */
  signal?: AbortSignal | undefined;
}

/**
 * Writes a file so that readers see either the old or the new content, never a torn one: write a
 * sibling temp file, then rename it over the target (atomic on the same file system). The temp file is
 * created exclusively, so a file or link planted at its name is never written through.
 */
export async function writeFileAtomic(
  path: string,
  data: string | Buffer,
  options: AtomicWriteOptions = {},
): Promise<void> {
  if (options.createDir !== false) await mkdir(dirname(path), { recursive: true });
  const temp = `${path}.${process.pid}.${randomBytes(4).toString('hex')}.tmp`;
  try {
    await writeFile(temp, data, { mode: options.mode ?? 0o600, flag: 'wx' });
    await options.beforeRename?.();
    throwIfCancelled(options.signal, `Writing ${path}`);
    await rename(temp, path);
  } catch (error) {
    await rm(temp, { force: true });
    throw error;
  }
}
