import type { FileHandle } from 'node:fs/promises';
import type { ServerResponse } from 'node:http';

/**
 * Pipes an open file (or the byte range start..end, inclusive) into a response whose head is already
 * written, and closes the file; resolves when it is sent or the client went away. A read error ends the
 * response abruptly. The caller opened it with openRegularFile, so it is a regular file, not a FIFO.
 */
export function pipeFile(
  res: ServerResponse,
  handle: FileHandle,
  range?: { start: number; end: number },
): Promise<void> {
  return new Promise<void>((resolve) => {
    const stream = handle.createReadStream({ ...range, autoClose: true });
    stream.on('error', () => {
      res.destroy();
      resolve();
    });
    stream.on('end', () => resolve());
    res.on('close', () => {
      stream.destroy();
      resolve();
    });
    stream.pipe(res);
  });
}
