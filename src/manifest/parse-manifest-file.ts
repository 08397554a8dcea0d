import type { ParsedManifest } from './model.js';
import { parseManifest } from './parse-manifest.js';
import { readManifestText } from './read-manifest-text.js';

/** Reads (size limit, encoding) and parses a manifest file; errors are the reader's and the parser's. */
export async function parseManifestFile(absPath: string, file = 'imsmanifest.xml'): Promise<ParsedManifest> {
  const { text } = await readManifestText(absPath, file);
  return parseManifest(text, file);
}
