/**
 * Safe extraction of a zip (SCORM PIF). Two passes: the whole central directory is checked first
 * (names, links, encryption, methods, duplicates, and every limit on the declared sizes), then
 * entries are streamed to disk. Headers can lie, so an entry is stopped the moment its inflated
 * bytes pass its declared size; every limit checked on declared sizes therefore holds for the real
 * bytes too. Each entry is judged on its own bytes only, so the error reported for a given archive
 * never depends on how concurrent writes interleave.
 */
import { mkdir, open, rm, type FileHandle } from 'node:fs/promises';
import { resolve, sep } from 'node:path';
import type { Readable } from 'node:stream';
import { crc32 } from 'node:zlib';
import yauzl from 'yauzl';
import { quoted } from '../core/course-text.js';
import { courseTextError, failQuoting } from '../core/course-text-error.js';
import { ScormTesterError } from '../core/errors.js';
import { openRegularFile } from '../core/regular-file.js';
import { EntryCollisionGuard, checkEntryKind, entryTarget, type EntryTarget } from './zip-entry-check.js';
import { zipReadError } from './zip-errors.js';
import { CachedFileReader } from './zip-reader.js';
import { exceedsRatio, resolveZipLimits, type ZipLimits } from './zip-limits.js';

export interface ZipExtractSummary {
  entries: number;
  files: number;
  directories: number;
  totalBytes: number;
}

interface PlannedEntry {
  entry: yauzl.Entry;
  name: string;
  target: EntryTarget;
}

const ZIP_SIGNATURES = [0x04034b50, 0x06054b50, 0x08074b50]; // local header, empty archive, spanned

async function hasZipSignature(handle: FileHandle): Promise<boolean> {
  const head = Buffer.alloc(4);
  const { bytesRead } = await handle.read(head, 0, 4, 0);
  return bytesRead === 4 && ZIP_SIGNATURES.includes(head.readUInt32LE(0));
}

/** True when the file starts with a zip signature (content, not extension). */
export async function looksLikeZip(path: string): Promise<boolean> {
  const { handle } = await openRegularFile(path, { followLinks: true });
  try {
    return await hasZipSignature(handle);
  } finally {
    await handle.close();
  }
}

function formatBytes(n: number): string {
  if (n >= 1024 ** 3) return `${(n / 1024 ** 3).toFixed(2)} GiB`;
  if (n >= 1024 ** 2) return `${(n / 1024 ** 2).toFixed(1)} MiB`;
  if (n >= 1024) return `${(n / 1024).toFixed(1)} KiB`;
  return `${n} bytes`;
}

interface Sizes {
  name: string;
  entryBytes: number;
  entryCompressed: number;
  totalBytes: number;
  archiveBytes: number;
}

function enforceDeclaredLimits(s: Sizes, limits: ZipLimits): void {
  if (s.entryBytes > limits.maxEntryBytes) {
    failQuoting(
      'ZIP_ENTRY_TOO_LARGE',
      `Entry ${quoted(s.name)} declares more than ${formatBytes(limits.maxEntryBytes)}, the per-file limit. Remove or shrink that file, or raise maxEntryBytes if it is genuine.`,
      { entry: s.name, limit: limits.maxEntryBytes, bytes: s.entryBytes },
    );
  }
  if (s.totalBytes > limits.maxTotalBytes) {
    failQuoting(
      'ZIP_TOO_LARGE',
      `The archive declares more than ${formatBytes(limits.maxTotalBytes)} in total (limit reached at entry ${quoted(s.name)}). Remove unneeded media, or raise maxTotalBytes if the size is genuine.`,
      { entry: s.name, limit: limits.maxTotalBytes, bytes: s.totalBytes },
    );
  }
  if (exceedsRatio(s.entryBytes, s.entryCompressed, limits)) {
    failQuoting(
      'ZIP_COMPRESSION_RATIO',
      `Entry ${quoted(s.name)} declares ${formatBytes(s.entryBytes)} from ${formatBytes(s.entryCompressed)} compressed, a ratio above ${limits.maxCompressionRatio}:1; this looks like a zip bomb and was not extracted. If the file is genuine, raise maxCompressionRatio.`,
      {
        entry: s.name,
        limit: limits.maxCompressionRatio,
        bytes: s.entryBytes,
        compressedBytes: s.entryCompressed,
      },
    );
  }
  if (exceedsRatio(s.totalBytes, s.archiveBytes, limits)) {
    failQuoting(
      'ZIP_COMPRESSION_RATIO',
      `The archive declares ${formatBytes(s.totalBytes)} from a ${formatBytes(s.archiveBytes)} file, a ratio above ${limits.maxCompressionRatio}:1; this looks like a zip bomb and was not extracted. If the content is genuine, raise maxCompressionRatio.`,
      { entry: s.name, limit: limits.maxCompressionRatio, bytes: s.totalBytes, archiveBytes: s.archiveBytes },
    );
  }
}

