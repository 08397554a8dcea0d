import { join } from 'node:path';
// Files are read as the API-usage lint reads them: above its size limit, not for references either.
import { readResolvedScanFile } from '../api-usage/read-scan-text.js';
import { detachedScan } from './detached-scan.js';
import { scanScript, type PageScan } from './js-refs.js';
import type { SourceUnit } from '../api-usage/source-unit.js';
import { scanCss, scanHtmlPage } from './page-refs.js';

export type FileType = 'html' | 'js' | 'css' | 'other';

export function fileType(file: string): FileType {
  if (/\.x?html?$/i.test(file)) return 'html';
  if (/\.[mc]?js$/i.test(file)) return 'js';
  if (/\.css$/i.test(file)) return 'css';
  return 'other';
}

/**
 * Reads the package's HTML, JavaScript and CSS files at most once each and keeps only what they
 * reference (never their text; a page's script units only until the API lint takes them), so memory
 * stays bounded on large exports. Scripts the syntax pre-check
 * already read and scanned (`known`) are not read again.
 */
export class PackageScanner {
  private readonly scans = new Map<string, PageScan | null>();
  readonly present: ReadonlySet<string>;

  /**
   * Script units of pages this scanner parsed that the API lint will read (`unitsFor`), kept with the
   * length of the text they came from until the lint takes them, so each page is parsed once.
   */
  private readonly pageUnits = new Map<string, { length: number; units: SourceUnit[] }>();
  /** Pages the lint has not read yet. */
  private readonly unitsFor: Set<string>;

  constructor(
    readonly root: string,
    files: readonly string[],
    known: ReadonlyMap<string, PageScan> = new Map(),
    unitsFor: Iterable<string> = [],
  ) {
    this.present = new Set(files);
    this.unitsFor = new Set(unitsFor);
    for (const [file, scan] of known) if (this.present.has(file)) this.scans.set(file, scan);
  }

  /** The units of a page parsed here, once, when they came from text of this length; else undefined. */
  takeHtmlUnits(file: string, length: number): SourceUnit[] | undefined {
    const kept = this.pageUnits.get(file);
    this.pageUnits.delete(file);
    this.unitsFor.delete(file); // the lint has read it: a later parse keeps nothing for it
    return kept?.length === length ? kept.units : undefined;
  }

  /** A page's scan made by a reader that parsed it anyway (the API lint), so it is not parsed again. */
  rememberHtmlScan(file: string, scan: PageScan): void {
    if (this.present.has(file) && !this.scans.has(file)) this.scans.set(file, detachedScan(scan));
  }

  has(file: string): boolean {
    return this.present.has(file);
  }

  /** Why a package file of ours could not be read: too large (its size in bytes) or unreadable. */
  private readonly unreadable = new Map<string, number | null>();

  /** The text of a package file, or null when it is absent, too large or unreadable. */
  text(file: string): string | null {
    if (!this.present.has(file)) return null;
    try {
      const read = readResolvedScanFile(join(this.root, file), file);
      if ('text' in read) return read.text;
      this.unreadable.set(file, read.tooLargeBytes);
    } catch {
      this.unreadable.set(file, null);
    }
    return null;
  }

  /** What the file loads; null for files that are absent, too large or of another type. */
  scan(file: string): PageScan | null {
    if (this.scans.has(file)) return this.scans.get(file) ?? null;
    const type = fileType(file);
    const text = type === 'other' ? null : this.text(file);
    let result: PageScan | null = null;
    if (text !== null) {
      if (type === 'html') {
        const page = scanHtmlPage(text);
        result = page.scan;
        if (this.unitsFor.has(file)) this.pageUnits.set(file, { length: text.length, units: page.units });
      } else if (type === 'js') result = scanScript(text);
      else result = { refs: scanCss(text), built: [], inlineScripts: 0, initializeHint: false };
    }
    const kept = result && detachedScan(result);
    this.scans.set(file, kept);
    return kept;
  }

  /** After scan() gave null for a file of the package: why it was not read, or null (another type). */
  whyUnread(file: string): { tooLargeBytes: number } | { unreadable: true } | null {
    if (!this.unreadable.has(file)) return null;
    const bytes = this.unreadable.get(file);
    return typeof bytes === 'number' ? { tooLargeBytes: bytes } : { unreadable: true };
  }
}
