import { readFileSync } from 'node:fs';
import { join } from 'node:path';

/**
 * The server's structured log entries. The server may be writing a line while a test reads the file,
 * so only lines that end in a newline are parsed; the last, unfinished one is left for the next read.
 */
export function appLogEntries<T = Record<string, unknown>>(logDir: string): T[] {
  const text = readFileSync(join(logDir, 'app.ndjson'), 'utf8');
  const complete = text.slice(0, text.lastIndexOf('\n') + 1);
  return complete
    .split('\n')
    .filter((line) => line !== '')
    .map((line) => JSON.parse(line) as T);
}
