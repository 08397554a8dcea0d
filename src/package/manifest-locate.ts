/**
 * Finds imsmanifest.xml at a package root, and when it is not there, looks a few levels down so the
 * error can name the folder the user should have pointed at (the usual "zipped the parent folder").
 */
import { readdir, stat } from 'node:fs/promises';
import { join } from 'node:path';
import { fail } from '../core/errors.js';

export const MANIFEST_FILE = 'imsmanifest.xml';

export interface ManifestSearch {
  /** Relative posix folders holding imsmanifest.xml, shallowest first. */
  nested: string[];
  /** A root file whose name is imsmanifest.xml in another letter case. */
  wrongCase: string | undefined;
  hasAnyFile: boolean;
  /** False when the depth or folder budget cut the search short. */
  complete: boolean;
}

export interface SearchBudget {
  maxDepth: number;
  maxDirs: number;
}

const DEFAULT_BUDGET: SearchBudget = { maxDepth: 3, maxDirs: 200 };

/** Breadth-first search below `root` (which itself has no manifest); symlinks are not followed. */
export async function searchForManifest(
  root: string,
  budget: SearchBudget = DEFAULT_BUDGET,
): Promise<ManifestSearch> {
  const result: ManifestSearch = { nested: [], wrongCase: undefined, hasAnyFile: false, complete: true };
  let level: string[] = [''];
  let visited = 0;
  for (let depth = 0; level.length > 0; depth++) {
    const next: string[] = [];
    for (const rel of level) {
      if (++visited > budget.maxDirs) {
        result.complete = false;
        return result;
      }
      let entries;
      try {
        entries = await readdir(join(root, rel), { withFileTypes: true });
      } catch (err) {
        if (depth === 0) {
          fail('PATH_RESOLUTION_ERROR', `Cannot read folder ${root}: ${(err as Error).message}`, {
            path: root,
          });
        }
        continue;
      }
      entries.sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
      for (const entry of entries) {
        const childRel = rel === '' ? entry.name : `${rel}/${entry.name}`;
        if (entry.isFile()) {
          result.hasAnyFile = true;
          if (entry.name === MANIFEST_FILE && depth > 0) result.nested.push(rel);
          if (depth === 0 && entry.name !== MANIFEST_FILE && entry.name.toLowerCase() === MANIFEST_FILE) {
            result.wrongCase = entry.name;
          }
        } else if (entry.isDirectory()) {
          if (depth < budget.maxDepth) next.push(childRel);
          else result.complete = false;
        }
      }
    }
    level = next;
  }
  return result;
}

export interface PackageDescription {
  source: 'folder' | 'zip';
  /** What the user gave us, for messages. */
  originalPath: string;
}

/** Absolute path of `root`/imsmanifest.xml, or a precise error saying what to point at instead. */
export async function requireManifestAtRoot(root: string, pkg: PackageDescription): Promise<string> {
  const manifestPath = join(root, MANIFEST_FILE);
  const found = await stat(manifestPath).then(
    (s) => s.isFile(),
    () => false,
  );
  if (found) return manifestPath;

  const what = pkg.source === 'zip' ? `zip ${pkg.originalPath}` : `folder ${pkg.originalPath}`;
  const search = await searchForManifest(root);
  const details = { path: pkg.originalPath, source: pkg.source };
  if (!search.hasAnyFile && search.complete) {
    fail(
      'PACKAGE_EMPTY',
      `The ${what} contains no files. Point at a course folder or a zip that holds imsmanifest.xml and the course content.`,
      details,
    );
  }
  const first = search.nested[0];
  if (first !== undefined) {
    const others = search.nested.length > 1 ? ` (and ${search.nested.length - 1} other folder(s))` : '';
    const todo =
      pkg.source === 'zip'
        ? `Re-create the zip from inside "${first}" so that imsmanifest.xml is at the top level of the archive.`
        : `Point at ${join(pkg.originalPath, first)} instead.`;
    fail(
      'MANIFEST_NOT_AT_ROOT',
      `The ${what} has no imsmanifest.xml at its top level, but the subfolder "${first}" has one${others}. ${todo}`,
      { ...details, subfolder: first, candidates: search.nested },
    );
  }
  if (search.wrongCase !== undefined) {
    fail(
      'MANIFEST_NOT_FOUND',
      `The ${what} has "${search.wrongCase}" but no "imsmanifest.xml". SCORM requires exactly that lower-case name; rename the file.`,
      { ...details, found: search.wrongCase },
    );
  }
  fail(
    'MANIFEST_NOT_FOUND',
    `The ${what} has no imsmanifest.xml${search.complete ? '' : ' in its top levels'}. A SCORM package needs imsmanifest.xml at its top level; point at the course folder (or its zip).`,
    details,
  );
}
