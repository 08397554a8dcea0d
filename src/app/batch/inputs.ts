/**
 * What `batch` was given, as a list of packages. An argument is a package (a .zip, a folder with an
 * imsmanifest.xml at its root, or a manifest file), a catalogue folder (no manifest of its own: each
 * .zip and each sub-folder in it is a package, other files are left out), or a list file (`@list.txt`,
 * or --list): one path a line, relative to the list file's folder, blank lines and `#` comments left out.
 * A path that is none of these stays in the list: its run reports why it is not a package.
 */
import { readdir, readFile, stat } from 'node:fs/promises';
import { ScormTesterError } from '../../core/errors.js';
import { basename, dirname, isAbsolute, join, resolve } from 'node:path';

export interface BatchPackage {
  /** As given (or as the list file or catalogue names it, joined to the list or catalogue path). */
  path: string;
  /** Resolved against the current folder. */
  absPath: string;
}

const isZip = (name: string): boolean => name.toLowerCase().endsWith('.zip');

async function kind(abs: string): Promise<'file' | 'dir' | null> {
  const info = await stat(abs).catch(() => null);
  if (!info) return null;
  return info.isDirectory() ? 'dir' : info.isFile() ? 'file' : null;
}

/** A folder with no manifest of its own whose entries include packages: the packages in it, sorted. */
async function catalogueEntries(path: string, abs: string): Promise<BatchPackage[] | null> {
  if ((await kind(join(abs, 'imsmanifest.xml'))) !== null) return null;
  const entries = await readdir(abs, { withFileTypes: true });
  const packages = entries
    .filter((e) => !e.name.startsWith('.') && (e.isDirectory() || (e.isFile() && isZip(e.name))))
    .map((e) => e.name)
    .sort();
  if (packages.length === 0) return null;
  return packages.map((name) => ({ path: join(path, name), absPath: join(abs, name) }));
}

async function listFile(listPath: string, cwd: string): Promise<string[]> {
  const abs = resolve(cwd, listPath);
  const text = await readFile(abs, 'utf8').catch((error: NodeJS.ErrnoException) => {
    throw new ScormTesterError(
      'PATH_RESOLUTION_ERROR',
      `The list file ${JSON.stringify(listPath)} cannot be read (${error.code ?? error.message}, resolved to ${abs}). ` +
        'Give an existing file of paths, one a line (@list.txt or --list list.txt).',
    );
  });
  return text
    .split(/\r?\n/)
    .map((l) => l.trim())
    .filter((l) => l !== '' && !l.startsWith('#'))
    .map((l) => (isAbsolute(l) ? l : join(dirname(listPath), l)));
}

/** Every package the arguments name, in order, each once (by resolved path, a manifest as its folder). */
export async function expandInputs(
  args: readonly string[],
  lists: readonly string[],
  cwd = process.cwd(),
): Promise<BatchPackage[]> {
  const paths: string[] = [];
  for (const arg of args) {
    if (arg.startsWith('@')) paths.push(...(await listFile(arg.slice(1), cwd)));
    else paths.push(arg);
  }
  for (const list of lists) paths.push(...(await listFile(list, cwd)));
  const out: BatchPackage[] = [];
  const seen = new Set<string>();
  // A package named by its folder and by its manifest is one package.
  const packageOf = (abs: string): string =>
    basename(abs).toLowerCase() === 'imsmanifest.xml' ? dirname(abs) : abs;
  const add = (p: BatchPackage): void => {
    const key = packageOf(p.absPath);
    if (seen.has(key)) return;
    seen.add(key);
    out.push(p);
  };
  for (const path of paths) {
    const abs = resolve(cwd, path);
    const catalogue = (await kind(abs)) === 'dir' ? await catalogueEntries(path, abs) : null;
    if (catalogue) catalogue.forEach(add);
    else add({ path, absPath: abs });
  }
  return out;
}
