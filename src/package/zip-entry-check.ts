/**
 * Checks on one central-directory entry, run before any byte is written, so each hostile archive
 * is refused with its own code.
 */
import { posix } from 'node:path';
import { quoted } from '../core/course-text.js';
import { failQuoting } from '../core/course-text-error.js';

/** What the checks need from a yauzl Entry (kept structural so it is easy to test). */
export interface CentralEntry {
  fileName: string;
  generalPurposeBitFlag: number;
  compressionMethod: number;
  externalFileAttributes: number;
  compressedSize: number;
  uncompressedSize: number;
}

export interface EntryTarget {
  /** Normalised posix path relative to the extraction root, no leading `./`, no trailing `/`. */
  path: string;
  isDirectory: boolean;
}

const S_IFMT = 0o170000;
const S_IFREG = 0o100000;
const S_IFDIR = 0o040000;
const S_IFLNK = 0o120000;
const MSDOS_DIRECTORY = 0x10;

const METHOD_NAMES: Record<number, string> = {
  1: 'Shrink',
  6: 'Implode',
  9: 'Deflate64',
  12: 'BZIP2',
  14: 'LZMA',
  93: 'Zstandard',
  95: 'XZ',
  98: 'PPMd',
};

function unixFileType(entry: CentralEntry): number {
  return (entry.externalFileAttributes >>> 16) & S_IFMT;
}

/** Encryption, links and special files, compression method, self-contradicting sizes. */
export function checkEntryKind(entry: CentralEntry): void {
  const name = entry.fileName;
  if ((entry.generalPurposeBitFlag & 0x1) !== 0 || entry.compressionMethod === 99) {
    failQuoting(
      'ZIP_ENCRYPTED',
      `Entry ${quoted(name)} is password-protected. Re-create the zip without a password (encryption is not supported).`,
      { entry: name },
    );
  }
  const type = unixFileType(entry);
  if (type === S_IFLNK) {
    failQuoting(
      'ZIP_SYMLINK',
      `Entry ${quoted(name)} is a symbolic link. Replace the link with the file it points to and re-zip (symlinks are refused because they can point outside the package).`,
      { entry: name },
    );
  }
  if (type !== 0 && type !== S_IFREG && type !== S_IFDIR) {
    failQuoting(
      'ZIP_UNSUPPORTED',
      `Entry ${quoted(name)} is a special file (unix type 0o${type.toString(8)}), not a regular file or folder. Remove it and re-zip.`,
      { entry: name, unixType: type },
    );
  }
  if (entry.compressionMethod !== 0 && entry.compressionMethod !== 8) {
    const method = METHOD_NAMES[entry.compressionMethod] ?? `method ${entry.compressionMethod}`;
    failQuoting(
      'ZIP_UNSUPPORTED',
      `Entry ${quoted(name)} is compressed with ${method}; only Store and Deflate are supported. Re-create the zip with standard (Deflate) compression.`,
      { entry: name, compressionMethod: entry.compressionMethod },
    );
  }
  if (entry.compressionMethod === 0 && entry.compressedSize !== entry.uncompressedSize) {
    failQuoting(
      'ZIP_INVALID',
      `Entry ${quoted(name)} is stored uncompressed but its header gives two different sizes (${entry.compressedSize} and ${entry.uncompressedSize}); the archive is corrupt. Re-create it.`,
      { entry: name, compressedSize: entry.compressedSize, uncompressedSize: entry.uncompressedSize },
    );
  }
}

/**
 * Where the entry lands. `\` was already turned into `/` when the name was decoded.
 * Returns null for entries that name the root itself (`./`).
 */
