/**
 * A package's content hash: sha256 of a zip's bytes, or of a folder's files (each file's posix path
 * relative to the folder, then its bytes, in sorted path order). Renaming or moving a package keeps its
 * hash; changing any file changes it. What --resume matches results on.
 */
import { createHash } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { readdir, stat } from 'node:fs/promises';
import { join } from 'node:path';

async function hashFileInto(hash: ReturnType<typeof createHash>, file: string): Promise<void> {
  for await (const chunk of createReadStream(file)) hash.update(chunk as Buffer);
}

async function folderFiles(root: string, prefix = ''): Promise<string[]> {
  const out: string[] = [];
  const entries = await readdir(join(root, prefix), { withFileTypes: true });
  for (const e of entries) {
    const rel = prefix ? `${prefix}/${e.name}` : e.name;
    if (e.isDirectory()) out.push(...(await folderFiles(root, rel)));
    else if (e.isFile()) out.push(rel);
  }
  return out;
}

/** The hash of a zip or folder; a path that cannot be read hashes its own text (it is reported later). */
export async function contentHash(absPath: string): Promise<string> {
  const hash = createHash('sha256');
  const info = await stat(absPath).catch(() => null);
  if (info?.isFile()) {
    hash.update('zip\0');
    await hashFileInto(hash, absPath);
  } else if (info?.isDirectory()) {
    hash.update('folder\0');
    const files = (await folderFiles(absPath)).sort();
    for (const rel of files) {
      hash.update(`${rel}\0`);
      await hashFileInto(hash, join(absPath, rel));
      hash.update('\0');
    }
  } else {
    hash.update(`missing\0${absPath}`);
  }
  return hash.digest('hex');
}
