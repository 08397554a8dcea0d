import { readRegularFile } from '../core/regular-file.js';
import { realPathInside } from '../core/real-path-inside.js';

export interface ExcerptLine {
  /** 1-based line number. */
  number: number;
  text: string;
  highlight: boolean;
  /** 1-based column within `text` to mark on the highlighted line, when it is shown. */
  column?: number;
  /** Text was cut from a longer line ('…' shown at the clipped side(s)). */
  clippedStart?: boolean;
  clippedEnd?: boolean;
}

export interface ExcerptOptions {
  /** Lines shown either side of the finding's line. */
  context?: number;
  /** Files larger than this are not read. */
  maxBytes?: number;
  /** Longer lines are cut to a window around the column. */
  maxLineChars?: number;
}

const DEFAULTS = { context: 3, maxBytes: 1024 * 1024, maxLineChars: 240 } as const;

export type ExcerptReader = (file: string, line: number, column: number) => Promise<ExcerptLine[] | null>;

/**
 * Reads code excerpts from the package, each file at most once. Returns null (no excerpt) for
 * package-wide findings, files outside the root (also through symlinks), missing, huge or binary
 * files, and lines past the end of the file: an excerpt is a convenience, never a reason to fail.
 */
export function createExcerptReader(packageRoot: string, options: ExcerptOptions = {}): ExcerptReader {
  const opts = { ...DEFAULTS, ...options };
  const cache = new Map<string, Promise<string[] | null>>();
  return async (file, line, column) => {
    if (file === '' || !Number.isInteger(line) || line < 1) return null;
    let lines = cache.get(file);
    if (!lines) {
      lines = loadLines(packageRoot, file, opts.maxBytes);
      cache.set(file, lines);
    }
    const all = await lines;
    if (!all || line > all.length) return null;
    const from = Math.max(1, line - opts.context);
    const to = Math.min(all.length, line + opts.context);
    const out: ExcerptLine[] = [];
    for (let n = from; n <= to; n++) {
      out.push(clip(n, all[n - 1] ?? '', n === line, n === line ? column : 0, opts.maxLineChars));
    }
    return out;
  };
}

async function loadLines(packageRoot: string, file: string, maxBytes: number): Promise<string[] | null> {
  try {
    const realTarget = await realPathInside(packageRoot, file);
    if (!realTarget) return null;
    // Opened without blocking, type checked on the descriptor: a FIFO in the package never holds a thread.
    const bytes = await readRegularFile(realTarget, { maxBytes });
    if (bytes.includes(0)) return null;
    const text = new TextDecoder('utf-8', { fatal: true, ignoreBOM: false }).decode(bytes);
    return text.split(/\r\n|\r|\n/);
  } catch {
    return null;
  }
}

function clip(number: number, text: string, highlight: boolean, column: number, max: number): ExcerptLine {
  const result: ExcerptLine = { number, text, highlight };
  if (text.length > max) {
    const center = column >= 1 ? column - 1 : 0;
    const start = Math.max(0, Math.min(center - Math.floor(max / 2), text.length - max));
    result.text = text.slice(start, start + max);
    if (start > 0) result.clippedStart = true;
    if (start + max < text.length) result.clippedEnd = true;
    if (highlight && column >= 1 && column - 1 >= start && column - 1 < start + max)
      result.column = column - start;
    return result;
  }
  if (highlight && column >= 1 && column <= text.length) result.column = column;
  return result;
}