export function entryTarget(entry: CentralEntry): EntryTarget | null {
  const name = entry.fileName;
  if (name.includes('\0')) {
    failQuoting(
      'ZIP_INVALID',
      `An entry name contains a NUL character ${quoted(name)}; the archive is corrupt or crafted.`,
      {
        entry: name,
      },
    );
  }
  if (name.startsWith('/') || /^[A-Za-z]:/.test(name)) {
    failQuoting(
      'ZIP_ABSOLUTE_PATH',
      `Entry ${quoted(name)} has an absolute path (drive letter, leading slash or \\\\server share). Re-create the zip from inside the course folder so every entry path is relative.`,
      { entry: name },
    );
  }
  const normalised = posix.normalize(name);
  if (normalised === '..' || normalised.startsWith('../')) {
    failQuoting(
      'ZIP_SLIP',
      `Entry ${quoted(name)} uses ".." to climb out of the extraction folder (zip slip). Re-create the zip from inside the course folder; no entry may point outside it.`,
      { entry: name },
    );
  }
  const isDirectory =
    name.endsWith('/') ||
    unixFileType(entry) === S_IFDIR ||
    (entry.externalFileAttributes & MSDOS_DIRECTORY) !== 0;
  const path = normalised.replace(/\/+$/, '');
  if (path === '' || path === '.') {
    if (isDirectory) return null;
    failQuoting(
      'ZIP_INVALID',
      `Entry ${quoted(name)} is a file without a name; the archive is corrupt. Re-create it.`,
      {
        entry: name,
      },
    );
  }
  if (isDirectory && entry.uncompressedSize > 0) {
    failQuoting(
      'ZIP_INVALID',
      `Folder entry ${quoted(name)} carries ${entry.uncompressedSize} bytes of data; the archive is corrupt. Re-create it.`,
      {
        entry: name,
      },
    );
  }
  return { path, isDirectory };
}

/** Case- and Unicode-form-insensitive key: what Windows and macOS file systems consider the same name. */
function foldKey(path: string): string {
  return path.normalize('NFC').toLowerCase();
}

function ancestors(path: string): string[] {
  const parts = path.split('/');
  const out: string[] = [];
  for (let i = 1; i < parts.length; i++) out.push(parts.slice(0, i).join('/'));
  return out;
}

/** Refuses entries that would land on the same file, or on a file and a folder at once. */
export class EntryCollisionGuard {
  private readonly files = new Map<string, { path: string; name: string }>();
  private readonly dirs = new Map<string, string>();

  add(target: EntryTarget, name: string): void {
    const key = foldKey(target.path);
    const clash = this.files.get(key);
    if (clash && target.isDirectory) this.failFileFolder(clash.name, name);
    if (clash) {
      if (clash.path === target.path) {
        failQuoting(
          'ZIP_DUPLICATE_ENTRY',
          `Entries ${quoted(clash.name)} and ${quoted(name)} both extract to ${quoted(target.path)}. Re-create the zip so each file is stored once.`,
          { entry: name, other: clash.name, path: target.path },
        );
      }
      failQuoting(
        'ZIP_DUPLICATE_ENTRY',
        `Entries ${quoted(clash.name)} and ${quoted(name)} differ only by letter case (or Unicode form); they collide on case-insensitive file systems (Windows, macOS) and many LMS servers. Rename one, fix the references to it, and re-zip.`,
        { entry: name, other: clash.name, path: target.path },
      );
    }
    const dirClash = target.isDirectory ? undefined : this.dirs.get(key);
    if (dirClash !== undefined) this.failFileFolder(name, dirClash);
    for (const ancestor of ancestors(target.path)) {
      const fileClash = this.files.get(foldKey(ancestor));
      if (fileClash) this.failFileFolder(fileClash.name, name);
    }
    if (target.isDirectory) {
      this.dirs.set(key, name);
    } else {
      this.files.set(key, { path: target.path, name });
    }
    for (const ancestor of ancestors(target.path)) {
      const ancestorKey = foldKey(ancestor);
      if (!this.dirs.has(ancestorKey)) this.dirs.set(ancestorKey, name);
    }
  }

  private failFileFolder(fileEntry: string, folderEntry: string): never {
    failQuoting(
      'ZIP_DUPLICATE_ENTRY',
      `Entry ${quoted(fileEntry)} is a file but ${quoted(folderEntry)} needs a folder at the same path (letter case ignored, as on Windows and macOS). Rename one and re-zip.`,
      { entry: folderEntry, other: fileEntry },
    );
  }
}
