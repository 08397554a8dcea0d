/**
 * The launch chain of a SCO: its launch page and, transitively, what that page loads or opens from the
 * package (scripts, frames, pages it navigates to), bounded in depth and in files, cycles visited once.
 */
import { fileType, type PackageScanner } from './package-scanner.js';
import type { RefKind } from './js-refs.js';
import { resolveUrl } from './urls.js';

/** How far from the launch page the walk goes, and how many files it looks at per SCO. */
export const MAX_CHAIN_DEPTH = 8;
export const MAX_CHAIN_FILES = 200;

export interface LaunchPoint {
  /** Package-relative launch file (xml:base applied, no query or fragment). */
  file: string;
  /** Identifier of the SCO resource, and of the items that launch it. */
  resource: string;
  items: string[];
}

export interface ChainFile {
  file: string;
  /** How it was reached, e.g. `index.html <script src>`; null for the launch page. */
  via: string | null;
  depth: number;
}

export interface MissingRef {
  /** The package path the reference resolves to. */
  file: string;
  from: string;
  how: string;
  line: number;
  column: number;
}

export interface LaunchChain {
  launch: LaunchPoint;
  files: ChainFile[];
  /** References on the chain to package files that do not exist (the browser gets a 404). */
  missing: MissingRef[];
  /** Set when a bound stopped the walk. */
  truncated: 'depth' | 'files' | null;
  /** Scripts on the chain: script elements (also external), inline scripts and event handlers. */
  scripts: number;
  /** Files on the chain whose text calls or names Initialize in a way the API lint cannot attribute. */
  initializeHints: string[];
}

const FOLLOWED: ReadonlySet<RefKind> = new Set(['script', 'frame', 'navigation']);

export function walkLaunchChain(launch: LaunchPoint, scanner: PackageScanner): LaunchChain {
  const chain: LaunchChain = {
    launch,
    files: [],
    missing: [],
    truncated: null,
    scripts: 0,
    initializeHints: [],
  };
  const seen = new Set<string>([launch.file]);
  const queue: ChainFile[] = [{ file: launch.file, via: null, depth: 0 }];
  for (let next = queue.shift(); next; next = queue.shift()) {
    if (chain.files.length >= MAX_CHAIN_FILES) {
      chain.truncated = 'files';
      break;
    }
    chain.files.push(next);
    const scan = scanner.scan(next.file);
    if (!scan) continue;
    chain.scripts += scan.inlineScripts;
    if (scan.initializeHint) chain.initializeHints.push(next.file);
    for (const ref of scan.refs) {
      if (!FOLLOWED.has(ref.kind)) continue;
      if (ref.kind === 'script' && fileType(next.file) === 'html') chain.scripts++;
      const target = resolveUrl(next.file, ref.url);
      if (target.kind !== 'local') continue;
      const type = fileType(target.file);
      if (type !== 'html' && type !== 'js') continue;
      if (!scanner.has(target.file)) {
        if (ref.kind !== 'navigation' || type === 'html') {
          chain.missing.push({
            file: target.file,
            from: next.file,
            how: ref.how,
            line: ref.line,
            column: ref.column,
          });
        }
        continue;
      }
      if (seen.has(target.file)) continue;
      if (next.depth + 1 > MAX_CHAIN_DEPTH) {
        chain.truncated ??= 'depth';
        continue;
      }
      seen.add(target.file);
      queue.push({ file: target.file, via: `${next.file} ${ref.how}`, depth: next.depth + 1 });
    }
  }
  return chain;
}
