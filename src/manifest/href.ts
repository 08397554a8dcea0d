/**
 * xml:base + href resolution (RFC 3986 section 5.2 on package-relative paths). A base without a
 * trailing slash names a file, so its last segment is replaced, as XML Base requires. '..' that
 * climbs above the package root is kept (not clamped) so callers can report it.
 */

const SCHEME = /^[A-Za-z][A-Za-z0-9+.-]*:/;

/** True for references that leave the package: a scheme (http:, data:, ...) or a network path (//host). */
export function isAbsoluteUrl(ref: string): boolean {
  return SCHEME.test(ref) || ref.startsWith('//');
}

export interface SplitRef {
  path: string;
  query: string | null;
  fragment: string | null;
}

export function splitRef(ref: string): SplitRef {
  let rest = ref;
  let fragment: string | null = null;
  const hash = rest.indexOf('#');
  if (hash >= 0) {
    fragment = rest.slice(hash + 1);
    rest = rest.slice(0, hash);
  }
  let query: string | null = null;
  const q = rest.indexOf('?');
  if (q >= 0) {
    query = rest.slice(q + 1);
    rest = rest.slice(0, q);
  }
  return { path: rest, query, fragment };
}

function normalizePath(path: string): string {
  const absolute = path.startsWith('/');
  const out: string[] = [];
  const segments = path.split('/');
  segments.forEach((seg, i) => {
    const last = i === segments.length - 1;
    if (seg === '.') {
      if (last) out.push('');
    } else if (seg === '..') {
      if (out.length > 0 && out[out.length - 1] !== '..') out.pop();
      else if (!absolute) out.push('..');
      if (last) out.push('');
    } else if (seg !== '' || last || i === 0) {
      out.push(seg);
    }
  });
  const joined = out.join('/');
  return absolute && !joined.startsWith('/') ? `/${joined}` : joined;
}

/** Resolve `ref` against `base` (both package-relative or absolute URLs). */
export function resolveReference(base: string, ref: string): string {
  if (isAbsoluteUrl(ref)) return ref;
  if (isAbsoluteUrl(base)) {
    try {
      return new URL(ref, base).href;
    } catch {
      return ref;
    }
  }
  const b = splitRef(base);
  if (ref === '') return b.query === null ? b.path : `${b.path}?${b.query}`;
  const r = splitRef(ref);
  let path: string;
  let query = r.query;
  if (r.path === '') {
    path = b.path;
    if (query === null) query = b.query;
  } else if (r.path.startsWith('/')) {
    path = normalizePath(r.path);
  } else {
    const dir = b.path.slice(0, b.path.lastIndexOf('/') + 1);
    path = normalizePath(dir + r.path);
  }
  return path + (query === null ? '' : `?${query}`) + (r.fragment === null ? '' : `#${r.fragment}`);
}

/**
 * Apply a chain of xml:base values, outermost first (null/absent entries skipped), then the href.
 * Values are trimmed (xs:anyURI collapses whitespace).
 */
export function resolveWithBases(bases: ReadonlyArray<string | null | undefined>, href: string): string {
  let current = '';
  for (const b of bases) if (b != null && b.trim() !== '') current = resolveReference(current, b.trim());
  return resolveReference(current, href.trim());
}
