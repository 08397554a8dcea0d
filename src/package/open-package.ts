/**
 * Opens what the user points at (a course folder, its imsmanifest.xml, or a zip/PIF) as a folder
 * whose top level holds imsmanifest.xml. Folders are used in place and never written to; zips are
 * extracted into a private temporary workspace that `cleanup()` removes.
 */
import { chmod, mkdtemp, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { basename, dirname, extname, join, resolve } from 'node:path';
import { fail } from '../core/errors.js';
import { MANIFEST_FILE, requireManifestAtRoot } from './manifest-locate.js';
import { extractZip, looksLikeZip } from './zip-extract.js';
import type { ZipLimits } from './zip-limits.js';

export interface OpenedPackage {
  /** Absolute folder that holds imsmanifest.xml. */
  root: string;
  source: 'folder' | 'zip';
  /** The input, resolved to an absolute path. */
  originalPath: string;
  manifestPath: string;
  /** Removes the extraction workspace (zip); does nothing for folders. Safe to call repeatedly. */
  cleanup(): Promise<void>;
}

export interface OpenPackageOptions {
  limits?: Partial<ZipLimits>;
  /** Parent of the temporary workspace; defaults to the OS temp folder. */
  tempRoot?: string;
}

const WHAT_TO_GIVE = 'Give the path of a course folder, its imsmanifest.xml, or a .zip package.';

async function openFolder(root: string, originalPath: string): Promise<OpenedPackage> {
  const manifestPath = await requireManifestAtRoot(root, { source: 'folder', originalPath: root });
  return { root, source: 'folder', originalPath, manifestPath, cleanup: async () => {} };
}

async function makeWorkspace(tempRoot: string): Promise<string> {
  try {
    const workspace = await mkdtemp(join(resolve(tempRoot), 'scorm-tester-'));
    await chmod(workspace, 0o700);
    return workspace;
  } catch (err) {
    fail(
      'PATH_RESOLUTION_ERROR',
      `Cannot create a temporary workspace under ${tempRoot}: ${(err as Error).message}. Make sure that folder exists and is writable.`,
      { path: tempRoot },
    );
  }
}

async function openZip(zipPath: string, options: OpenPackageOptions): Promise<OpenedPackage> {
  const workspace = await makeWorkspace(options.tempRoot ?? tmpdir());
  let removal: Promise<void> | undefined;
  const cleanup = (): Promise<void> => (removal ??= rm(workspace, { recursive: true, force: true }));
  try {
    const root = join(workspace, 'package');
    await extractZip(zipPath, root, options.limits);
    const manifestPath = await requireManifestAtRoot(root, { source: 'zip', originalPath: zipPath });
    return { root, source: 'zip', originalPath: zipPath, manifestPath, cleanup };
  } catch (err) {
    await cleanup();
    throw err;
  }
}

function notAPackage(path: string, size: number): never {
  const name = basename(path);
  let hint = '';
  if (size === 0) hint = ' The file is empty (0 bytes).';
  else if (extname(name).toLowerCase() === '.zip')
    hint =
      ' Its name ends in .zip but it does not start with a zip signature: it is damaged or another format renamed.';
  else if (name.toLowerCase() === MANIFEST_FILE)
    hint = ` If it is the manifest, rename it to exactly "${MANIFEST_FILE}" (lower case).`;
  fail(
    'ZIP_INVALID',
    `${path} is neither a zip archive nor an ${MANIFEST_FILE} file.${hint} ${WHAT_TO_GIVE}`,
    {
      path,
    },
  );
}

export async function openPackage(
  inputPath: string,
  options: OpenPackageOptions = {},
): Promise<OpenedPackage> {
  if (typeof inputPath !== 'string' || inputPath.trim() === '') {
    fail('PATH_RESOLUTION_ERROR', `No package path given. ${WHAT_TO_GIVE}`, { path: inputPath });
  }
  const abs = resolve(inputPath);
  let info;
  try {
    info = await stat(abs);
  } catch (err) {
    const code = (err as NodeJS.ErrnoException).code;
    const reason = code === 'ENOENT' || code === 'ENOTDIR' ? 'does not exist' : `cannot be read (${code})`;
    fail('PATH_RESOLUTION_ERROR', `${abs} ${reason}. Check the path. ${WHAT_TO_GIVE}`, {
      path: abs,
      cause: code,
    });
  }
  if (info.isDirectory()) return openFolder(abs, abs);
  if (!info.isFile()) {
    fail('PATH_RESOLUTION_ERROR', `${abs} is not a regular file or folder. ${WHAT_TO_GIVE}`, { path: abs });
  }
  if (basename(abs) === MANIFEST_FILE) return openFolder(dirname(abs), abs);
  let isZip: boolean;
  try {
    isZip = await looksLikeZip(abs);
  } catch (err) {
    fail('PATH_RESOLUTION_ERROR', `${abs} cannot be read: ${(err as Error).message}`, { path: abs });
  }
  if (!isZip) notAPackage(abs, info.size);
  return openZip(abs, options);
}
