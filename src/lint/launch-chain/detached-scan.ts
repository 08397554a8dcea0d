import { detachedString } from '../../core/detached-string.js';
import type { PageScan } from './js-refs.js';

/** A scan kept after its file's text is dropped: its strings hold no view into that text. */
export function detachedScan(scan: PageScan): PageScan {
  const kept: PageScan = {
    ...scan,
    refs: scan.refs.map((ref) => ({ ...ref, url: detachedString(ref.url), how: detachedString(ref.how) })),
    built: scan.built.map((ref) => ({ ...ref, how: detachedString(ref.how) })),
  };
  if (scan.base !== undefined) kept.base = detachedString(scan.base);
  return kept;
}
