/**
 * Reads a listed resource's file. The path comes from our own records, never from the URI; still, the
 * file must be a regular file (not a symbolic link: opened with O_NOFOLLOW) inside the folder it was
 * listed under. It is read in pages (./page.ts), so no size is too large to send. It is opened without blocking (a FIFO put in its place would
 * otherwise hold the open forever) and its type checked on the open descriptor.
 */
import { realpath } from 'node:fs/promises';
import { dirname, isAbsolute, relative } from 'node:path';
import { fail, isScormTesterError } from '../../core/errors.js';
import { openRegularFile } from '../../core/regular-file.js';
import { readPage, type PagedContents } from './page.js';

export type ResourceContents = PagedContents;

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
  /** The byte offset of the page asked for; none for the whole file (or its first page). */
  offset?: number,
): Promise<ResourceContents> {
  try {
    const rel = relative(await realpath(root), await realpath(dirname(file)));
    if (rel.startsWith('..') || isAbsolute(rel))
      refuse(uri, 'its folder now resolves outside where it was written');
    const { handle, stats: info } = await openRegularFile(file);
    try {
      const source = {
        size: info.size,
        read: async (position: number, length: number): Promise<Buffer> => {
          const { buffer, bytesRead } = await handle.read(Buffer.alloc(length), 0, length, position);
          return buffer.subarray(0, bytesRead);
        },
      };
      return await readPage(uri, mimeType, isTextType(mimeType), source, offset);
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