async function planEntries(
  zipfile: yauzl.ZipFile,
  zipPath: string,
  limits: ZipLimits,
  archiveBytes: number,
): Promise<PlannedEntry[]> {
  const planned: PlannedEntry[] = [];
  const guard = new EntryCollisionGuard();
  let declaredTotal = 0;
  let count = 0;
  const tooMany = (n: number): never =>
    failQuoting(
      'ZIP_TOO_MANY_ENTRIES',
      `${zipPath} has ${n} entries, more than the limit of ${limits.maxEntries}. Remove unneeded files, or raise maxEntries if the course really needs them.`,
      { path: zipPath, limit: limits.maxEntries, entries: n },
    );
  if (zipfile.entryCount > limits.maxEntries) tooMany(zipfile.entryCount);
  try {
    for await (const entry of zipfile.eachEntry()) {
      if (++count > limits.maxEntries) tooMany(count);
      // decodeStrings is off so yauzl's own name checks do not pre-empt ours; decode like it would.
      const name = yauzl.getFileNameLowLevel(
        entry.generalPurposeBitFlag,
        entry.fileNameRaw,
        entry.extraFields,
        false,
      );
      entry.fileName = name;
      checkEntryKind(entry);
      const target = entryTarget(entry);
      if (target === null) continue;
      guard.add(target, name);
      if (!target.isDirectory) {
        declaredTotal += entry.uncompressedSize;
        enforceDeclaredLimits(
          {
            name,
            entryBytes: entry.uncompressedSize,
            entryCompressed: entry.compressedSize,
            totalBytes: declaredTotal,
            archiveBytes,
          },
          limits,
        );
      }
      planned.push({ entry, name, target });
    }
  } catch (err) {
    throw zipReadError(err, zipPath, true);
  }
  return planned;
}

interface Progress {
  totalBytes: number;
}

/** Thrown into in-flight entries after an earlier entry failed; never reaches the caller. */
const ABORTED = new Error('extraction aborted');

/** Entries written at once: each costs a few thread-pool round trips, so overlap them. */
const CONCURRENCY = 8;

class ExtractionWriter {
  private readonly madeDirs = new Set<string>();
  /** Index of the earliest failed entry; entries after it stop, entries before it run to the end. */
  failedAt = Infinity;

  constructor(
    private readonly zipfile: yauzl.ZipFile,
    private readonly zipPath: string,
    private readonly destDir: string,
  ) {}

  private inside(relPath: string): string {
    const abs = resolve(this.destDir, relPath);
    if (!abs.startsWith(this.destDir + sep)) {
      failQuoting(
        'ZIP_SLIP',
        `Entry path ${quoted(relPath)} resolves outside the extraction folder; refusing to write it.`,
        {
          entry: relPath,
        },
      );
    }
    return abs;
  }

  async makeDir(relPath: string): Promise<void> {
    if (this.madeDirs.has(relPath)) return;
    try {
      await mkdir(this.inside(relPath), { recursive: true });
    } catch (err) {
      throw this.writeError(err, relPath);
    }
    let dir = relPath;
    while (dir !== '' && !this.madeDirs.has(dir)) {
      this.madeDirs.add(dir);
      dir = dir.includes('/') ? dir.slice(0, dir.lastIndexOf('/')) : '';
    }
  }

  async writeFile(planned: PlannedEntry, index: number, progress: Progress): Promise<void> {
    const { entry, name, target } = planned;
    const slash = target.path.lastIndexOf('/');
    if (slash > 0) await this.makeDir(target.path.slice(0, slash));
    let handle: FileHandle;
    try {
      // 'wx' never overwrites and never follows a pre-existing link.
      handle = await open(this.inside(target.path), 'wx');
    } catch (err) {
      throw this.writeError(err, name);
    }
    // The stream is opened last and read at once: yauzl starts inflating before anyone listens,
    // and an error emitted during another await would be uncaught.
    let stream: Readable;
    try {
      stream = await this.zipfile.openReadStreamPromise(entry);
    } catch (err) {
      await handle.close();
      throw zipReadError(err, this.zipPath, true, name);
    }
    let bytes = 0;
    let crc = 0;
    try {
      for await (const chunk of stream as AsyncIterable<Buffer>) {
        if (index > this.failedAt) throw ABORTED;
        bytes += chunk.length;
        progress.totalBytes += chunk.length;
        if (bytes > entry.uncompressedSize) this.failOversized(planned, bytes);
        crc = crc32(chunk, crc);
        try {
          await handle.write(chunk);
        } catch (err) {
          throw this.writeError(err, name);
        }
      }
    } catch (err) {
      throw err === ABORTED ? err : zipReadError(err, this.zipPath, true, name);
    } finally {
      await handle.close();
    }
    this.checkIntegrity(planned, bytes, crc);
  }

  private failOversized({ entry, name }: PlannedEntry, bytes: number): never {
    return failQuoting(
      'ZIP_INVALID',
      `Entry ${quoted(name)} expands to more than the ${entry.uncompressedSize} bytes its header declares (stopped at ${bytes}); the archive is corrupt or crafted. Re-create it.`,
      { entry: name, declaredBytes: entry.uncompressedSize, actualBytes: bytes },
    );
  }

