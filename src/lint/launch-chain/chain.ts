/**
 * The launch chain of a SCO: its launch page and, transitively, what that page loads or opens from the
 * package (scripts, frames, pages it navigates to), bounded in depth and in files, cycles visited once.
 */
import { fileType, type PackageScanner } from './package-scanner.js';
import { FOLLOWED_KINDS } from './js-refs.js';
import { resolveInPage } from './urls.js';

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
  /** Loaded while the SCO starts; false when only a link the learner may follow (`<a href>`) reaches it. */
  atStart: boolean;
}

export interface MissingRef {
  /** The package path the reference resolves to. */
  file: string;
  from: string;
  how: string;
  line: number;
  column: number;
}

/** What the walk could not see: a file it did not read, or a URL it could not follow. */
export interface NotFollowed {
  /** The file not read, or for a built URL the file that builds it. */
  file: string;
  why: 'too_large' | 'unreadable' | 'depth' | 'files' | 'built_url';
  /** How it is loaded (`index.html <script src>`), or the loading call whose URL is built. */
  how: string;
  line: number;
  column: number;
  /** The file's size, for a file above the scan limit. */
  bytes?: number;
}

export interface LaunchChain {
  launch: LaunchPoint;
  files: ChainFile[];
  /** References on the chain to package files that do not exist (the browser gets a 404). */
  missing: MissingRef[];
  /** Set when a bound stopped the walk. */
  truncated: 'depth' | 'files' | null;
  /** Files on the chain it could not read or follow, and URLs built at run time (at most MAX_NOT_FOLLOWED). */
  notFollowed: NotFollowed[];
  /** Scripts on the chain: script elements (also external), inline scripts and event handlers. */
  scripts: number;
  /** Files on the chain whose text calls or names Initialize in a way the API lint cannot attribute. */
  initializeHints: string[];
}

/** How many unseen parts a chain keeps (the first ones found, nearest the launch page). */
export const MAX_NOT_FOLLOWED = 20;

/** Links the learner may or may not follow, unlike frames, scripts, redirects and window.open. */
const LINKS = new Set(['<a href>', '<area href>']);

interface Queued extends ChainFile {
  how: string;
  line: number;
  column: number;
}

export function walkLaunchChain(launch: LaunchPoint, scanner: PackageScanner): LaunchChain {
  const chain: LaunchChain = {
    launch,
    files: [],
    missing: [],
    truncated: null,
    notFollowed: [],
    scripts: 0,
    initializeHints: [],
  };
  const unseen = (entry: NotFollowed): void => {
    if (chain.notFollowed.length < MAX_NOT_FOLLOWED) chain.notFollowed.push(entry);
  };
  // What loads while the SCO starts is walked before what only links reach, so a file reached both ways
  // counts as loaded at start.
  const atStart: Queued[] = [
    { file: launch.file, via: null, depth: 0, atStart: true, how: '', line: 0, column: 0 },
  ];
  const later: Queued[] = [];
  const queued = new Map<string, Queued>([[launch.file, atStart[0] as Queued]]);
  for (let next = atStart.shift() ?? later.shift(); next; next = atStart.shift() ?? later.shift()) {
    if (chain.files.length >= MAX_CHAIN_FILES) {
      chain.truncated = 'files';
      unseen({ file: next.file, why: 'files', how: next.via ?? '', line: next.line, column: next.column });
      break;
    }
    chain.files.push({ file: next.file, via: next.via, depth: next.depth, atStart: next.atStart });
    const scan = scanner.scan(next.file);
    if (!scan) {
      const why = scanner.whyUnread(next.file);
      if (why) {
        const how = next.via ?? 'launch page';
        if ('tooLargeBytes' in why) {
          unseen({
            file: next.file,
            why: 'too_large',
            how,
            line: next.line,
            column: next.column,
            bytes: why.tooLargeBytes,
          });
        } else unseen({ file: next.file, why: 'unreadable', how, line: next.line, column: next.column });
      }
      continue;
    }
    chain.scripts += scan.inlineScripts;
    if (scan.initializeHint) chain.initializeHints.push(next.file);
    for (const b of scan.built)
      unseen({ file: next.file, why: 'built_url', how: b.how, line: b.line, column: b.column });
    for (const ref of scan.refs) {
      if (!FOLLOWED_KINDS.has(ref.kind)) continue;
      if (ref.kind === 'script' && fileType(next.file) === 'html') chain.scripts++;
      const target = resolveInPage(next.file, ref.url, scan.base);
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
      const loadsAtStart = next.atStart && !LINKS.has(ref.how);
      const before = queued.get(target.file);
      if (before) {
        // Reached by a link first, and now by what loads at start, before the walk read it.
        if (loadsAtStart && !before.atStart && later.includes(before)) {
          later.splice(later.indexOf(before), 1);
          before.atStart = true;
          atStart.push(before);
        }
        continue;
      }
      const via = `${next.file} ${ref.how}`;
      if (next.depth + 1 > MAX_CHAIN_DEPTH) {
        chain.truncated ??= 'depth';
        unseen({ file: target.file, why: 'depth', how: via, line: ref.line, column: ref.column });
        continue;
      }
      const entry: Queued = {
        file: target.file,
        via,
        depth: next.depth + 1,
        atStart: loadsAtStart,
        how: ref.how,
        line: ref.line,
        column: ref.column,
      };
      queued.set(target.file, entry);
      (loadsAtStart ? atStart : later).push(entry);
    }
  }
  return chain;
}
