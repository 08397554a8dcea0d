/**
 * The only way libxml2 reads a schema: an input provider that serves in-memory files by their
 * virtual path while a schema set is being compiled. Nothing is read from disk or network by
 * libxml2 itself, and any name we did not prepare is refused.
 */
import { xmlRegisterInputProvider } from 'libxml2-wasm';

let active: Map<string, Uint8Array> | null = null;
let registered = false;
const openFiles = new Map<number, { bytes: Uint8Array; offset: number }>();
let nextFd = 1;

function lookup(name: string): Uint8Array | undefined {
  if (!active) return undefined;
  const direct = active.get(name);
  if (direct) return direct;
  try {
    return active.get(encodeVirtualPath(decodeURI(name)));
  } catch {
    return undefined;
  }
}

function ensureRegistered(): void {
  if (registered) return;
  const ok = xmlRegisterInputProvider({
    match: () => active !== null,
    open: (name) => {
      const bytes = lookup(name);
      if (!bytes) return undefined;
      const fd = nextFd++;
      openFiles.set(fd, { bytes, offset: 0 });
      return fd;
    },
    read: (fd, buffer) => {
      const file = openFiles.get(fd);
      if (!file) return -1;
      const n = Math.min(buffer.byteLength, file.bytes.length - file.offset);
      buffer.set(file.bytes.subarray(file.offset, file.offset + n));
      file.offset += n;
      return n;
    },
    close: (fd) => openFiles.delete(fd),
  });
  if (!ok) throw new Error('libxml2 refused the schema input provider (its callback table is full)');
  registered = true;
}

/** Percent-encodes each segment so libxml2 sees a plain URI path it will not re-escape. */
export function encodeVirtualPath(path: string): string {
  return path
    .split('/')
    .map((segment) => encodeURIComponent(segment))
    .join('/');
}

/** The key of `files` that a file name reported by libxml2 (sometimes percent-decoded) stands for. */
export function canonicalVirtualPath(name: string, files: { has(key: string): boolean }): string {
  if (files.has(name)) return name;
  const encoded = encodeVirtualPath(name);
  return files.has(encoded) ? encoded : name;
}

/** Runs `compile` (synchronous) with `files` readable by libxml2 under their virtual paths. */
export function withVirtualFiles<T>(files: ReadonlyMap<string, string>, compile: () => T): T {
  ensureRegistered();
  const encoder = new TextEncoder();
  active = new Map([...files].map(([path, text]) => [path, encoder.encode(text)]));
  try {
    return compile();
  } finally {
    active = null;
    openFiles.clear();
  }
}
