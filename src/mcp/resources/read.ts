/**
 * Reads a listed resource's file. The path comes from our own records, never from the URI; still, the
 * file must be a regular file (not a symbolic link: opened with O_NOFOLLOW) inside the folder it was
 * listed under, and small enough to send. It is opened without blocking (a FIFO put in its place would
 * otherwise hold the open forever) and its type checked on the open descriptor.
 */
import { realpath } from 'node:fs/promises';
import { dirname, isAbsolute, relative } from 'node:path';
import { fail, isScormTesterError } from '../../core/errors.js';
import { openRegularFile } from '../../core/regular-file.js';

/** Largest file resources/read sends (a screenshot is well under 5 MB; reports rarely reach this). */
export const MAX_RESOURCE_BYTES = 32 * 1024 * 1024;

export type ResourceContents =
  { uri: string; mimeType: string; text: string } | { uri: string; mimeType: string; blob: string };

/** Text types are sent as text; anything else (PNG) as base64 `blob`. */
export function isTextType(mimeType: string): boolean {
  return (
    mimeType.startsWith('text/') ||
    mimeType === 'application/json' ||
    mimeType === 'application/x-ndjson' ||
    mimeType === 'application/xml' ||
    mimeType.endsWith('+json') ||
    mimeType.endsWith('+xml')
  );
}

export async function readResourceFile(
  uri: string,
  mimeType: string,
  file: string,
  root: string,
): Promise<ResourceContents> {
  try {
    const rel = relative(await realpath(root), await realpath(dirname(file)));
    if (rel.startsWith('..') || isAbsolute(rel))
      refuse(uri, 'its folder now resolves outside where it was written');
    const { handle, stats: info } = await openRegularFile(file);
    try {
      if (info.size > MAX_RESOURCE_BYTES) {
        fail(
          'RESOURCE_READ_FAILED',
          `Resource ${uri} is ${info.size} bytes, over the ${MAX_RESOURCE_BYTES}-byte limit of resources/read: open ${file} directly.`,
          { uri, size: info.size },
        );
      }
      const data = await handle.readFile();
      return isTextType(mimeType)
        ? { uri, mimeType, text: data.toString('utf8') }
        : { uri, mimeType, blob: data.toString('base64') };
    } finally {
      await handle.close();
    }
  } catch (error) {
    if (isScormTesterError(error)) throw error;
    const code = (error as NodeJS.ErrnoException).code;
    if (code === 'ENOENT') {
      fail('RESOURCE_NOT_FOUND', `Resource ${uri} is listed, but its file was deleted from disk.`, { uri });
    }
    if (code === 'ELOOP') refuse(uri, 'its file was replaced by a symbolic link');
    if (code === 'ENOTREG') refuse(uri, 'it is no longer a regular file');
    fail('RESOURCE_READ_FAILED', `Resource ${uri} could not be read: ${(error as Error).message}.`, { uri });
  }
}

function refuse(uri: string, why: string): never {
  fail('RESOURCE_READ_FAILED', `Resource ${uri} was not read: ${why}. Nothing was sent.`, { uri });
}
