import { createReadStream } from 'node:fs';
import type { ServerResponse } from 'node:http';

/**
 * Pipes a file (or the byte range start..end, inclusive) into a response whose head is already written;
 * resolves when it is sent or the client went away. A read error ends the response abruptly.
 */
export function pipeFile(
  res: ServerResponse,
  path: string,
  range?: { start: number; end: number },
): Promise<void> {
  return new Promise<void>((resolve) => {
    const stream = createReadStream(path, range);
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
