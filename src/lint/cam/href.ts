/**
 * How a manifest href becomes a package file: xml:base chain, query and fragment, percent-encoding,
 * backslashes, and the hrefs that are not package files at all (external URLs, absolute links).
 */
import { plainHref } from './plain-href.js';

export type HrefResolution =
  /** Nothing left once query and fragment are removed. */
  | { kind: 'empty' }
  | { kind: 'external'; url: string }
  /** file:, drive letters, UNC paths and root-relative paths: they break once the package is on an LMS. */
  | { kind: 'absolute'; written: string }
  | { kind: 'outside'; path: string }
  | {
      kind: 'local';
      /** Percent-decoded, normalised, relative to the package root. */
      path: string;
      /** The same without percent-decoding (for files whose names really contain "%"). */
      rawPath: string;
      /** The href or one of its bases used "\" as a separator. */
      backslash: boolean;
      /** The href ends with "/": it names a folder, not a file. */
      folder: boolean;
    };

export interface ResolvedHref {
  resolution: HrefResolution;
  /** An xml:base value in the chain that does not end with "/" (resolution then differs between LMSs). */
  baseWithoutSlash: string | null;
}

const SCHEME = /^[a-zA-Z][a-zA-Z0-9+.-]*:/;

function classify(piece: string, hadBackslash: boolean): 'relative' | 'external' | 'absolute' {
  if (/^[a-zA-Z]:\//.test(piece) || /^file:/i.test(piece)) return 'absolute';
  if (piece.startsWith('//')) return hadBackslash ? 'absolute' : 'external';
  if (SCHEME.test(piece)) return 'external';
  if (piece.startsWith('/')) return 'absolute';
  return 'relative';
}

function decodeSegment(segment: string): string {
  try {
    return decodeURIComponent(segment);
  } catch {
    return segment;
  }
}

/**
 * Resolves `href` written in a manifest at `manifestFile` under the xml:base values `bases`
 * (outermost first). Bases are treated as folders even without a trailing slash.
 */
export function resolveHref(manifestFile: string, bases: readonly string[], href: string): ResolvedHref {
  const plain = plainHref(manifestFile, bases, href);
  if (plain) return plain;
  const pieces = [...bases, href];
  let prefix = '';
  let backslash = false;
  let baseWithoutSlash: string | null = null;
  for (let i = 0; i < pieces.length; i++) {
    const written = (pieces[i] as string).trim();
    const hadBackslash = written.includes('\\');
    backslash ||= hadBackslash;
    let piece = written.replace(/\\/g, '/');
    const kind = classify(piece, hadBackslash);
    if (kind === 'absolute') return { resolution: { kind: 'absolute', written }, baseWithoutSlash };
    if (kind === 'external') {
      const rest = pieces.slice(i + 1).map((p) => p.trim());
      const url = [piece, ...rest].reduce((acc, p) =>
        acc.endsWith('/') || acc === '' ? acc + p : `${acc}/${p}`,
      );
      return { resolution: { kind: 'external', url }, baseWithoutSlash };
    }
    piece = piece.split(/[?#]/)[0] as string;
    if (i < pieces.length - 1) {
      if (piece !== '' && !piece.endsWith('/')) {
        baseWithoutSlash ??= written;
        piece += '/';
      }
      prefix += piece;
    } else {
      if (piece === '') return { resolution: { kind: 'empty' }, baseWithoutSlash };
      prefix += piece;
    }
  }
  const slash = manifestFile.lastIndexOf('/');
  const joined = (slash >= 0 ? manifestFile.slice(0, slash + 1) : '') + prefix;
  const folder = joined.endsWith('/');
  const segments: string[] = [];
  for (const segment of joined.split('/')) {
    // Browsers treat %2e like "." in dot segments.
    const dots = /^(\.|%2e){1,2}$/i.test(segment) ? decodeSegment(segment) : segment;
    if (dots === '' || dots === '.') continue;
    if (dots === '..') {
      if (segments.length === 0) return { resolution: { kind: 'outside', path: joined }, baseWithoutSlash };
      segments.pop();
      continue;
    }
    segments.push(segment);
  }
  const rawPath = segments.join('/');
  const decoded = segments.map(decodeSegment);
  if (decoded.some((s) => s === '..' || s.includes('/'))) {
    return { resolution: { kind: 'outside', path: joined }, baseWithoutSlash };
  }
  return {
    resolution: { kind: 'local', path: decoded.join('/'), rawPath, backslash, folder },
    baseWithoutSlash,
  };
}

export interface FileIndex {
  exact: Set<string>;
  /** lower-cased path -> path as stored. */
  lower: Map<string, string>;
}

const INDEXES = new WeakMap<readonly string[], FileIndex>();

export function fileIndex(files: readonly string[]): FileIndex {
  let index = INDEXES.get(files);
  if (!index) {
    index = { exact: new Set(files), lower: new Map() };
    for (const f of files) if (!index.lower.has(f.toLowerCase())) index.lower.set(f.toLowerCase(), f);
    INDEXES.set(files, index);
  }
  return index;
}

export type FileLookup =
  { status: 'found'; path: string } | { status: 'case'; actual: string } | { status: 'missing' };

export function lookupFile(
  index: FileIndex,
  local: { path: string; rawPath: string; folder: boolean },
): FileLookup {
  if (local.folder) return { status: 'missing' };
  if (index.exact.has(local.path)) return { status: 'found', path: local.path };
  if (index.exact.has(local.rawPath)) return { status: 'found', path: local.rawPath };
  const actual = index.lower.get(local.path.toLowerCase()) ?? index.lower.get(local.rawPath.toLowerCase());
  return actual ? { status: 'case', actual } : { status: 'missing' };
}
