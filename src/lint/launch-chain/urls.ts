import { posix } from 'node:path';

/** Where a URL found in a page points: another origin, a file of the package, or neither. */
export type UrlTarget =
  | { kind: 'external'; origin: string; scheme: 'http' | 'https' | 'ws' | 'wss' | 'relative' }
  | { kind: 'local'; file: string }
  | { kind: 'other' };

const EXTERNAL = /^(?:(https?|wss?):)?\/\/([^/?#\s\\]+)/i;
const SCHEME = /^[a-z][a-z0-9+.-]*:/i;

function decode(path: string): string {
  try {
    return decodeURIComponent(path);
  } catch {
    return path;
  }
}

/**
 * Resolves a URL written in `fromFile` (a package-relative posix path). Root-relative URLs (`/x`)
 * depend on where the LMS serves the package and are not followed; neither are data:, blob:,
 * javascript: and built URLs (`${…}`).
 */
export function resolveUrl(fromFile: string, url: string): UrlTarget {
  const trimmed = url.trim();
  const ext = EXTERNAL.exec(trimmed);
  if (ext) {
    const scheme = (ext[1]?.toLowerCase() ?? 'relative') as 'http' | 'https' | 'ws' | 'wss' | 'relative';
    const host = (ext[2] as string).toLowerCase();
    return { kind: 'external', origin: scheme === 'relative' ? `//${host}` : `${scheme}://${host}`, scheme };
  }
  if (trimmed === '' || SCHEME.test(trimmed) || /^[/#?]/.test(trimmed) || trimmed.includes('${')) {
    return { kind: 'other' };
  }
  const path = decode(trimmed.split(/[?#]/)[0] as string);
  if (path === '') return { kind: 'other' };
  const joined = posix.normalize(posix.join(posix.dirname(fromFile), path));
  if (joined.startsWith('../') || joined === '..') return { kind: 'other' };
  return { kind: 'local', file: joined };
}

/**
 * resolveUrl for a URL of a page with a `<base href>` (`base`, as written in `fromFile`): relative URLs
 * resolve against it, as the browser resolves them; without one it is resolveUrl.
 */
export function resolveInPage(fromFile: string, url: string, base: string | undefined): UrlTarget {
  const direct = resolveUrl(fromFile, url);
  const path = base?.trim().split(/[?#]/)[0] ?? '';
  if (path === '' || direct.kind !== 'local') return direct;
  // A file name stands for the base's last segment, so a base ending in "/" keeps its folder.
  const against = resolveUrl(fromFile, path.endsWith('/') ? `${path}_` : path);
  if (against.kind === 'external') return against;
  return against.kind === 'local' ? resolveUrl(against.file, url) : { kind: 'other' };
}

/**
 * resolveInPage's answer when the URL points to another origin, else undefined. Without a `<base href>`
 * only an external URL is resolved: most of a page's URLs are its own files, and working out their paths
 * (normalised, decoded) is the cost of the external-dependency rules on a page-heavy export.
 */
export function externalInPage(
  fromFile: string,
  url: string,
  base: string | undefined,
): Extract<UrlTarget, { kind: 'external' }> | undefined {
  const hasBase = (base?.trim().split(/[?#]/)[0] ?? '') !== '';
  if (!hasBase && !EXTERNAL.test(url.trim())) return undefined;
  const target = resolveInPage(fromFile, url, base);
  return target.kind === 'external' ? target : undefined;
}

const FONT_HOSTS =
  /(?:^|\.)(?:fonts\.googleapis\.com|fonts\.gstatic\.com|use\.typekit\.net|p\.typekit\.net|fonts\.bunny\.net|use\.fontawesome\.com|kit\.fontawesome\.com|fast\.fonts\.net)$/i;
const FONT_FILE = /\.(?:woff2?|ttf|otf|eot)(?:[?#]|$)/i;

/** A web-font service or a font file. */
export function isFontUrl(url: string): boolean {
  const host = EXTERNAL.exec(url.trim())?.[2];
  return (host !== undefined && FONT_HOSTS.test(host)) || FONT_FILE.test(url);
}