  private checkIntegrity({ entry, name }: PlannedEntry, bytes: number, crc: number): void {
    const details = { entry: name, declaredBytes: entry.uncompressedSize, actualBytes: bytes };
    if (bytes < entry.uncompressedSize) {
      failQuoting(
        'ZIP_TRUNCATED',
        `Entry ${quoted(name)} holds ${bytes} bytes but its header declares ${entry.uncompressedSize}; the data is cut short. Copy or download the zip again.`,
        details,
      );
    }
    if (crc >>> 0 !== entry.crc32 >>> 0) {
      failQuoting(
        'ZIP_INVALID',
        `Entry ${quoted(name)} fails its CRC-32 check; the archive is corrupt. Copy it again or re-create it.`,
        {
          ...details,
          expectedCrc: entry.crc32,
          actualCrc: crc,
        },
      );
    }
  }

  private writeError(err: unknown, name: string): ScormTesterError {
    if (err instanceof ScormTesterError) return err;
    const e = err as NodeJS.ErrnoException;
    if (e.code === 'ENAMETOOLONG') {
      return courseTextError(
        'ZIP_UNSUPPORTED',
        `Entry ${quoted(name)} has a path too long for this file system. Shorten the file and folder names and re-zip.`,
        { entry: name },
      );
    }
    return courseTextError(
      'INTERNAL_ERROR',
      `Could not write extracted entry ${quoted(name)}: the system's message is ${quoted(e.message)}`,
      {
        entry: name,
        cause: e.code ?? e.message,
      },
    );
  }
}

/**
 * Runs `work` over `items` CONCURRENCY at a time. After a failure, later items stop, earlier ones
 * still in flight finish (so the earliest failure is reported whatever the timing, and nothing is
 * still writing when the caller removes the folder), and the earliest failure is rethrown.
 */
async function runPool<T>(
  items: T[],
  writer: ExtractionWriter,
  work: (item: T, index: number) => Promise<void>,
): Promise<void> {
  let next = 0;
  let failure: unknown;
  const lane = async (): Promise<void> => {
    while (next < Math.min(items.length, writer.failedAt)) {
      const index = next++;
      try {
        await work(items[index] as T, index);
      } catch (error) {
        if (error === ABORTED) continue;
        if (index < writer.failedAt) {
          writer.failedAt = index;
          failure = error;
        }
      }
    }
  };
  await Promise.all(Array.from({ length: Math.min(CONCURRENCY, items.length) }, lane));
  if (writer.failedAt !== Infinity) throw failure;
}

async function openArchive(absZip: string): Promise<{ zipfile: yauzl.ZipFile; archiveBytes: number }> {
  let handle: FileHandle;
  let archiveBytes: number;
  let startsLikeZip = false;
  try {
    // Never a blocking open: a FIFO swapped in after the type check would hold the open forever.
    handle = (await openRegularFile(absZip, { followLinks: true })).handle;
  } catch (err) {
    throw zipReadError(err, absZip, false);
  }
  try {
    archiveBytes = (await handle.stat()).size;
    startsLikeZip = await hasZipSignature(handle);
    const zipfile = await yauzl.fromRandomAccessReaderPromise(
      new CachedFileReader(handle, archiveBytes),
      archiveBytes,
      {
        lazyEntries: true,
        autoClose: false,
        decodeStrings: false,
        validateEntrySizes: false,
        strictFileNames: false,
      },
    );
    return { zipfile, archiveBytes };
  } catch (err) {
    await handle.close();
    throw zipReadError(err, absZip, startsLikeZip);
  }
}

/**
 * Extracts `zipPath` into `destDir`, which must not exist yet (it is created with mode 0o700).
 * On any failure `destDir` is removed again and a ScormTesterError with a ZIP_* code is thrown.
 */
export async function extractZip(
  zipPath: string,
  destDir: string,
  limitOverrides: Partial<ZipLimits> = {},
): Promise<ZipExtractSummary> {
  const limits = resolveZipLimits(limitOverrides);
  const absZip = resolve(zipPath);
  const absDest = resolve(destDir);
  const { zipfile, archiveBytes } = await openArchive(absZip);
  let created = false;
  try {
    const planned = await planEntries(zipfile, absZip, limits, archiveBytes);
    try {
      await mkdir(absDest, { mode: 0o700 });
    } catch (err) {
      failQuoting('INTERNAL_ERROR', `Cannot create extraction folder ${absDest}: ${(err as Error).message}`, {
        path: absDest,
      });
    }
    created = true;
    const writer = new ExtractionWriter(zipfile, absZip, absDest);
    const progress: Progress = { totalBytes: 0 };
    const files = planned.filter((item) => !item.target.isDirectory);
    for (const item of planned) {
      if (item.target.isDirectory) await writer.makeDir(item.target.path);
    }
    await runPool(files, writer, (item, index) => writer.writeFile(item, index, progress));
    return {
      entries: planned.length,
      files: files.length,
      directories: planned.length - files.length,
      totalBytes: progress.totalBytes,
    };
  } catch (err) {
    if (created) await rm(absDest, { recursive: true, force: true });
    throw err;
  } finally {
    // Closing releases the file; a failure to close is not worth an uncaught 'error' event.
    zipfile.on('error', () => {});
    zipfile.close();
  }
}
