/**
 * Opening a file for reading when a course or a user chose (or could swap) what is at its path. A plain
 * open of a FIFO waits for a writer, forever, and holds one of libuv's four file-system threads while it
 * waits: four such opens stall every file read of the process. So the open never blocks (O_NONBLOCK),
 * never follows a final symbolic link unless asked to (O_NOFOLLOW), and the type is checked on the open
 * descriptor (fstat) before any read, so nothing swapped in after a path check is read either.
 */
import { closeSync, constants, fstatSync, openSync, type Stats } from 'node:fs';
import { open, type FileHandle } from 'node:fs/promises';

export interface OpenOptions {
  /** Follow a symbolic link at the final component (a path a user typed may be one). Default false. */
  followLinks?: boolean;
}

/** The error for a path that opened but is not a regular file (a FIFO, socket, device or folder). */
export class NotRegularFileError extends Error {
  readonly code = 'ENOTREG';
  constructor(readonly path: string) {
    super(`${path} is not a regular file`);
  }
}

function readFlags(options: OpenOptions): number {
  return constants.O_RDONLY | constants.O_NONBLOCK | (options.followLinks ? 0 : constants.O_NOFOLLOW);
}

/**
 * The open handle and its fstat. Throws NotRegularFileError (code ENOTREG) for anything but a regular file,
 * and the system's error otherwise (ELOOP for a symbolic link when links are not followed).
 */
export async function openRegularFile(
  path: string,
  options: OpenOptions = {},
): Promise<{ handle: FileHandle; stats: Stats }> {
  const handle = await open(path, readFlags(options));
  try {
    const stats = await handle.stat();
    if (!stats.isFile()) throw new NotRegularFileError(path);
    return { handle, stats };
  } catch (error) {
    await handle.close();
    throw error;
  }
}

/** openRegularFile for synchronous readers: the descriptor and its fstat. */
export function openRegularFileSync(path: string, options: OpenOptions = {}): { fd: number; stats: Stats } {
  const fd = openSync(path, readFlags(options));
  try {
    const stats = fstatSync(fd);
    if (!stats.isFile()) throw new NotRegularFileError(path);
    return { fd, stats };
  } catch (error) {
    closeSync(fd);
    throw error;
  }
}

/** A regular file's whole content (the caller checks the size it accepts with `maxBytes`). */
export async function readRegularFile(
  path: string,
  options: OpenOptions & { maxBytes?: number } = {},
): Promise<Buffer> {
  const { handle, stats } = await openRegularFile(path, options);
  try {
    if (options.maxBytes !== undefined && stats.size > options.maxBytes) {
      throw Object.assign(new Error(`${path} is ${stats.size} bytes, over ${options.maxBytes}`), {
        code: 'EFBIG',
      });
    }
    return await handle.readFile();
  } finally {
    await handle.close();
  }
}
