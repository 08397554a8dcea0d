import { existsSync, readdirSync } from 'node:fs';
import { join } from 'node:path';

export function argValue(flag: string): string | undefined {
  const at = process.argv.indexOf(flag);
  return at >= 0 ? process.argv[at + 1] : undefined;
}

/** Each folder directly under `dir` with a manifest at its root, by name (only `picked` ones when given). */
export function exportFolders(
  dir: string,
  picked?: readonly string[],
): Array<{ name: string; path: string }> {
  const list: Array<{ name: string; path: string }> = [];
  for (const name of readdirSync(dir).sort()) {
    const path = join(dir, name);
    if (picked && !picked.includes(name)) continue;
    if (existsSync(join(path, 'imsmanifest.xml'))) list.push({ name, path });
  }
  return list;
}
