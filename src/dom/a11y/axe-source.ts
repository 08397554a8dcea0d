/** axe-core's browser script, read from the installed package on the first audit and kept. */
import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';

let source: Promise<string> | null = null;

export function axeSource(): Promise<string> {
  source ??= readFile(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8').catch(
    (error: unknown) => {
      source = null;
      throw error;
    },
  );
  return source;
}
